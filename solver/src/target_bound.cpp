#include "target_bound.hpp"

#include "target_assignment.hpp"

#include <cmath>

namespace sudoku::target_detail {

namespace {
// Tuned on the benchmark families (bench/bench_target.cpp): steps without progress before the
// step factor halves; how far below the best bound the Polyak target sits at the root and in the
// tree (closer targets make smaller, safer steps once the multipliers are good); and how many
// steps the root may go without gaining 0.05 before it stops.
constexpr int kPatience = 20;
constexpr double kRootTargetGap = 10;
constexpr double kNodeTargetGap = 2;
constexpr int kStallWindow = 30;
}  // namespace

Multipliers initial_multipliers(const Geometry& geo, const Weights& weights) {
    const int n = geo.n;
    Multipliers m{std::vector<double>(n * n), std::vector<double>(n * n), 1.0, {}};
    double grid_mean = 0;
    for (int cell = 0; cell < n * n; ++cell) grid_mean += weights.at(cell);
    grid_mean /= n * n;
    for (int u = 0; u < n; ++u) {
        double column_mean = 0, box_mean = 0;
        for (int cell : (*geo.units)[n + u]) column_mean += weights.at(cell);
        for (int cell : (*geo.units)[2 * n + u]) box_mean += weights.at(cell);
        column_mean /= n;
        box_mean /= n;
        for (int d = 1; d <= n; ++d) {
            m.col[u * n + d - 1] = d * (column_mean - grid_mean);
            m.box[u * n + d - 1] = d * (box_mean - grid_mean);
        }
    }
    return m;
}

BoundResult evaluate_bound(const Board& board, const Weights& weights, const Multipliers& m,
                           std::vector<double>& subgradient, std::vector<double>* penalty) {
    const Geometry& geo = *board.geo;
    const int n = geo.n;
    const std::uint32_t all = ((1u << n) - 1) << 1;
    BoundResult result;
    result.digit = board.value;
    subgradient.assign(2 * n * n, 0.0);
    double value = 0;
    for (int cell = 0; cell < n * n; ++cell)
        if (board.value[cell]) value += double(weights.at(cell)) * board.value[cell];
    // The multiplier terms of the relaxed constraints: +1 for each missing digit (the "= 1").
    for (int c = 0; c < n; ++c)
        for (std::uint32_t miss = all & ~board.placed[n + c]; miss; miss &= miss - 1) {
            const int at = c * n + lowest_digit(miss) - 1;
            value += m.col[at];
            subgradient[at] = 1;
        }
    for (int b = 0; b < n; ++b)
        for (std::uint32_t miss = all & ~board.placed[2 * n + b]; miss; miss &= miss - 1) {
            const int at = b * n + lowest_digit(miss) - 1;
            value += m.box[at];
            subgradient[n * n + at] = 1;
        }
    AssignmentProblem problem;
    std::array<int, kMaxSide> free_cell{}, missing{};
    for (int r = 0; r < n; ++r) {
        int k = 0, j = 0;
        for (int cell : (*geo.units)[r])
            if (!board.value[cell]) free_cell[k++] = cell;
        for (std::uint32_t miss = all & ~board.placed[r]; miss; miss &= miss - 1) missing[j++] = lowest_digit(miss);
        if (k == 0) continue;
        problem.k = k;
        for (int i = 0; i < k; ++i) {
            const int cell = free_cell[i];
            const double* col = m.col.data() + (cell % n) * n;
            const double* box = m.box.data() + geo.unit_of[cell][2] % n * n;
            for (int t = 0; t < k; ++t) {
                const int d = missing[t];
                problem.profit[i][t] = (board.cand[cell] & (1u << d))
                                           ? double(weights.at(cell)) * d - col[d - 1] - box[d - 1]
                                           : kForbidden;
            }
        }
        if (m.potential.empty()) m.potential.assign(n * (n + 1), 0.0);
        double* potential = m.potential.data() + r * (n + 1);
        std::array<double, kMaxSide> hint;
        for (int t = 0; t < k; ++t) hint[t] = potential[missing[t]];
        const Assignment a = solve_assignment(problem, hint.data());
        for (int t = 0; t < k; ++t) potential[missing[t]] = a.column_potential[t];
        if (!a.feasible) {
            result.feasible = false;
            return result;
        }
        value += a.profit;
        if (penalty) {
            Penalties row_penalty;
            forcing_penalties(problem, a, row_penalty);
            for (int i = 0; i < k; ++i)
                for (int t = 0; t < k; ++t) (*penalty)[free_cell[i] * (n + 1) + missing[t]] = row_penalty[i][t];
        }
        for (int i = 0; i < k; ++i) {
            const int cell = free_cell[i];
            const int d = missing[a.column[i]];
            result.digit[cell] = static_cast<std::uint8_t>(d);
            subgradient[(cell % n) * n + d - 1] -= 1;
            subgradient[n * n + geo.unit_of[cell][2] % n * n + d - 1] -= 1;
        }
    }
    result.value = value;
    result.is_completion = true;
    for (double g : subgradient)
        if (g != 0) {
            result.is_completion = false;
            break;
        }
    return result;
}

int strike_hopeless_candidates(Board& board, const Weights& weights, const Multipliers& m, double cutoff,
                               std::vector<double>* slack) {
    const int n = board.geo->n;
    std::vector<double> g, penalty(n * n * (n + 1), 0.0);
    const BoundResult bound = evaluate_bound(board, weights, m, g, &penalty);
    if (!bound.feasible || bound.value < cutoff) return -1;
    if (slack) {
        slack->assign(penalty.size(), -1.0);
        for (int cell = 0; cell < n * n; ++cell)
            for (std::uint32_t mask = board.value[cell] ? 0 : board.cand[cell]; mask; mask &= mask - 1) {
                const int d = lowest_digit(mask);
                (*slack)[cell * (n + 1) + d] = bound.value - penalty[cell * (n + 1) + d] - cutoff;
            }
    }
    std::vector<std::pair<int, int>> hopeless;
    for (int cell = 0; cell < n * n; ++cell) {
        if (board.value[cell]) continue;
        for (std::uint32_t mask = board.cand[cell]; mask; mask &= mask - 1) {
            const int d = lowest_digit(mask);
            if (bound.value - penalty[cell * (n + 1) + d] < cutoff) hopeless.emplace_back(cell, d);
        }
    }
    if (hopeless.empty()) return 0;
    return board.strike(hopeless) ? int(hopeless.size()) : -1;
}

// Polyak steps towards `target`; the step factor halves after a few steps without progress.
BoundResult tighten_bound(const Board& board, const Weights& weights, Multipliers& m, int iterations,
                          double cutoff, double target) {
    const int n = board.geo->n;
    std::vector<double> g, best_g;
    BoundResult best = evaluate_bound(board, weights, m, best_g);
    if (!best.feasible || best.is_completion || best.value < cutoff) return best;
    int evaluations = 1;
    Multipliers current = m;
    BoundResult now = best;
    g = best_g;
    int since_progress = 0;
    const double target_gap = iterations > kStallWindow ? kRootTargetGap : kNodeTargetGap;
    double checkpoint = best.value;
    for (int it = 0; it < iterations; ++it) {
        if (it % kStallWindow == kStallWindow - 1) {
            if (checkpoint - best.value < 0.05) break;
            checkpoint = best.value;
        }
        double norm = 0;
        for (double x : g) norm += x * x;
        const double gap = std::max(now.value - std::max(target, best.value - target_gap), 0.5);
        const double step = current.step_scale * gap / norm;
        if (!std::isfinite(step)) break;
        for (int i = 0; i < n * n; ++i) {
            current.col[i] -= step * g[i];
            current.box[i] -= step * g[n * n + i];
        }
        now = evaluate_bound(board, weights, current, g);
        now.evaluations = ++evaluations;
        if (!now.feasible) return now;
        if (now.is_completion) {
            // A zero subgradient: L equals the score of a completion, so both are the optimum.
            m.col = current.col;
            m.box = current.box;
            m.potential = current.potential;
            return now;
        }
        if (now.value < best.value - 1e-9) {
            best = now;
            m.col = current.col;
            m.box = current.box;
            m.potential = current.potential;
            since_progress = 0;
        } else if (++since_progress >= kPatience) {
            current.step_scale *= 0.5;
            since_progress = 0;
        }
        m.step_scale = current.step_scale;
        if (best.is_completion || best.value < cutoff) break;
    }
    best.evaluations = evaluations;
    return best;
}

}  // namespace sudoku::target_detail
