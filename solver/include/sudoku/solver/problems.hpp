// The problems of our contests: one registry saying, for each, its input format, its answer,
// and how a contestant's output is read and checked.
//
//   problem   input     answer (output layout)                                     kind
//   --------  --------  ---------------------------------------------------------  ----------
//   target    target    the maximum score as one integer, -1 when no completion    exact
//                       (-1 is read as "no completion" only while no full grid can score -1
//                       under the weights; otherwise the config names another token)
//   poj2676   poj2676   each solved grid: 9 lines of 9 digits, no blank lines      any valid
//   qmark     qmark     each solved grid in the qmark layout, a blank line between any valid
//   poj3074   poj3074   one 81-digit line per puzzle                               any valid
//   uva1309   uva1309   each solved 16x16 grid in letters, a blank line between   any valid
//   sudogob   sudogob   per puzzle: the exact number of solutions on one line,     exact
//                       then the grid (9 lines of 9 numbers) only when it is 1;
//                       above the count cap the line reads "more than N" (count.hpp)
//   line81    line81    one 81-digit line per puzzle                               any valid
//
// "any valid": the problem guarantees solvable input and accepts any completion of each puzzle;
// a puzzle without solution is bad input (answer() says which). "exact": the answer is unique
// and compared as it is.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sudoku/common/diagnostic.hpp"
#include "sudoku/solver/count.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/grid.hpp"
#include "sudoku/solver/target.hpp"

namespace sudoku {

struct Problem {
    std::string_view name;  // as in configs/*.yaml `problem:` and `sudoku-solve --problem`
    std::string_view title;
    Format input;
    bool any_valid_solution;        // grid answers: any completion is right (else: exact answer)
    std::string_view input_layout;  // one sentence each, for --help and docs/problems.md
    std::string_view output_layout;
};

// All problems, in the order above.
const std::vector<Problem>& all_problems();
const Problem* find_problem(std::string_view name);
const Problem& problem_of(Format input);

// What target prints for a puzzle without completion, by the NOIP statement.
inline constexpr std::string_view kTargetNoCompletion = "-1";

struct AnswerOptions {
    Weights weights = Weights::ring(3);  // target only
    bool certificate = false;            // target only: print an optimal grid after the score
    // Target only: the token printed for "no completion". It must not be a score some full grid
    // reaches under `weights` (target_no_completion_is_ambiguous), or the answer could not be read.
    std::string no_completion = std::string(kTargetNoCompletion);
    // Sudogob only: counts are exact up to this many; above it the answer says "more than N".
    std::uint64_t count_cap = kDefaultCountCap;
};

// An answer and what its caller must know besides the text.
struct AnswerText {
    std::string text;
    bool count_above_cap = false;  // sudogob: some puzzle has more than options.count_cap solutions
};

// The target answer's score token: the optimum, or options.no_completion when there is none.
std::string target_score_text(const std::optional<std::int64_t>& score, const AnswerOptions& options);

// Whether options.no_completion could be mistaken for a score: it is an integer that some full
// grid may reach under options.weights (target_score_possible).
bool target_no_completion_is_ambiguous(const AnswerOptions& options);

// The expected output for these puzzles, or a Diagnostic when the input breaks the problem's
// promise (a puzzle of an any-valid problem with no solution: the Diagnostic names the puzzle and,
// from a PuzzleFile, its line). Every line ends with '\n'.
std::variant<std::string, Diagnostic> answer(const Problem& problem, const PuzzleFile& input,
                                             const AnswerOptions& options = {});
std::variant<std::string, Diagnostic> answer(const Problem& problem, const std::vector<Grid>& puzzles,
                                             const AnswerOptions& options = {});
// The same, saying whether a count went above the cap.
std::variant<AnswerText, Diagnostic> answer_in_full(const Problem& problem, const PuzzleFile& input,
                                                    const AnswerOptions& options = {});

// The grids a contestant printed, read in the problem's answer layout (any-valid problems only;
// for exact problems a Diagnostic says so). Tolerant as judges are: CRLF, leading and trailing
// spaces, blank lines between or around grids, a missing final newline; never wrong content
// (a blank marker, a letter in a digit grid, a short row, a cut-off grid are Diagnostics that name
// the place in `file_name`).
std::variant<std::vector<Grid>, Diagnostic> parse_solutions(const Problem& problem, std::string_view output_text,
                                                            const std::string& file_name);

// The complete check of a contestant's output against the puzzles: nullopt when accepted,
// otherwise why not, naming the place in `file_name`. Any-valid problems: one valid completion per
// puzzle, in order, nothing more. Exact problems: the tokens of answer() (target weights from
// `options`), compared token by token.
std::optional<Diagnostic> check_output(const Problem& problem, const std::vector<Grid>& puzzles,
                                       std::string_view output_text, const std::string& file_name,
                                       const AnswerOptions& options = {});

}  // namespace sudoku
