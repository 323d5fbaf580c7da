// The verdict does not follow the machine's load. A CPU-bound program on a busy core waits for the
// CPU, and that wait grows its wall time with the load, not with anything the program does: the
// wall limit leaves it out (the record's `waited`), while a program that sleeps keeps its whole
// wall time against the limit.
#include <sched.h>
#include <unistd.h>

#include <atomic>
#include <thread>
#include <vector>

#include "judge_fixture.hpp"
#include "sudoku/judge/grading/verdict.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "support/skip.hpp"

using namespace sudoku::judge;
using namespace judge_test;

namespace {

// Busy loops pinned to one core for as long as they live: that core's load, made by the test.
class BusyCore {
public:
    BusyCore(int core, int loops) {
        for (int i = 0; i < loops; ++i)
            threads_.emplace_back([this, core] {
                cpu_set_t set;
                CPU_ZERO(&set);
                CPU_SET(core, &set);
                sched_setaffinity(0, sizeof set, &set);
                volatile unsigned long x = 0;
                while (!stop_.load(std::memory_order_relaxed)) x = x + 1;  // volatile: the loop is not optimised away
            });
    }
    ~BusyCore() {
        stop_ = true;
        for (auto& t : threads_) t.join();
    }
    BusyCore(const BusyCore&) = delete;
    BusyCore& operator=(const BusyCore&) = delete;

private:
    std::atomic<bool> stop_{false};
    std::vector<std::thread> threads_;
};

RunRequest request_in(const fs::path& box, const std::string& file, std::vector<std::string> argv) {
    fs::remove_all(box);
    fs::create_directories(box);
    fs::copy_file(program(file), box / "prog");
    RunRequest r;
    r.work_dir = box;
    r.argv = std::move(argv);
    r.core = 0;
    r.limits.cpu_s = 1;  // the wall limit by default: 2 x 1 + 1 = 3 s
    return r;
}

// Runs `program` (0.6 s of CPU, its own or its child's) pinned to a core shared with five busy
// loops: a sixth of the core, so about 3.6 s of wall time against a 3 s wall limit. The absolute cap
// (11 s by default) counts the wait; a machine busy besides the loops can make the run wait longer,
// and the cap is not what these tests are about.
void check_not_a_wall_tle(const std::string& program, const std::string& folder) {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's namespaces and cgroups need root here");
    RunRequest r = request_in(scratch(folder) / "box", program, {"./prog", "0.6"});
    r.limits.wall_cap_s = 120;
    RunRecord record;
    {
        BusyCore busy(0, 5);
        record = run_sandboxed(r);
    }
    INFO(record.error << "; cpu " << record.cpu_s << " s, wall " << record.wall_s << " s, waited " << record.waited_s
                      << " s, killed by " << to_string(record.killed_by));
    REQUIRE(record.error.empty());
    CHECK(record.killed_by == KilledBy::none);
    CHECK(record.exit_code == 0);
    CHECK(record.waited_s > 0);
    CHECK(record.wall_s - record.waited_s < r.limits.wall_or_default());
    const Outcome o = decide_verdict(record, r.limits, OutputFacts{}, [] { return CheckResult::accepted(); });
    INFO(o.reason);
    CHECK(o.verdict != Verdict::TLE);
}

}  // namespace

TEST_CASE("loaded machine: a program using 0.6 s of CPU on a core shared with five busy loops is not a wall TLE",
          "[serial]") {
    check_not_a_wall_tle("cpu_burn.c", "loaded-core");
}

TEST_CASE("loaded machine: a child using 0.6 s of CPU on a shared core while its parent waits is not a wall TLE",
          "[serial]") {
    // A compiler driver waiting for its compiler, a program that forks its work: the wait for a CPU
    // is its children's, not the first process's.
    check_not_a_wall_tle("child_burn.c", "loaded-core-child");
}

TEST_CASE("loaded machine: a program that sleeps past the wall limit is stopped by it, its sleep counted whole",
          "[serial]") {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's namespaces and cgroups need root here");
    const fs::path dir = scratch("sleeping-past-wall");
    fs::create_directories(dir / "box");
    RunRequest r;
    r.work_dir = dir / "box";
    r.argv = {"/bin/sleep", "10"};
    r.limits.cpu_s = 0.2;  // the wall limit by default: 1.4 s
    const RunRecord record = run_sandboxed(r);
    INFO(record.error << "; wall " << record.wall_s << " s, waited " << record.waited_s << " s");
    REQUIRE(record.error.empty());
    CHECK(record.killed_by == KilledBy::wall);
    CHECK(record.waited_s < 0.5);
    const Outcome o = decide_verdict(record, r.limits, OutputFacts{}, [] { return CheckResult::accepted(); });
    CHECK(o.verdict == Verdict::TLE);
}

TEST_CASE("loaded machine: a program that asks for the idle scheduling class on a busy core still ends, as TLE",
          "[serial]") {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's namespaces and cgroups need root here");
    const fs::path dir = scratch("idle-class");
    RunRequest r = request_in(dir / "box", "idle_spin.c", {"./prog"});
    r.limits.cpu_s = 0.5;
    RunRecord record;
    {
        // Were the idle class granted, the program would get a few thousandths of the core: its CPU
        // time would not reach the limit for minutes, and its wall time would be all waiting.
        BusyCore busy(0, 1);
        record = run_sandboxed(r);
    }
    INFO(record.error << "; cpu " << record.cpu_s << " s, wall " << record.wall_s << " s, waited " << record.waited_s
                      << " s, killed by " << to_string(record.killed_by));
    REQUIRE(record.error.empty());
    CHECK(record.killed_by != KilledBy::none);
    const Outcome o = decide_verdict(record, r.limits, OutputFacts{}, [] { return CheckResult::accepted(); });
    INFO(o.reason);
    CHECK(o.verdict == Verdict::TLE);
}
