// The general solver as it was before its fixed-size rewrite (main at 9f6e467), kept verbatim in
// what it does as the pinned reference of its search tree: tests check that the library's general
// solver visits the same completions in the same order with the same guesses and nodes, and
// bench_big_grids runs it side by side as the baseline. Not shipped: tests and benchmarks only.
#pragma once

#include <cstdint>
#include <functional>

#include "sudoku/solver/grid.hpp"
#include "sudoku/solver/solve.hpp"

namespace sudoku::testing {

// Visits every completion of `puzzle` (any box size but 9x9 alike) until `visit` returns false;
// returns how many it visited. Same contract as the library's general::enumerate.
std::uint64_t reference_general_enumerate(const Grid& puzzle, const std::function<bool(const Grid&)>& visit,
                                          SearchStats& stats);

// count_solutions(puzzle, limit, stats) as the library computed it for non-9x9 grids.
SolutionCount reference_general_count(const Grid& puzzle, std::uint64_t limit, SearchStats& stats);

}  // namespace sudoku::testing
