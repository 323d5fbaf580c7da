// decide_verdict: the precedence FAIL > MLE (hard limit hit) > TLE > MLE (soft) > RE > OLE > MISSING >
// checker, on records
// made by hand (the sandbox tests show the records are real).
#include <catch2/catch.hpp>
#include <csignal>

#include "sudoku/judge/grading/verdict.hpp"

using namespace sudoku::judge;

namespace {
RunRecord clean_exit() {
    RunRecord r;
    r.exit_code = 0;
    r.cpu_s = 0.1;
    r.wall_s = 0.1;
    r.peak_kib = 1024;
    return r;
}
const RunLimits kLimits{.cpu_s = 1, .wall_s = 3, .memory_mib = 64, .stack_mib = -1, .output_kib = 64, .processes = 8};
bool checker_called = false;
CheckResult accept() {
    checker_called = true;
    return CheckResult::accepted();
}
Outcome decide(const RunRecord& r, OutputFacts f = {}) { return decide_verdict(r, kLimits, f, accept); }
}  // namespace

TEST_CASE("precedence: a runner fault is FAIL whatever else the record says") {
    RunRecord r = clean_exit();
    r.error = "cannot mount /proc";
    r.killed_by = KilledBy::cpu;
    r.oom = true;
    CHECK(decide(r).verdict == Verdict::FAIL);
}

TEST_CASE("precedence: a program that hit the memory hard limit is MLE even when the CPU limit stopped it") {
    // Held at its cgroup limit, a program thrashes in reclaim until the CPU limit fires: how soon
    // depends on the machine's load, so the verdict must not.
    RunRecord r = clean_exit();
    r.cpu_s = 1.124;
    r.killed_by = KilledBy::cpu;
    r.oom = true;
    r.exit_code.reset();
    r.signal = SIGKILL;
    r.peak_kib = 80 * 1024;
    auto o = decide(r);
    CHECK(o.verdict == Verdict::MLE);
    CHECK(o.reason.find("memory hard limit hit") != std::string::npos);
}

TEST_CASE("precedence: a program stopped by CPU without touching the memory limit stays TLE") {
    RunRecord r = clean_exit();
    r.cpu_s = 1.2;
    r.killed_by = KilledBy::cpu;
    r.exit_code.reset();
    r.signal = SIGKILL;
    auto o = decide(r);
    CHECK(o.verdict == Verdict::TLE);
    CHECK(o.reason.find("CPU time 1.200 s > limit 1.000 s") != std::string::npos);
}

TEST_CASE("precedence: TLE beats a peak above the soft memory limit and RE") {
    RunRecord r = clean_exit();
    r.cpu_s = 1.2;
    r.peak_kib = 65 * 1024;
    r.exit_code.reset();
    r.signal = SIGKILL;
    auto o = decide(r);
    CHECK(o.verdict == Verdict::TLE);
    CHECK(o.reason.find("CPU time 1.200 s > limit 1.000 s") != std::string::npos);
}

TEST_CASE("precedence: the wall limit is TLE too and says wall") {
    RunRecord r = clean_exit();
    r.wall_s = 3.5;
    auto o = decide(r);
    CHECK(o.verdict == Verdict::TLE);
    CHECK(o.reason.find("wall") != std::string::npos);
}

TEST_CASE("precedence: an OOM kill is MLE and not RE") {
    RunRecord r = clean_exit();
    r.exit_code.reset();
    r.signal = SIGKILL;
    r.oom = true;
    r.peak_kib = 80 * 1024;
    CHECK(decide(r).verdict == Verdict::MLE);
}

TEST_CASE("precedence: a peak above the soft memory limit is MLE even after a clean exit") {
    RunRecord r = clean_exit();
    r.peak_kib = 65 * 1024;
    CHECK(decide(r).verdict == Verdict::MLE);
}

TEST_CASE("precedence: RE beats OLE and a missing file") {
    RunRecord r = clean_exit();
    r.exit_code = 1;
    CHECK(decide(r, OutputFacts{false, 100 * 1024, ""}).verdict == Verdict::RE);
}

TEST_CASE("precedence: SIGXFSZ is OLE and not RE") {
    RunRecord r = clean_exit();
    r.exit_code.reset();
    r.signal = SIGXFSZ;
    CHECK(decide(r).verdict == Verdict::OLE);
}

TEST_CASE("precedence: the checker is only asked when nothing else fired") {
    checker_called = false;
    RunRecord r = clean_exit();
    r.exit_code = 2;
    decide(r);
    CHECK_FALSE(checker_called);
    CHECK(decide(clean_exit()).verdict == Verdict::AC);
    CHECK(checker_called);
}

TEST_CASE("precedence: a missing output file comes before the checker") {
    auto o = decide(clean_exit(), OutputFacts{false, 0, "it wrote: Sudoku.out"});
    CHECK(o.verdict == Verdict::MISSING);
    CHECK(o.reason.find("Sudoku.out") != std::string::npos);
}

TEST_CASE("precedence: a failing checker is FAIL") {
    auto o = decide_verdict(clean_exit(), kLimits, {}, [] { return CheckResult::fail("bad answer file"); });
    CHECK(o.verdict == Verdict::FAIL);
}

TEST_CASE("precedence: the runner stopping a program for its files' total size is OLE, not RE by SIGKILL") {
    RunRecord r = clean_exit();
    r.exit_code.reset();
    r.signal = SIGKILL;
    r.killed_by = KilledBy::output;
    checker_called = false;
    Outcome o = decide(r);
    CHECK(o.verdict == Verdict::OLE);
    CHECK(o.reason.find("work directory") != std::string::npos);
    CHECK_FALSE(checker_called);
    r.killed_by = KilledBy::cpu;  // time still comes first
    r.cpu_s = 1.2;
    CHECK(decide(r).verdict == Verdict::TLE);
}
