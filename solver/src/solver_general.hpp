// Internal: the general (any box size) candidate-mask solver. See solver_general.cpp.
#pragma once

#include <functional>

#include "sudoku/solve.hpp"

namespace sudoku::general {

// Visits every completion of `puzzle` until `visit` returns false; returns how many it visited.
std::uint64_t enumerate(const Grid& puzzle, const std::function<bool(const Grid&)>& visit, SearchStats& stats);

}  // namespace sudoku::general
