// A problem's whole test set, built from its config and checked again later.
//
//   testdata/<name>/
//     config.yaml        the config it was built from, verbatim (validate reads it back)
//     sample01.in/.ans   the config's samples, inputs verbatim
//     01.in  01.ans ...  the tests, in group order
//     manifest.json      per test: group, seed, clue counts, solution counts, answer, sha256 of
//                        input and answer, generator version. Byte-identical between builds.
//     timings.json       generation, solving and checking seconds per test: the only part that differs
//                        from one build (or machine) to the next, so it is kept apart.
//
// Tests are generated from derive_seed(config seed, group, index), so a test depends only on
// its own group's settings, never on how long anything took.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/common/diagnostic.hpp"
#include "sudoku/problem/problem_config.hpp"

namespace sudoku {

// brute-force hardness: candidates per test, and the most completions counted per candidate.
// The enumeration cross-check in validate counts further (kValidateEnumerationCap), so every
// chosen puzzle is also checked by plain enumeration.
inline constexpr int kBruteForceCandidates = 12;
inline constexpr std::uint64_t kBruteForceCap = 400000;
inline constexpr std::uint64_t kValidateEnumerationCap = 2000000;
// Solution counts in the manifest are exact up to this many (brute-force tests: always exact).
inline constexpr std::uint64_t kCountCap = 100000;

struct BuildResult {
    std::filesystem::path directory;
    int tests = 0;
    int samples = 0;
};

// An answer the build computed and its second method (validate's, answer_recheck.hpp) disagree
// on: an internal error, never written. `test` names it ("group 'dense', test 03").
struct AnswerDisagreement {
    std::string test;
    std::vector<std::string> mismatches;
};

// The first method of every answer: answer() of problems.hpp unless a test replaces it.
using AnswerMethod =
    std::function<std::variant<AnswerText, Diagnostic>(const Problem&, const PuzzleFile&, const AnswerOptions&)>;

// Builds testdata/<name> under `out_root`: everything goes to a scratch folder first and is
// renamed into place at the end, so a failed build never leaves a half test set behind, nor
// touches the set it would replace. Every answer is checked by its second method before it is
// written. `progress` (may be null) gets one line per test. A Diagnostic: the config asks for
// something impossible (bad input), a sample's count above count_cap among them.
std::variant<BuildResult, Diagnostic, AnswerDisagreement> build_test_set(const ProblemConfig& config,
                                                                         const std::filesystem::path& out_root,
                                                                         std::ostream* progress,
                                                                         const AnswerMethod& method = {});

struct ValidationResult {
    int tests = 0;
    std::vector<std::string> mismatches;  // "03.ans: expected 2829, found 2830", ...; empty = valid
    std::vector<std::string> notes;       // what was cross-checked how
};

// Re-reads a built test set and checks it against its config.yaml, recomputing every answer with
// algorithms other than the ones that produced it (dancing links, plain enumeration).
std::variant<ValidationResult, Diagnostic> validate_test_set(const std::filesystem::path& directory);

}  // namespace sudoku
