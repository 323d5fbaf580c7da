// The registry of problems: sudoku/solver/problems.hpp's table, as data.
#include "sudoku/solver/problems.hpp"

#include <stdexcept>

namespace sudoku {

const std::vector<Problem>& all_problems() {
    static const std::vector<Problem> problems = {
        {"target", "Target Sudoku (NOIP 2009)", Format::target, false,
         "9 lines of 9 integers 0-9 separated by spaces (0 blank)",
         "one integer: the maximum score sum(weight x digit) over all completions, -1 when none"},
        {"poj2676", "Sudoku (POJ 2676)", Format::poj2676, true,
         "T, then T grids of 9 lines of 9 digits without spaces (0 blank)",
         "each solved grid as 9 lines of 9 digits, one grid after another"},
        {"qmark", "Question-mark sudoku", Format::qmark, true,
         "grids of 9 lines of 9 space-separated tokens (1-9, ? blank), an empty line between grids",
         "each solved grid in the same layout, an empty line between grids"},
        {"poj3074", "Sudoku (POJ 3074)", Format::poj3074, true,
         "one 81-character line per puzzle (1-9, . blank), then a line 'end'", "one 81-digit line per puzzle"},
        {"uva1309", "Sudoku 16x16 (UVa 1309)", Format::uva1309, true,
         "16x16 grids of 16 lines of 16 letters A-P (- blank), an empty line between grids",
         "each solved grid in letters, an empty line between grids"},
        {"sudogob", "Count the solutions (SUDOGOB)", Format::sudogob, false,
         "T, then T grids of 9 lines of 9 integers 0-9 separated by spaces (0 blank)",
         "per puzzle: the exact number of solutions on one line, then the solved grid "
         "(9 lines of 9 integers) only when that number is 1; above the count cap: more than N"},
        {"line81", "Dataset lines", Format::line81, true,
         "one 81-character line per puzzle (1-9, . or 0 blank); '#' lines and empty lines skipped",
         "one 81-digit line per puzzle"},
    };
    return problems;
}

const Problem* find_problem(std::string_view name) {
    for (const Problem& problem : all_problems())
        if (problem.name == name) return &problem;
    return nullptr;
}

const Problem& problem_of(Format input) {
    for (const Problem& problem : all_problems())
        if (problem.input == input) return problem;
    throw std::invalid_argument("no problem reads this format");
}

}  // namespace sudoku
