// The `float` checker of plain problems: tokens compared one by one, and two tokens that are both
// finite numbers match when they differ by at most the absolute tolerance or by at most the
// relative tolerance times the answer's magnitude; other tokens must be equal. "nan", "inf" and
// hexadecimal floats are not numbers here: they must match the answer's token exactly.
#pragma once

#include <string_view>

#include "sudoku/judge/checkers/checkers.hpp"
#include "sudoku/judge/contest/contest.hpp"

namespace sudoku::judge {

CheckResult check_float(std::string_view output, std::string_view answer, const FloatTolerance& tolerance);

// The checker of a contest problem on one test: `float` with the problem's tolerances, anything
// else as run_checker.
CheckResult check_problem_output(const ContestProblem& problem, const CheckFiles& files);

}  // namespace sudoku::judge
