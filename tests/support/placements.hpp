// Brute-force references for the placement bound's kernels (test support): every placement of one
// digit, and random profits as the bound hands them over.
#pragma once

#include <vector>

#include "sudoku/solver/rng.hpp"

namespace sudoku::testing {

// Every placement of one digit on a grid of the box size, as the column of each row: the
// permutations whose cells fall in distinct boxes (16 of 24 for box 2, 46,656 of 9! for box 3).
std::vector<std::vector<int>> all_placements(int box);

// Random profits for an n x n grid, about `barred_percent` of the cells barred (-infinity).
std::vector<double> random_profits(int n, Rng& random, int barred_percent);

}  // namespace sudoku::testing
