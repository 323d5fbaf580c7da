// A compiled program is part of what the judge authenticates: its SHA-256 is journaled (and, in a
// shard, tagged with the records) when it is compiled, checked before every run and at merge. A
// program swapped in build/ afterwards (build/ may be on shared storage) is compiled again or
// refused, never graded as the contestant's.
#include <sstream>

#include "durable_fixture.hpp"
#include "sudoku/common/sha256.hpp"

using namespace judge_test;
using Json = nlohmann::json;

namespace {

double total_of(const fs::path& results, const std::string& name) {
    const Json parsed = Json::parse(read_text(results));
    for (const auto& c : parsed["contestants"])
        if (c["name"] == name) return c["total"].get<double>();
    return -1;
}

// The journal as a kill right after the compile phase leaves it: compile records, no test results.
void keep_only_compiles(const fs::path& journal) {
    std::istringstream lines(read_text(journal));
    std::string kept;
    for (std::string line; std::getline(lines, line);)
        if (!Json::parse(line).contains("test")) kept += line + "\n";
    write_text(journal, kept);
}

void swap_in_999(const fs::path& binary) {
    REQUIRE(fs::exists(binary));
    fs::copy_file(program("prints_999.c"), binary, fs::copy_options::overwrite_existing);
}

}  // namespace

TEST_CASE("program digest: a binary swapped after its compile is compiled again on resume with its scores unchanged") {
    const fs::path dir = scratch("digest-resume");
    const fs::path contest = write_sum_contest(dir);
    REQUIRE(run_judge("grade " + contest.string() + " --out " + (dir / "out").string(), dir / "first") == 0);
    REQUIRE(total_of(dir / "out/results.json", "alice") == 100);
    keep_only_compiles(dir / "out/journal.jsonl");
    swap_in_999(dir / "out/build/alice/sum/sum");

    CHECK(run_judge("grade " + contest.string() + " --out " + (dir / "out").string(), dir / "resumed") == 0);
    CHECK(total_of(dir / "out/results.json", "alice") == 100);
    CHECK(total_of(dir / "out/results.json", "carol") == 40);
}

TEST_CASE("program digest: a box copy that is not the journaled program is a judge fault, not a verdict") {
    const fs::path dir = scratch("digest-run");
    const SumProblem s = sum_problem(dir);
    sudoku::judge::Program swapped{program("prints_999.c")};
    swapped.sha256 = *sudoku::sha256_file_hex(program("sum.c"));  // what was compiled
    const auto r = sudoku::judge::judge_program(s.problem, s.problem.tests[0], swapped, slot_in(dir));
    CHECK(r.verdict == sudoku::judge::Verdict::FAIL);
    CHECK_THAT(r.reason, Catch::Contains("SHA-256"));

    sudoku::judge::Program right{program("sum.c")};
    right.sha256 = *sudoku::sha256_file_hex(program("sum.c"));
    CHECK(sudoku::judge::judge_program(s.problem, s.problem.tests[0], right, slot_in(dir)).verdict ==
          sudoku::judge::Verdict::AC);
}

TEST_CASE("program digest: merge refuses a shard whose kept binary is not the one its records were run with") {
    const fs::path dir = scratch("digest-merge");
    const fs::path contest = write_sum_contest(dir);
    const fs::path shard = dir / "s0";
    REQUIRE(run_judge("grade " + contest.string() + " --jobs 1 --shard 0/1 --out " + shard.string(), dir / "grade") ==
            0);
    const std::string merge =
        "merge " + contest.string() + " --out " + (dir / "merged").string() + " " + shard.string();
    swap_in_999(shard / "build/alice/sum/sum");
    CHECK(run_judge(merge, dir / "merge") == 2);
    CHECK_THAT(read_text(dir / "merge.stderr"), Catch::Contains((shard / "build/alice/sum/sum").string()));
    CHECK_FALSE(fs::exists(dir / "merged"));
}
