// The checker a contest problem names, with the problem's own settings, on one test.
#pragma once

#include "sudoku/judge/checkers/checkers.hpp"
#include "sudoku/judge/contest/contest.hpp"

namespace sudoku::judge {

// The checker of a contest problem on one test: `float` with the problem's tolerances, a Kattis
// validator with the problem's arguments, LemonLime's modes with theirs, anything else as
// run_checker.
CheckResult check_problem_output(const ContestProblem& problem, const CheckFiles& files);

}  // namespace sudoku::judge
