// The verdict of a program that reaches its memory limit does not depend on the machine's load:
// held at the cgroup limit, a program thrashes in reclaim until the CPU limit stops it, and on a
// loaded machine that came first (frank's 512 MiB was TLE at load 7-17). The hard limit hit is MLE.
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <vector>

#include "judge_fixture.hpp"
#include "sudoku/judge/grading/verdict.hpp"

using namespace judge_test;
using sudoku::judge::Verdict;
using sudoku::judge::verdict_name;

namespace {

std::string describe(const sudoku::judge::TestResult& r) {
    return std::string(verdict_name(r.verdict)) + ": " + r.reason + " (cpu " + std::to_string(r.cpu_s) + " s, " +
           std::to_string(r.peak_kib) + " KiB)";
}

// A busy loop on every CPU this process may use, for as long as it lives.
class CpuLoad {
public:
    CpuLoad() {
        cpu_set_t allowed;
        CPU_ZERO(&allowed);
        int cpus = sched_getaffinity(0, sizeof allowed, &allowed) == 0 ? CPU_COUNT(&allowed) : 2;
        for (int i = 0; i < cpus; ++i) {
            pid_t pid = fork();
            if (pid == 0) {
                volatile unsigned long n = 0;
                for (;;) n = n + 1;  // volatile: the loop is not optimised away
            }
            if (pid > 0) spinners_.push_back(pid);
        }
    }
    ~CpuLoad() {
        for (pid_t pid : spinners_) kill(pid, SIGKILL);
        for (pid_t pid : spinners_) waitpid(pid, nullptr, 0);
    }
    CpuLoad(const CpuLoad&) = delete;
    CpuLoad& operator=(const CpuLoad&) = delete;

private:
    std::vector<pid_t> spinners_;
};

// frank of the example contest (512 MiB touched), compiled once.
fs::path frank() {
    static const fs::path binary = [] {
        fs::path build = scratch("frank-build");
        auto result =
            sudoku::judge::compile_source(fs::path(SUDOKU_SOURCE_DIR) / "examples/contest/contestants/frank/target.cpp",
                                          build, "prog", sudoku::judge::CompileSettings{});
        INFO(result.message);
        REQUIRE(result.ok);
        return result.binary;
    }();
    return binary;
}

// The example's target limits: 1.5 s of CPU, 128 MiB.
sudoku::judge::TestResult judge_frank(const SumProblem& s) {
    static sudoku::judge::SandboxSession session;
    auto problem = s.problem;
    problem.config.time_limit_s = 1.5;
    problem.config.memory_limit_mib = 128;
    auto slot = slot_in(s.dir);
    slot.session = &session;
    return sudoku::judge::judge_test(problem, problem.tests[0], frank(), slot);
}

bool sandbox_has_cgroups() { return geteuid() == 0; }

}  // namespace

TEST_CASE("a memory hog is MLE with every core busy, as at rest, and frank's 512 MiB is MLE at rest", "[serial]") {
    if (!sandbox_has_cgroups()) {
        WARN("skipped: the memory hard limit is a cgroup's, which needs root");
        std::exit(77);
    }
    auto s = sum_problem(scratch("mle-under-load"));
    s.problem.config.time_limit_s = 1;  // the limit a hostile hog was TLE under at load 7-17
    const auto hog_at_rest = judge(s, "hog.c");
    const auto frank_at_rest = judge_frank(s);
    INFO("at rest: hog " << describe(hog_at_rest) << "; frank " << describe(frank_at_rest));
    CHECK(hog_at_rest.verdict == Verdict::MLE);
    CHECK(frank_at_rest.verdict == Verdict::MLE);

    // frank under this load is not checked: starved of CPU it meets the wall limit before its
    // memory limit (TLE "sleeping or blocked" at 0.14 s of CPU), which no memory rule can decide.
    CpuLoad load;
    for (int round = 0; round < 3; ++round) {
        const auto hog = judge(s, "hog.c");
        INFO("loaded, round " << round << ": hog " << describe(hog));
        CHECK(hog.verdict == hog_at_rest.verdict);
    }
}
