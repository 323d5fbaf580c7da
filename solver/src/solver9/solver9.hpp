// Internal: the 9x9 bitboard solver. See solver9.cpp.
#pragma once

#include <functional>

#include "sudoku/solver/solution_count.hpp"

namespace sudoku::nine {

// Visits every completion of the 9x9 `puzzle` until `visit` returns false; returns how many it visited.
// Counts completions up to `limit` (0 = all), keeping the first.
SolutionCount count(const Grid& puzzle, std::uint64_t limit, SearchStats& stats);
// The same answer without statistics, by the counting search (solver9/count_search.hpp).
SolutionCount count(const Grid& puzzle, std::uint64_t limit);
// The count alone, by the fastest search for it (no first solution to keep in the pinned order).
std::uint64_t count_completions(const Grid& puzzle, std::uint64_t limit);

std::uint64_t enumerate(const Grid& puzzle, const std::function<bool(const Grid&)>& visit, SearchStats& stats);

}  // namespace sudoku::nine
