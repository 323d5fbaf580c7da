// The `float` checker of plain problems: tokens compared one by one, and two tokens that are both
// finite numbers match when they differ by at most the absolute tolerance or by at most the
// relative tolerance times the answer's magnitude; other tokens must be equal. "nan", "inf" and
// hexadecimal floats are not numbers here: they must match the answer's token exactly.
#pragma once

#include <string_view>

#include "sudoku/judge/checkers/checkers.hpp"

namespace sudoku::judge {

// The float checker's tolerances: a number is right when within either of them.
struct FloatTolerance {
    double absolute = 1e-6, relative = 1e-6;
};

CheckResult check_float(std::string_view output, std::string_view answer, const FloatTolerance& tolerance);

}  // namespace sudoku::judge
