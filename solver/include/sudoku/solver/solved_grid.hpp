// Random solved grids: the raw material every puzzle is cut from.
#pragma once

#include "sudoku/solver/grid.hpp"
#include "sudoku/solver/rng.hpp"

namespace sudoku {

// A random full, conflict-free grid of the given box size (2..5). Randomised backtracking with
// fewest-candidates-first; restarts when a branch runs long, which only big grids ever need.
Grid random_solved_grid(int box, Rng& rng);

}  // namespace sudoku
