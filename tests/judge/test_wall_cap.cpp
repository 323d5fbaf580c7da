// The wall limit leaves out a program's wait for a CPU; the absolute wall cap does not, so that
// no run goes on for ever whatever the scheduler does with it. A problem sets its own wall limit.
#include <unistd.h>

#include "judge_fixture.hpp"
#include "sudoku/judge/contest/plain_problem.hpp"
#include "sudoku/judge/grading/grader.hpp"
#include "sudoku/judge/grading/verdict.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "support/skip.hpp"

using namespace sudoku::judge;
using namespace judge_test;

TEST_CASE("wall cap: a program still running at the absolute wall cap is stopped there, TLE naming the cap") {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's namespaces and cgroups need root here");
    const fs::path dir = scratch("wall-cap");
    fs::create_directories(dir / "box");
    RunRequest r;
    r.work_dir = dir / "box";
    r.argv = {"/bin/sleep", "30"};
    r.limits.cpu_s = 0.2;
    r.limits.wall_s = 60;  // far beyond the cap: only the cap can stop the sleep
    r.limits.wall_cap_s = 1.5;
    const RunRecord record = run_sandboxed(r);
    INFO(record.error << "; wall " << record.wall_s << " s, waited " << record.waited_s << " s");
    REQUIRE(record.error.empty());
    CHECK(record.killed_by == KilledBy::wall_cap);
    const Outcome o = decide_verdict(record, r.limits, OutputFacts{}, [] { return CheckResult::accepted(); });
    CHECK(o.verdict == Verdict::TLE);
    CHECK_THAT(o.reason, Catch::Contains("absolute cap"));
}

TEST_CASE("wall cap: by default the cap is above the wall limit, at least ten seconds past the CPU limit") {
    RunLimits l;
    l.cpu_s = 1;
    CHECK(l.wall_cap_or_default() >= l.wall_or_default());
    CHECK(l.wall_cap_or_default() >= 11);
    l.cpu_s = 10;
    CHECK(l.wall_cap_or_default() == 31);  // 3 x CPU + 1
    l.wall_s = 100;
    CHECK(l.wall_cap_or_default() == 100);  // never below the wall limit
}

TEST_CASE("wall limit: a problem.yaml sets its own, and the runs of the problem get it") {
    const fs::path dir = scratch("wall-limit");
    write_text(dir / "p/1.in", "1\n");
    write_text(dir / "p/1.ans", "1\n");
    write_text(dir / "p/problem.yaml", "time_limit: 2\nwall_limit: 7.5\n");
    auto loaded = load_plain_problem(dir / "p");
    REQUIRE(std::holds_alternative<ContestProblem>(loaded));
    const RunLimits limits = limits_of(std::get<ContestProblem>(loaded).config, -1);
    CHECK(limits.cpu_s == 2);
    CHECK(limits.wall_s == 7.5);
    write_text(dir / "p/problem.yaml", "time_limit: 2\nwall_limit: 0\n");
    loaded = load_plain_problem(dir / "p");
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(loaded));
    CHECK_THAT(std::get<sudoku::Diagnostic>(loaded).message, Catch::Contains("wall_limit"));
}
