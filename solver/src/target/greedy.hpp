// An incumbent built digit by digit: the highest digit takes its best placement (target/placement/dp.hpp)
// among its candidates, the next one its best among the cells left, and so on down to 1.
//
// On sparse 16x16 grids the optimiser's dives end far below the optimum (the empty grid with ring
// weights: 11,485 against an optimum of at least 11,784), and the aspiration rounds between the
// incumbent and the bound then take minutes; this construction gives 11,784 on the empty grid in
// under a millisecond. Heavy digits first, because a digit's weight sum counts d times.
#pragma once

#include <cstdint>
#include <vector>

#include "sudoku/solver/target.hpp"
#include "target/board.hpp"
#include "target/placement/dp.hpp"

namespace sudoku::target_detail {

// Fills `digit` (per cell) with a completion of `board` and returns true, or returns false when
// some digit finds no placement among the cells the heavier digits left (the board may still
// have completions). `graph` must be built for the board's box size. With `mu` (per cell, the
// placement bound's multipliers) each digit's profits are w x d - mu: the relaxation's prices of
// the cells steer the heavy digits away from cells the light ones need.
bool place_digits_greedily(const Board& board, const Weights& weights, PlacementGraph& graph,
                           std::vector<std::uint8_t>& digit, const std::vector<double>* mu = nullptr);

}  // namespace sudoku::target_detail
