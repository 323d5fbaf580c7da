// The one function that decides a test's verdict (the verdicts: sudoku/judge/output/results.hpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/judge/checkers/checkers.hpp"
#include "sudoku/judge/output/results.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"

namespace sudoku::judge {

struct Outcome {
    Verdict verdict = Verdict::FAIL;
    std::string reason;                // the limit that fired, signal, exit code, checker message...
    double fraction = 0;               // share of the test's points earned: 1 for AC, the checker's for PC
    std::optional<double> score = {};  // the checker's own score of the test (CheckResult::score)
};

// What the judge saw of the program's output after the run.
struct OutputFacts {
    bool present = true;  // the output file exists (always true for stdout)
    long long size_bytes = 0;
    std::string missing_hint;  // what the program wrote instead, for the MISSING reason
};

// The single place where a verdict is decided. Precedence, first match wins:
//   1. FAIL (the run itself failed)
//   2. MLE: the memory hard limit was hit (the record's oom), even when the CPU limit also stopped
//      the run: a program held at its cgroup limit thrashes until the CPU limit fires, sooner or
//      later with the machine's load, so the time it used there is not its own
//   3. TLE (CPU, then wall)
//   4. MLE: the peak above the soft limit without hitting the hard one
//   5. RE (signal, then exit code)  6. OLE  7. MISSING output
//   8. the checker (AC, PC, WA, PE, or FAIL when the checker fails).
// `check` is only called when the run got that far.
Outcome decide_verdict(const RunRecord& run, const RunLimits& limits, const OutputFacts& output,
                       const std::function<CheckResult()>& check);

}  // namespace sudoku::judge
