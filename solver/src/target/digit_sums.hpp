// The digit-sum bound: the score split into nested digit sums, each bounded on its own.
//
// With W_d the weight sum of digit d's cells and n digits, summation by parts gives
//
//   score = sum over d of d W_d = sum over t = 1..n of S_t,   S_t = W_{n-t+1} + ... + W_n,
//
// the weight of the cells of the t highest digits: t disjoint placements. Each S_t is bounded by
// its own Lagrangian (a multiplier nu >= 0 per cell prices "at most one of these digits"):
//
//   S_t <= sum of nu + sum over the t digits d of  max over d's placements P of  sum over P of (w - nu)
//
// and each S_t is an integer, so the floors add up. The placement bound prices every digit with
// one set of multipliers, so this one is stronger where the optimum's top digits crowd the same
// heavy cells: the empty 16x16 grid with ring weights, whose LP is 11,892.7 and placement bound
// 11,794.3, gets 11,784.97, the score of the digit-by-digit completion (11,784), which proves it
// optimal at the root. Digits with the same candidate cells (the clue-free ones) share one
// graph search.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "sudoku/solver/target.hpp"
#include "target/board.hpp"
#include "target/placement/dp.hpp"

namespace sudoku::target_detail {

// The sum over t of floor(bound on S_t), never below the best completion's score; nullopt when
// some digit has no placement. `incumbent` (a completion of the board, per cell) aims the steps:
// the descent for S_t stops as soon as its bound falls below the incumbent's S_t + 1, or after
// `iterations` steps. Also nullopt, without any step, when the digits have more than `max_groups`
// distinct candidate patterns (each pattern costs a graph search per step).
std::optional<std::int64_t> digit_sum_bound(const Board& board, const Weights& weights,
                                            const std::vector<std::uint8_t>& incumbent, int iterations, int max_groups);

}  // namespace sudoku::target_detail
