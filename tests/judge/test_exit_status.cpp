// sudoku-judge's exit statuses (sudoku/common/exit_status.hpp, docs/exit-status.md): grade and merge exit 0
// all graded, 3 graded but some results are FAIL (the judge's fault, counted on the summary's last
// line), 2 bad input or setup; doctor and status exit 4 when what they check is found wanting, never
// 1, which only the program's own failure means.
#include <unistd.h>

#include "judge_fixture.hpp"
#include "sudoku/common/exit_status.hpp"

using namespace judge_test;

namespace {

// The sum contest with a checker that fails (exit 3, testlib's FAIL) on every test.
void write_contest_with_broken_checker(const fs::path& dir) {
    write_sum_contest(dir);
    write_text(dir / "testdata/sum/broken_checker", "#!/bin/sh\necho 'checker broken' >&2\nexit 3\n");
    fs::permissions(dir / "testdata/sum/broken_checker",
                    fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec | fs::perms::others_read);
    std::string config = read_text(dir / "testdata/sum/config.yaml");
    config.replace(config.find("checker: tokens"), 15, "checker: broken_checker");
    write_text(dir / "testdata/sum/config.yaml", config);
}

}  // namespace

TEST_CASE("exit status: a contest whose checker fails on every test is graded and exits 3, counting the FAILs") {
    const fs::path dir = scratch("exit-3");
    write_contest_with_broken_checker(dir);
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    INFO(r.err);
    CHECK(r.status == 3);
    CHECK(fs::exists(dir / "out/results.json"));
    // alice, bob and carol compile and run 4 tests each; dave is CE and erin missing.
    CHECK_THAT(r.out, Catch::Contains("judge faults: 12 result(s) are FAIL"));
}

TEST_CASE(
    "exit status: a shard whose checker fails on every test exits 3 too, and merge of it exits 3 without running a "
    "test") {
    const fs::path dir = scratch("exit-3-shard");
    write_contest_with_broken_checker(dir);
    const CliRun shard = judge_in(dir, "grade contest.yaml --shard 0/1 --out shard-0");
    INFO(shard.err);
    CHECK(shard.status == 3);  // exited 0 before: a cluster's shard hid its judge faults
    CHECK_THAT(shard.out, Catch::Contains("judge faults: 12 result(s) of this shard are FAIL"));
    const CliRun merged = judge_in(dir, "merge contest.yaml --out merged shard-0");
    INFO(merged.err);
    CHECK(merged.status == 3);
    // merge only assembles: the FAIL records are the shard's, none run again on the merging node
    // (merge ended with grade() before, which re-ran the 12 FAIL tests: 24 test lines).
    auto test_lines = [](const std::string& journal) {
        size_t n = 0;
        const std::string record = "\"test\":{";  // a test record's key (its test's name is a string)
        for (size_t at = journal.find(record); at != std::string::npos; at = journal.find(record, at + 1)) ++n;
        return n;
    };
    CHECK(test_lines(read_text(dir / "merged/journal.jsonl")) == 12);
    CHECK(test_lines(read_text(dir / "shard-0/journal.jsonl")) == 12);
}

TEST_CASE("exit status: a contest graded without a fault exits 0 and prints no fault line") {
    const fs::path dir = scratch("exit-0");
    write_sum_contest(dir);
    const CliRun r = judge_in(dir, "grade contest.yaml --out out");
    CHECK(r.status == 0);
    CHECK(r.out.find("judge faults") == std::string::npos);
}

TEST_CASE("exit status: doctor without its runner marks the sandbox MISSING and exits 4, found wanting, not 1") {
    // A judge with no sudoku-sandbox in the libexec folder of its prefix, outside the build tree (a
    // judge inside the build tree runs the runner its build made).
    const fs::path dir = fs::temp_directory_path() / ("sudoku-exit-4-doctor-" + std::to_string(getpid()));
    fs::remove_all(dir);
    const fs::path lone = dir / "alone/bin/sudoku-judge";
    fs::create_directories(lone.parent_path());
    fs::copy_file(judge_cli(), lone);
    const fs::path out = dir / "doctor.out";
    const int raw = std::system(("'" + lone.string() + "' doctor --json >'" + out.string() + "' 2>/dev/null").c_str());
    REQUIRE(WIFEXITED(raw));
    CHECK(WEXITSTATUS(raw) == sudoku::exit_found_wanting);  // 1 before, which also meant an internal error
    const nlohmann::json report = nlohmann::json::parse(read_text(out));
    CHECK(report["every_protection"] == false);
    CHECK(report["items"][0]["name"] == "sandbox");
    CHECK(report["items"][0]["level"] == "missing");
    fs::remove_all(dir);
}
