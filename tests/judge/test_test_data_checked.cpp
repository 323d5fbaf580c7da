// The test data is checked before anything is graded: every listed .in and .ans exists
// and has the manifest's sha256. A missing .ans was found only while grading, as a FAIL on every
// run of every contestant, and the judge exited 0.
#include "judge_fixture.hpp"
#include "sudoku/common/sha256.hpp"

using namespace judge_test;

namespace {

// The sum contest with the sha256 of every file in its manifest, as sudoku-gen writes them.
void add_hashes(const fs::path& dir) {
    std::string manifest = read_text(dir / "testdata/sum/manifest.json");
    for (const char* test : {"01", "02", "03", "04"}) {
        const std::string in = std::string(test) + ".in\"", ans = std::string(test) + ".ans\"";
        const auto at_in = manifest.find(in) + in.size();
        manifest.insert(at_in, ", \"sha256_input\": \"" +
                                   sudoku::sha256_hex(read_text(dir / "testdata/sum" / (std::string(test) + ".in"))) +
                                   "\"");
        const auto at_ans = manifest.find(ans) + ans.size();
        manifest.insert(at_ans, ", \"sha256_answer\": \"" +
                                    sudoku::sha256_hex(read_text(dir / "testdata/sum" / (std::string(test) + ".ans"))) +
                                    "\"");
    }
    write_text(dir / "testdata/sum/manifest.json", manifest);
}

}  // namespace

TEST_CASE("test data: a missing .ans stops the judge before grading with exit 2, naming the file") {
    const fs::path dir = scratch("missing-ans");
    write_sum_contest(dir);
    fs::remove(dir / "testdata/sum/03.ans");
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains((dir / "testdata/sum/03.ans").string()) && Catch::Contains("missing"));
    CHECK(!fs::exists(dir / "out/journal.jsonl"));
}

TEST_CASE("test data: an .in or .ans whose sha256 differs from the manifest's is refused before grading") {
    const fs::path dir = scratch("changed-test");
    write_sum_contest(dir);
    add_hashes(dir);
    REQUIRE(std::holds_alternative<sudoku::judge::Contest>(sudoku::judge::load_contest(dir / "contest.yaml")));
    for (const char* file : {"02.in", "04.ans"}) {
        INFO(file);
        const std::string before = read_text(dir / "testdata/sum" / file);
        write_text(dir / "testdata/sum" / file, "7\n");
        auto loaded = sudoku::judge::load_contest(dir / "contest.yaml");
        REQUIRE(std::holds_alternative<sudoku::Diagnostic>(loaded));
        CHECK(std::get<sudoku::Diagnostic>(loaded).file == (dir / "testdata/sum" / file).string());
        CHECK_THAT(std::get<sudoku::Diagnostic>(loaded).message, Catch::Contains("sha256"));
        write_text(dir / "testdata/sum" / file, before);
    }
}

TEST_CASE("test data: a manifest naming a file outside its folder is refused") {
    const fs::path dir = scratch("manifest-path");
    write_sum_contest(dir);
    std::string manifest = read_text(dir / "testdata/sum/manifest.json");
    manifest.replace(manifest.find("\"01.ans\""), 8, "\"../../contestants/alice/sum.c\"");
    write_text(dir / "testdata/sum/manifest.json", manifest);
    auto loaded = sudoku::judge::load_contest(dir / "contest.yaml");
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(loaded));
    CHECK_THAT(std::get<sudoku::Diagnostic>(loaded).message, Catch::Contains("not a file name"));
}
