// Grading a contest: compile every submission, run every test (in parallel, one run per core),
// check, journal, score. The reports are written by sudoku/judge/output/report.hpp.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>

#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/output/results.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"

namespace sudoku::judge {

// Where and how one test runs.
struct RunSlot {
    std::filesystem::path dir;                          // private to this slot: box/, stdout, checker scratch
    int core = -1;                                      // pinned core, -1 for none
    std::vector<std::filesystem::path> read_only_dirs;  // CONTEST.yaml read_only_dirs, for runs and checkers
    long long stack_mib = -1;
    bool namespaces = true, cgroups = true;
    SandboxSession* session = nullptr;        // the slot's long-lived runner; null: one runner per run
    const std::atomic<bool>* stop = nullptr;  // set: the run in progress is interrupted
};

// Runs `binary` on one test of `problem` and decides the verdict: a fresh box holding only the
// input (or the input on stdin), limits from the problem config, the checker on the pristine files.
TestResult judge_test(const ContestProblem& problem, const TestCase& test, const std::filesystem::path& binary,
                      const RunSlot& slot);

// What runs in the box: a binary (copied as ./prog) or a folder of files (an interpreted
// language's sources), with the command and the language's time multiplier.
struct Program {
    std::filesystem::path path;
    std::vector<std::string> argv = {"./prog"};
    double time_multiplier = 1;
    std::string sha256{};  // when set, its copy in the box must have this SHA-256, or the run is a judge fault
};

// judge_test for any program.
TestResult judge_program(const ContestProblem& problem, const TestCase& test, const Program& program,
                         const RunSlot& slot);

// The limits a problem's config gives a run.
RunLimits limits_of(const ProblemConfig& config, long long stack_mib);

struct GradeOptions {
    std::filesystem::path out_dir = "judge-out";
    int jobs = 0;  // 0: the contest's
    bool namespaces = true, cgroups = true;
    std::ostream* progress = nullptr;   // live progress lines
    bool progress_is_terminal = false;  // redraw one line instead of printing one per test
    std::ostream* notices = nullptr;    // notes the host must see (an older journal graded again)
    // Called after each journaled test (tests use it to kill the judge at a chosen moment).
    std::function<void(int done, int total)> on_test_done;
    // Set (by a signal, say) while grading: the runs in progress are stopped and not journaled, no
    // new one starts, and grade() throws GradingInterrupted once every slot is idle. The journal
    // then holds whole records only, and the same command resumes.
    const std::atomic<bool>* stop = nullptr;
    // Set: only the (contestant, problem) pairs it accepts are compiled, run and counted in the
    // progress (a shard's, a calibration's); the others stay "not graded".
    std::function<bool(const std::string& contestant, const std::string& problem)> selected;
};

struct GradingInterrupted : std::runtime_error {
    GradingInterrupted() : std::runtime_error("grading interrupted: the journal holds every finished result") {}
};

// Grades everything not already in DIR/journal.jsonl and returns the scored, ranked results.
ContestResults grade(const Contest& contest, const GradeOptions& options);

class Journal;
// The scored, ranked results of what `journal` holds for this contest, in contest order (what
// grade returns at its end; a merge of shard journals can use it the same way).
// Its protections are the weakest its journaled runs had, `probed` when none is journaled.
ContestResults assemble_results(const Contest& contest, const Journal& journal, const Protections& probed);

}  // namespace sudoku::judge
