// Internal: the general (any box size) candidate-mask solver. See search/general.cpp.
#pragma once

#include <functional>
#include <optional>

#include "sudoku/solver/solve.hpp"

namespace sudoku::general {

// Visits every completion of `puzzle` until `visit` returns false; returns how many it visited.
std::uint64_t enumerate(const Grid& puzzle, const std::function<bool(const Grid&)>& visit, SearchStats& stats);

// Counts completions up to `limit` (0 = none) by a faster search with a different tree: the
// count is enumerate's, the order is not; `first` is the first completion this search met (the
// same as enumerate's only when there is exactly one).
std::uint64_t count(const Grid& puzzle, std::uint64_t limit, std::optional<Grid>& first);

}  // namespace sudoku::general
