// A plain (non-sudoku) batch problem: a folder of tests, with an optional problem.yaml.
//
//   testdata/hello/
//     problem.yaml        optional; without it the defaults below
//     1.in  1.ans         NAME.in with NAME.ans (or NAME.out), in natural order: 2 before 10
//     2.in  2.out
//
//   name: hello           # default: the folder's name
//   tests_folder: ../data # where the tests are, relative to this file; default: its folder
//   tests:                # or the tests listed one by one, in this order (then no tests_folder;
//     - name: "1-1"       # files beside them are no tests); files relative to this file, any name
//       input: ../data/a/1.in
//       answer: ../data/a/plus1.a
//       time_limit: 2     # optional: this test's own limits
//       memory_limit: 512
//       checker_arguments: ["3"]  # optional, kattis only: this test's, after the problem's
//   input: stdin          # or a plain file name (sudoku/common/config_paths.hpp); default stdin
//   output: stdout        # or a plain file name; default stdout
//   time_limit: 1         # CPU seconds per run; default 1
//   memory_limit: 256     # MiB; default 256
//   output_limit: 65536   # KiB; default 65536 (64 MiB)
//   checker: tokens       # tokens | lines | exact | float | lemon-* | path to a testlib checker
//                         # (absolute or relative to problem.yaml); default tokens
//   float: {absolute: 1e-6, relative: 1e-6}   # the float checker's tolerances (FloatTolerance's defaults)
//   real_precision: 3     # lemon-real's digits, 0..30 (checkers lemon-lines, lemon-ignore-spaces,
//                         # lemon-real: LemonLime's comparison modes, sudoku/judge/checkers/lemon_checkers.hpp)
//   checker_protocol: testlib  # testlib (exit codes) | lemon-message (LemonLime's reading of stderr)
//                         # | lemon-special (Lemon's own special judge: sudoku/judge/checkers/lemon_checkers.hpp)
//                         # | kattis (a Kattis output validator: sudoku/judge/checkers/kattis_validator.hpp)
//                         # | cms (a CMS checker, `checker input answer output`, the outcome 0..1 on
//                         # stdout: sudoku/judge/checkers/cms_checker.hpp)
//   checker_arguments: [float_tolerance, "1e-6"]  # kattis only: after its three files, every test
//   included_files: {cpp: [../package/include/cpp/grader.h]}  # compiled with every submission of
//                         # the language, over its own file of that name (relative to this file)
//   space_change_sensitive: true  # tokens and float: the whitespace around the tokens must be
//                         # the answer's too (Kattis's default validator flag); default false
//   case_sensitive: false # tokens and float: letters compare equal to their other case (Kattis's
//                         # default validator); default true
//   partial_points: exact # exact | lemon: counted as LemonLime counts (sudoku/judge/grading/scoring.hpp)
//   scoring: per-test     # per-test | per-group; default per-test
//   points: 100           # without groups: the problem's total, shared equally by its tests
//   groups:               # optional; every test must fall in exactly one (the first that matches)
//     - name: small
//       tests: "1-*"      # a pattern on test names: * any run of characters, ? one character
//                         # (or a list of patterns)
//       points: 40        # per group; per-test scoring shares them equally among its tests
//     - name: large
//       tests: "2-*"
//       points: 60
//       depends: [small]  # scores only when every group named here passes (earlier groups only)
//       scoring: per-group  # this group's own rule, over the problem's `scoring` (an imported
//                         # Kattis problem mixes them); or max: the group's points x the largest
//                         # fraction of its tests (a Kattis group that takes the max of its tests)
//   score_ranges:         # optional: the points of some groups together must lie in [min, max]
//     - {name: secret, groups: [small, large], min: 0, max: 80}  # (an imported Kattis legacy
//                         # `range`); outside it the problem's score is a judge fault: 0 points
//   score_tree:           # instead of groups (and points, scoring, score_ranges): a package's own
//                         # groups as a tree, scored by the problem model's rules
//                         # (sudoku/problem/scoring.hpp); every listed test names its closest group
//                         # (`group: secret/g1`) and earns that group's accept_score when accepted
//     - {name: data, on_reject: break}      # the root first; then parents before children
//     - {name: secret, parent: data, aggregation: min, verdict: first-error}
//     - {name: secret/g1, parent: secret, accept_score: 10, reject_score: 2, max_score: 40,
//        range: {min: 0, max: 40}, require_pass: [sample], sample: false, ignore_sample: false,
//        accept_if_any_accepted: false}
//                         # aggregation sum | min | average | max | pass-fail (default sum);
//                         # verdict worst-error | first-error | always-accept; on_reject break stops
//                         # a group at its first child not accepted; a score outside range or over
//                         # max_score is a judge fault (an imported Kattis package's testdata.yaml)
//
// Every number has bounds (plain_bounds below, and the problem config's for the limits); a wrong
// key or value is a Diagnostic at its file:line. The test files must be regular files (a link in
// the folder is refused, never followed).
#pragma once

#include <filesystem>
#include <string>
#include <variant>

#include "sudoku/common/diagnostic.hpp"
#include "sudoku/judge/contest/contest.hpp"

namespace sudoku::judge {

// The file that makes a folder of tests a configured plain problem (optional).
inline constexpr const char* kPlainProblemFile = "problem.yaml";

namespace plain_defaults {
inline constexpr double kTimeLimitS = 1;
inline constexpr long long kMemoryLimitMib = 256;
inline constexpr long long kOutputLimitKib = 65536;
inline constexpr double kTotalPoints = 100;
}  // namespace plain_defaults

namespace plain_bounds {
inline constexpr Bounds<double> kPoints{0, 1000000};
inline constexpr Bounds<double> kTolerance{0, 1e9};
inline constexpr int kMaxTests = 10000;
}  // namespace plain_bounds

// Reads the folder `dir` (and its problem.yaml when present) as a contest problem.
std::variant<ContestProblem, Diagnostic> load_plain_problem(const std::filesystem::path& dir);

// Natural order of test names: digit runs compare as numbers ("2" before "10").
bool natural_less(const std::string& a, const std::string& b);

// `name` matches `pattern` (* any run of characters, ? one character, nothing else special).
bool name_matches(const std::string& pattern, const std::string& name);

// A package's name ("secret/group1/01") as a plain name ("secret-group1-01"): a test's, a problem's.
std::string plain_name(const std::string& name);

// A problem with a score_tree as the problem model holds it: its groups, and its tests (each in
// its closest group, a sample when a group above it is one), for the model's scoring.
problem::Problem score_tree_model(const ContestProblem& problem);

}  // namespace sudoku::judge
