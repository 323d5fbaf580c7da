// Solving and counting: the exact answers every problem is built on.
//
// 9x9 grids go to the bitboard solver (solver9.cpp); other sizes to the general
// candidate-mask solver (search/general.cpp). Both are exact: a grid with a repeated
// clue has zero solutions; counting stops at `limit` and says whether it was reached.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "sudoku/solver/grid.hpp"
#include "sudoku/solver/solution_count.hpp"

namespace sudoku {

// The first solution found, or nothing when the grid has no completion.
std::optional<Grid> solve(const Grid& puzzle);

// Counts completions up to `limit` (0 = no limit: exact count, may take very long).
// limit 2 is the uniqueness check: on 9x9 grids it runs, below the first nodes, a faster search
// with a tree of its own (solver9/count_search.hpp); other limits above 1 (and 0) count 9x9 grids
// by independent parts (solver9/component_count.hpp). The answer is the one of the version with
// SearchStats (below), `first` included (with two or more solutions, the first one it meets).
SolutionCount count_solutions(const Grid& puzzle, std::uint64_t limit);

// The count of count_solutions alone (no first solution), by the fastest exact search: for
// grids other than 9x9 one with a different tree than count_solutions' (search/general.cpp).
std::uint64_t count_completions(const Grid& puzzle, std::uint64_t limit);

// Calls `visit` with every completion, in the solver's order, until it returns false.
// Returns the number of completions visited. This is the exhaustive enumerator: no bounds,
// no pruning beyond constraint propagation, so it doubles as an independent cross-check.
std::uint64_t for_each_solution(const Grid& puzzle, const std::function<bool(const Grid&)>& visit);

// Like count_solutions, also reporting the effort spent.
SolutionCount count_solutions(const Grid& puzzle, std::uint64_t limit, SearchStats& stats);

}  // namespace sudoku
