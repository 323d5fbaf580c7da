// The peers of every cell (the other cells of its row, column and box), built once per box size
// from the grid model's units: shared by the grid filler and the logical rater.
#pragma once

#include <vector>

namespace sudoku::detail {

const std::vector<std::vector<int>>& peers_of(int box);

// Candidate masks: bit d-1 set when digit d is still possible.
inline int popcount(unsigned mask) { return __builtin_popcount(mask); }
inline int lowest_digit(unsigned mask) { return __builtin_ctz(mask) + 1; }

}  // namespace sudoku::detail
