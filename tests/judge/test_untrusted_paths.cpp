// The judge trusts no path a config gives it: the box's input and output are file
// names in the box, never host files; a testlib checker gets absolute file names wherever the
// judge was started from.
#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"

using namespace judge_test;

namespace {

// The sum contest with line `from` of its problem config replaced by `to`.
fs::path sum_contest_with(const fs::path& dir, const std::string& from, const std::string& to) {
    const fs::path contest = write_sum_contest(dir);
    std::string config = read_text(dir / "testdata/sum/config.yaml");
    REQUIRE(config.find(from) != std::string::npos);
    config.replace(config.find(from), from.size(), to);
    write_text(dir / "testdata/sum/config.yaml", config);
    return contest;
}

}  // namespace

TEST_CASE("untrusted paths: an absolute input: is refused with file:line and the host file is not overwritten") {
    const fs::path dir = scratch("abs-input");
    write_text(dir / "host.txt", "precious\n");
    sum_contest_with(dir, "input: sudoku.in", "input: " + (dir / "host.txt").string());
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains((dir / "testdata/sum/config.yaml").string() + ":3:"));
    CHECK(read_text(dir / "host.txt") == "precious\n");
    CHECK(!fs::exists(dir / "out/results.json"));
}

TEST_CASE("untrusted paths: an output: naming a host file that holds the answer is refused, not graded AC") {
    const fs::path dir = scratch("host-output");
    write_text(dir / "host.out", "3\n");  // test 01's answer: a program that writes nothing must not get AC
    sum_contest_with(dir, "output: sudoku.out", "output: " + (dir / "host.out").string());
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains((dir / "testdata/sum/config.yaml").string() + ":4:"));
    CHECK(!fs::exists(dir / "out/results.json"));
}

TEST_CASE("untrusted paths: a relative contest path with a testlib checker beside its config grades AC, not FAIL") {
    const fs::path dir = scratch("testlib-relative");
    write_sum_contest(dir);
    fs::create_directories(dir / "configs");
    fs::copy_file(SUDOKU_TEST_CHECKER, dir / "configs/tokens_checker");
    std::string config = read_text(dir / "testdata/sum/config.yaml");
    config.replace(config.find("checker: tokens"), 15, "checker: tokens_checker");
    write_text(dir / "configs/sum.yaml", config);
    write_text(dir / "contest.yaml",
               "name: Sum contest\nproblems:\n  - config: configs/sum.yaml\n    testdata: testdata/sum\njobs: 1\n");
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    INFO(r.err);
    CHECK(r.status == 0);
    const auto results = nlohmann::json::parse(read_text(dir / "out/results.json"));
    for (const auto& c : results["contestants"])
        if (c["name"] == "alice")
            for (const auto& t : c["problems"][0]["tests"]) {
                INFO(t.dump());
                CHECK(t["verdict"] == "AC");
            }
    CHECK(r.out.find("alice") != std::string::npos);
}
