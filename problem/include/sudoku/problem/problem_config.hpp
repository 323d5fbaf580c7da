// A problem as the setter describes it in configs/<problem>.yaml: the one definition of a problem
// that the generator builds test data from and the judge grades against.
//
//   name: target-sudoku            # folder name under testdata/
//   title: Target Sudoku (NOIP 2009)
//   problem: target                # a problem of the solver library (see sudoku/solver/problems.hpp)
//   input: sudoku.in               # or "stdin"; a plain file name (sudoku/common/config_paths.hpp)
//   output: sudoku.out             # or "stdout"; a plain file name
//   time_limit: 1.0                # seconds of CPU
//   memory_limit: 128              # MiB
//   output_limit: 64               # KiB
//   checker: tokens                # tokens | exact | lines | sudoku | path to a testlib checker
//                                  # (absolute, or relative to this file's folder)
//   scoring: per-test              # per-test | per-group (a group scores only when all pass)
//   seed: 20091121
//   samples: [ ... ]               # see the end of this list for the exact form
//   groups:
//     - name: dense
//       count: 4
//       clues: 30..40
//       kind: unique               # unique | solvable | unsolvable
//       hardness: normal           # normal | brute-force
//       symmetry: none             # none | rot180 | rot90 | mirror | diagonal
//       points: 10                 # per test (per-test scoring) or per group (per-group scoring)
//       puzzles: 1                 # puzzles per test file (multi-puzzle formats)
//       max_solutions: 0           # solvable: at most this many completions (0 = any)
//   weights: |                     # target only, optional: 9 lines of 9 integers (default: ring)
//     6 6 6 6 6 6 6 6 6 ...
//   no_completion: none            # target only, optional: the answer when a puzzle has no
//                                  # completion (default -1); one token. Required when the weights
//                                  # let a full grid score -1, and then no reachable score itself
//   count_cap: 1000000             # sudogob only, optional: counts are exact up to this many
//                                  # (sudoku/solver/count.hpp); every max_solutions must stay within it
//   samples:                       # written as sample NN.in / NN.ans, verbatim, in the input format
//     - input: |
//         7 0 0 9 0 0 0 0 1 ...
//
// One parser (load_problem_config) for both readers: the generator builds from the config what
// the judge grades by it, and neither reads a key the other does not.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/common/bounds.hpp"
#include "sudoku/common/diagnostic.hpp"
#include "sudoku/solver/problems.hpp"
#include "sudoku/solver/target.hpp"

namespace sudoku {

// The bounds of every number in a problem config (listed in docs/judge.md, "Limits").
namespace config_bounds {
inline constexpr Bounds<int> kCount{1, 99};
inline constexpr Bounds<int> kPoints{0, 1000000};
inline constexpr Bounds<int> kPuzzles{1, 1000};
inline constexpr Bounds<std::uint64_t> kMaxSolutions{1, 1000000};
inline constexpr Bounds<double> kTimeLimitS{0.01, 300};             // CPU seconds per run
inline constexpr Bounds<double> kWallLimitS{0.01, 900};             // seconds per run, less the wait for a CPU
inline constexpr Bounds<std::int64_t> kMemoryLimitMib{1, 1 << 20};  // up to 1 TiB
inline constexpr Bounds<std::int64_t> kOutputLimitKib{1, 1 << 20};  // up to 1 GiB
inline constexpr Bounds<std::uint64_t> kSeed{0, UINT64_MAX};        // decimal; -1 does not wrap around
inline constexpr Bounds<std::uint64_t> kCountCap{1, kMaxCountCap};
}  // namespace config_bounds

struct TestGroup {
    std::string name;
    int count = 1;
    int min_clues = 0, max_clues = 81;
    std::string kind = "solvable";    // unique | solvable | unsolvable
    std::string hardness = "normal";  // normal | brute-force
    std::string symmetry = "none";
    int points = 0;
    int puzzles = 1;                  // puzzles per test file
    std::uint64_t max_solutions = 0;  // solvable: at most this many completions (0 = any)
    int line = 0;                     // where the group starts in the YAML file, for messages
};

// A sample test as the statement shows it: the input text, verbatim, in the problem's format.
struct Sample {
    std::string input;
    int line = 0;  // where it starts in the YAML file
};

struct ProblemConfig {
    std::filesystem::path source;  // the YAML file it was read from
    std::string name;
    int name_line = 0;  // the line of source that gives `name`; 0 when the name is its folder's
    std::string title;
    std::string problem;                     // solver-library problem name
    std::string input_file = "sudoku.in";    // "stdin" for standard input
    std::string output_file = "sudoku.out";  // "stdout" for standard output
    double time_limit_s = 1.0;
    double wall_limit_s =
        0;  // 0: the judge's default for the CPU limit (sudoku/judge/runner_client/runner_contract.hpp)
    std::int64_t memory_limit_mib = 128;
    std::int64_t output_limit_kib = 64;
    std::string checker = "tokens";  // a built-in name, or the testlib checker's absolute path
    std::string scoring = "per-test";
    std::uint64_t seed = 0;
    std::vector<TestGroup> groups;
    std::optional<Weights> weights;              // target only; nullopt: the NOIP ring
    std::optional<std::string> no_completion;    // target only; nullopt: kTargetNoCompletion
    std::uint64_t count_cap = kDefaultCountCap;  // sudogob only
    std::vector<Sample> samples;

    // How answers are computed and printed for this problem (weights, the no-completion token).
    AnswerOptions answer_options() const;

    bool uses_stdin() const { return input_file == "stdin"; }
    bool uses_stdout() const { return output_file == "stdout"; }
};

// Reads and checks a problem config; a Diagnostic names the YAML file and line on any problem.
std::variant<ProblemConfig, Diagnostic> load_problem_config(const std::filesystem::path& yaml_file);

}  // namespace sudoku
