// Column and box multipliers near the LP optimum, by the primal-dual hybrid gradient method.
//
// The row bound (target/bound.hpp) is the LP's Lagrangian dual, and its subgradient descent
// stalls a few points above the LP value on sparse 16x16 grids, where the LP (CBC's continuous
// value) is often the optimum itself (figures: bench/results/solver-decisions.md). PDHG works on the LP itself,
//
//   max sum p[cell][d] x[cell][d]   subject to   every cell one digit, every unit each open digit
//                                                once, x >= 0,
//
// a primal step on x and a dual step on the constraints' prices y, each a pass over the
// candidates (four constraints per candidate). The prices of the column and box constraints are
// the row bound's multipliers: evaluated there, the row bound is an upper bound whatever they
// are, so the method's accuracy changes only how strong the bound is, never whether it holds.
#pragma once

#include <vector>

#include "sudoku/solver/target.hpp"
#include "target/board.hpp"
#include "target/bound.hpp"

namespace sudoku::target_detail {

class LpDuals {
public:
    // The LP of `board`'s candidates, started at x = 0 and zero prices.
    LpDuals(const Board& board, const Weights& weights);

    // `iterations` more steps from where the last call stopped.
    void run(int iterations);

    // The column and box prices as multipliers of the row bound (their other fields untouched).
    void to_multipliers(Multipliers& m) const;

private:
    struct Candidate {
        int constraint[4];  // its cell, row, column and box constraints
        double profit;      // w[cell] x d
    };
    int side_ = 0;
    double omega_ = 1;  // the primal weight: the dual step over the primal one
    std::vector<Candidate> candidates_;
    std::vector<double> x_, next_x_;
    std::vector<double> price_;  // y per constraint: cells, then (unit, digit) for each unit
    std::vector<double> lhs_;    // A (2 next_x - x), per constraint
    std::vector<char> open_;     // the constraint exists: a free cell, or a digit its unit misses
};

}  // namespace sudoku::target_detail
