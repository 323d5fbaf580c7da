// The single place where a verdict is decided (precedence in sudoku/judge/grading/verdict.hpp).
#include "sudoku/judge/grading/verdict.hpp"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>

namespace sudoku::judge {

namespace {

std::string format(const char* fmt, double a, double b) {
    char buf[128];
    std::snprintf(buf, sizeof buf, fmt, a, b);
    return buf;
}

std::string format(const char* fmt, double a) {
    char buf[128];
    std::snprintf(buf, sizeof buf, fmt, a);
    return buf;
}

std::string signal_text(int sig) {
    const char* name = sigabbrev_np(sig);
    return "signal " + std::to_string(sig) + (name ? std::string(" (SIG") + name + ")" : "");
}

}  // namespace

Outcome decide_verdict(const RunRecord& run, const RunLimits& limits, const OutputFacts& output,
                       const std::function<CheckResult()>& check) {
    // 1. Judge fault: the facts of this run are void, the contestant is not to blame.
    if (!run.error.empty()) return {Verdict::FAIL, "judge fault: " + run.error};

    // 2. Memory hard limit: the kernel held the tree at its cgroup limit. A program held there
    // thrashes in reclaim until the CPU limit stops it too, and how soon depends on the machine's
    // load; the limit it hit first is the memory, so the verdict must not follow the load.
    const double peak_mib = static_cast<double>(run.peak_kib) / 1024.0;
    const auto memory_reason = [&](bool hard) {
        return format("peak memory %.1f MiB > limit %.0f MiB", peak_mib, static_cast<double>(limits.memory_mib)) +
               (hard ? " (memory hard limit hit)" : "");
    };
    if (run.oom) return {Verdict::MLE, memory_reason(true)};

    // 3. Time: CPU (soft limit passed, or stopped at the hard one), then wall.
    if (run.signal && *run.signal == SIGXCPU)
        return {Verdict::TLE, format("killed by SIGXCPU: the kernel's CPU time limit (user and system time) for a "
                                     "CPU limit of %.3f s",
                                     limits.cpu_s)};
    if (run.killed_by == KilledBy::cpu || run.cpu_s > limits.cpu_s)
        return {Verdict::TLE, format("CPU time %.3f s > limit %.3f s", run.cpu_s, limits.cpu_s) +
                                  (run.killed_by == KilledBy::cpu ? " (stopped)" : "")};
    // The absolute cap counts the wait for a CPU too: a program that keeps itself waiting (the idle
    // scheduling class) never reaches the wall limit below.
    if (run.killed_by == KilledBy::wall_cap)
        return {Verdict::TLE,
                format("wall time %.3f s reached the absolute cap %.3f s", run.wall_s, limits.wall_cap_or_default()) +
                    format(", %.3f s of it waiting for a CPU (stopped)", run.waited_s)};
    // The wall time counts what the program did (ran, slept, blocked), not its wait for a CPU that
    // the machine's load kept from it.
    const double wall_limit = limits.wall_or_default();
    const double wall_counted = std::max(0.0, run.wall_s - run.waited_s);
    if (run.killed_by == KilledBy::wall || wall_counted > wall_limit)
        return {Verdict::TLE,
                format("wall time %.3f s > limit %.3f s (sleeping or blocked)", wall_counted, wall_limit) +
                    (run.waited_s >= 0.001 ? format(", besides %.3f s waiting for a CPU", run.waited_s) : "") +
                    (run.killed_by == KilledBy::wall ? " (stopped)" : "")};

    // 4. Memory soft limit: the peak passed it without reaching the hard one.
    if (peak_mib > static_cast<double>(limits.memory_mib)) return {Verdict::MLE, memory_reason(false)};
    // Under LemonLime's address-space rule an allocation past the limit fails, and the program
    // ends by abort (C++'s std::bad_alloc) or SIGKILL: LemonLime calls both MLE, and so do we.
    if (limits.memory_rule == MemoryRule::address_space && run.signal && run.killed_by == KilledBy::none &&
        (*run.signal == SIGABRT || *run.signal == SIGKILL))
        return {Verdict::MLE, "killed by " + signal_text(*run.signal) + " under the address-space limit of " +
                                  std::to_string(limits.memory_mib) + " MiB (LemonLime's memory rule)"};

    // 5. Runtime error. SIGXFSZ is the output limit's own signal, and a kill by the runner for the
    // files' total size is the same limit: both judged as OLE below.
    const bool output_stopped = run.killed_by == KilledBy::output;
    if (run.signal && *run.signal != SIGXFSZ && !output_stopped)
        return {Verdict::RE, "killed by " + signal_text(*run.signal)};
    if (run.exit_code && *run.exit_code != 0) return {Verdict::RE, "exit code " + std::to_string(*run.exit_code)};

    // 6. Output limit.
    long long limit_bytes = limits.output_kib * 1024;
    if (output_stopped)
        return {Verdict::OLE, "files written in the work directory exceed a few times the output limit of " +
                                  std::to_string(limits.output_kib) + " KiB (stopped)"};
    if ((run.signal && *run.signal == SIGXFSZ) || output.size_bytes > limit_bytes)
        return {Verdict::OLE, "output larger than the limit of " + std::to_string(limits.output_kib) + " KiB"};

    // 7. No output file.
    if (!output.present)
        return {Verdict::MISSING, "no output file" + (output.missing_hint.empty() ? "" : "; " + output.missing_hint)};

    // 8. The checker.
    CheckResult c = check();
    switch (c.kind) {
        case CheckResult::Kind::accepted:
            return {Verdict::AC, c.message, 1, c.score};
        case CheckResult::Kind::partial:
            return {Verdict::PC, c.message, c.fraction, c.score};
        case CheckResult::Kind::wrong:
            return {Verdict::WA, c.message};
        case CheckResult::Kind::presentation:
            return {Verdict::PE, c.message};
        case CheckResult::Kind::fail:
            break;
    }
    return {Verdict::FAIL, "checker failed: " + c.message};
}

}  // namespace sudoku::judge
