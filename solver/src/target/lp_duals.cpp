#include "target/lp_duals.hpp"

#include <algorithm>
#include <cmath>

namespace sudoku::target_detail {

namespace {
// PDHG converges for primal and dual step lengths tau, sigma with tau sigma ||A||^2 < 1. Each
// candidate sits in 4 constraints and each constraint holds at most n candidates, so
// ||A||^2 <= ||A||_1 ||A||_inf <= 4n: tau = share / (sqrt(4n) omega), sigma = share omega / sqrt(4n).
constexpr double kStepShare = 0.95;
// The primal weight omega: x lies in [0, 1] and the prices grow with the weights, so omega is the
// largest profit over kProfitPerOmega, and weights times k take the same steps to prices times k.
// 160, the ring weights' largest profit on 16x16 grids, gives them omega 1: larger omegas reached
// the LP alike but made the denser bands' trees larger (figures: bench/results/solver-decisions.md).
constexpr double kProfitPerOmega = 160;
}  // namespace

LpDuals::LpDuals(const Board& board, const Weights& weights) {
    const GridGeometry& geo = *board.geo;
    const int n = side_ = geo.side;
    const int cells = n * n;
    open_.assign(cells + 3 * n * n, 0);
    for (int cell = 0; cell < cells; ++cell) {
        if (board.value[cell]) continue;
        for (DigitMask mask = board.cand[cell]; mask; mask &= mask - 1) {
            const int d = lowest_digit(mask);
            Candidate c{{cell, 0, 0, 0}, double(weights.at(cell)) * d};
            for (int k = 0; k < 3; ++k) c.constraint[k + 1] = cells + geo.unit_of[cell][k] * n + d - 1;
            for (int at : c.constraint) open_[at] = 1;
            candidates_.push_back(c);
        }
    }
    double largest = 0;
    for (const Candidate& c : candidates_) largest = std::max(largest, std::abs(c.profit));
    omega_ = largest > 0 ? largest / kProfitPerOmega : 1.0;
    x_.assign(candidates_.size(), 0.0);
    next_x_.assign(candidates_.size(), 0.0);
    price_.assign(open_.size(), 0.0);
    lhs_.assign(open_.size(), 0.0);
}

void LpDuals::run(int iterations) {
    const double step = kStepShare / std::sqrt(4.0 * side_), tau = step / omega_, sigma = step * omega_;
    const std::size_t count = candidates_.size();
    for (int it = 0; it < iterations; ++it) {
        // Primal: x + tau (profit - A^T y), kept >= 0 (the problem maximises).
        for (std::size_t i = 0; i < count; ++i) {
            const Candidate& c = candidates_[i];
            const double reduced = c.profit - price_[c.constraint[0]] - price_[c.constraint[1]] -
                                   price_[c.constraint[2]] - price_[c.constraint[3]];
            next_x_[i] = std::max(0.0, x_[i] + tau * reduced);
        }
        // Dual, at the extrapolated point 2 x' - x: prices rise where a constraint is over-full.
        std::fill(lhs_.begin(), lhs_.end(), 0.0);
        for (std::size_t i = 0; i < count; ++i) {
            const double z = 2 * next_x_[i] - x_[i];
            for (int at : candidates_[i].constraint) lhs_[at] += z;
        }
        for (std::size_t at = 0; at < price_.size(); ++at)
            if (open_[at]) price_[at] += sigma * (lhs_[at] - 1.0);
        x_.swap(next_x_);
    }
}

void LpDuals::to_multipliers(Multipliers& m) const {
    const int n = side_, cells = n * n;
    for (int u = 0; u < n; ++u)
        for (int d = 1; d <= n; ++d) {
            m.col[u * n + d - 1] = price_[cells + (n + u) * n + d - 1];
            m.box[u * n + d - 1] = price_[cells + (2 * n + u) * n + d - 1];
        }
}

}  // namespace sudoku::target_detail
