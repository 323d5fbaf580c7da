// The placement bound: a second Lagrangian relaxation of the target model, stronger than the LP.
//
// The row bound (target/bound.hpp) relaxes the column and box constraints and reaches the LP
// value. This one relaxes the other family, "each cell takes one digit", with a multiplier mu per
// cell, and keeps for every digit its whole placement: one cell per row, column and box.
//
//   L(mu) = sum over cells of mu[cell]
//         + sum over digits d of  max over placements P of d  of  sum over P of (w[cell] d - mu[cell])
//
// min L optimises over the convex hull of each digit's placements, inside what the LP allows (the
// LP of "one per row, column and box" has fractional vertices), so it lies at or below the LP:
// on the slowest puzzles found (LP 2899.0, 2900.5, 2890.5 against optima 2896, 2898, 2889) it is
// below optimum + 1, a proof by itself, where the LP bound needed 10^5 nodes.
//
// The best placement of a digit splits along the grid's structure. A placement gives each band a
// permutation pi_b (stack -> the row of the band it uses) and each stack a permutation sigma_s
// (band -> the column of the stack it uses), and every such pair of choices is a placement:
//
//   value = sum over bands b, stacks s of  profit[row b x box + pi_b(s)][column s x box + sigma_s(b)]
//
// Given the pi's, each stack is an independent box x box assignment of its rows (one per band) to
// its columns. So: first, per stack and per tuple of rows (pi_0(s), pi_1(s), ...), the best sigma
// (27 tuples x 6 permutations for 9x9); then the best of the 6^3 = 216 combinations of pi's, three
// table lookups each. About 2,000 additions per digit; box 4 would need 24^4 combinations, so
// box 4 takes the layered graph of target/placement/dp.hpp instead (box 5: neither, no bound).
// Box 3 runs all nine digits at once in target/placement/lanes.hpp, with the same sums, and box
// 4 all sixteen through the graph in target/placement/graph_lanes.hpp.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "sudoku/solver/target.hpp"
#include "target/board.hpp"
#include "target/placement/graph_lanes.hpp"
#include "target/placement/lanes.hpp"

namespace sudoku::target_detail {

class PlacementBound {
public:
    explicit PlacementBound(const Weights& weights) : weights_(weights) {}

    static bool supports(int box) { return box <= 4; }

    // Subgradient descent on L over the board's candidates from `mu` (a start: the LP's cell
    // duals put L at or below the LP value at once), at most `iterations` steps, stopping as soon
    // as L drops below `cutoff`. `target` is a known lower bound for the Polyak step (the
    // incumbent). Leaves the best multipliers in `mu` and returns the smallest L, or -infinity
    // when some digit has no placement at all (no completion exists).
    double descend(const Board& board, std::vector<double>& mu, int iterations, double cutoff, double target);

    // Reduced-cost fixing at `mu`: forcing a cell to d drops L by d's best placement minus its best
    // placement through that cell (the other digits' problems do not see the cell constraint).
    // Strikes every candidate that takes L below `cutoff`, propagates singles; returns how many
    // went, or -1 when the board died or L itself is below the cutoff. `slack`, when given,
    // receives per cell * (n + 1) + d how far above the cutoff L stays with the candidate forced
    // (negative: struck), and `value` L itself.
    int strike_hopeless(Board& board, const std::vector<double>& mu, double cutoff,
                        std::vector<double>* slack = nullptr, double* value = nullptr);

    // What each digit's best placement loses, at the multipliers of the last strike_hopeless and
    // on the candidates it started from, per cell * (n + 1) + digit: `forced` when the placement
    // must take the cell, `barred` when it must avoid it (infinite: no placement can). A placement
    // meets each row once, so the best that avoids a cell is the best through another cell of its
    // row: barred is the least forcing loss among those, exactly.
    struct DigitLosses {
        std::vector<double> forced, barred;
    };
    void digit_losses(int n, DigitLosses& losses) const;

private:
    // L at `mu`; `covered[cell]` counts the digits whose best placement uses the cell.
    double evaluate(const Board& board, const std::vector<double>& mu, std::vector<int>& covered);
    // The best placement of `digit` at profits w x digit - mu; false when there is none.
    bool best_placement(const Board& board, const std::vector<double>& mu, int digit, double& value,
                        std::vector<int>& covered);
    void prepare(int box);
    // Boxes 3 and 4: every digit's best placement at `mu` by a lanes kernel (built on first use),
    // then L into `total` with the penalties, or L alone with the cells of the best placements.
    // Without kChoices (box 3 only) the values alone: the penalties need no placement's cells.
    template <class Kernel, bool kChoices = true>
    Kernel& solve_lanes(std::unique_ptr<Kernel>& lanes, const Board& board, const std::vector<double>& mu);
    // Box 4 by solve_lanes, unless the last solve had the same multipliers and candidates: a
    // 16x16 node evaluates the bound, then strikes at the same multipliers.
    PlacementGraphLanes& solve_graph_lanes(const Board& board, const std::vector<double>& mu);
    template <class Kernel>
    bool lane_penalties(Kernel& lanes, int n, double cutoff, double& total);
    template <class Kernel>
    static double lane_total(const Kernel& lanes, int n, double total, std::vector<int>& covered);
    // L at `mu` into `total` and, per candidate, how far forcing it drops L into penalty_; false
    // when some digit has no placement or L is below `cutoff` (the penalties then unfinished).
    bool penalties(const Board& board, const std::vector<double>& mu, double cutoff, double& total);
    // Right after best_placement: per cell, the best placement of that digit through the cell.
    void best_through_cells(const Board& board, std::vector<double>& through);

    const Weights& weights_;
    int box_ = 0;
    std::vector<std::vector<int>> perms_;  // the permutations of 0..box-1
    std::vector<int> perm_flat_;           // the same, one after another
    int tuples_ = 0;                       // box^box row tuples per stack
    std::vector<int> tuple_rows_;          // [tuple * box + band]: the row of the band
    std::vector<int> combo_rows_;          // [combination * box + stack]: its entry in the stack table
    std::vector<double> profit_;           // per cell, for the digit at hand (-inf: not a candidate)
    std::vector<double> stack_best_;       // [stack][row tuple]: the best sigma's value
    std::vector<int> stack_sigma_;         // and which sigma
    // Scratch of best_through_cells and the strike.
    std::vector<double> pinned_, others_, through_, penalty_;
    std::vector<int> covered_;
    std::vector<std::pair<int, int>> hopeless_;
    std::unique_ptr<PlacementLanes> lanes_;  // box 3, every digit at once
    // Box 4, likewise, with the multipliers and candidates of its last solve.
    std::unique_ptr<PlacementGraphLanes> graph_lanes_;
    std::vector<double> solved_mu_;
    std::vector<DigitMask> solved_cand_;
};

}  // namespace sudoku::target_detail
