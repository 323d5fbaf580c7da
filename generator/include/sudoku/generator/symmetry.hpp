// Symmetry of a clue pattern as orbits: the cells that must be clues (or blanks) together under
// each Symmetry (its maps: sudoku/problem/puzzle_kind.hpp). The generator adds and removes whole
// orbits, so every puzzle it makes keeps the pattern.
#pragma once

#include <vector>

#include "sudoku/problem/puzzle_kind.hpp"
#include "sudoku/solver/grid.hpp"

namespace sudoku {

// The orbits of the cells under the symmetry, each listed once, in order of their first cell.
std::vector<std::vector<int>> symmetry_orbits(int box, Symmetry symmetry);

// The clue pattern (clue or blank, digits ignored) is invariant under the symmetry.
bool has_symmetric_pattern(const Grid& puzzle, Symmetry symmetry);

}  // namespace sudoku
