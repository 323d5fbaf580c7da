#include "target/bound.hpp"

#include <cmath>

#include "target/assignment.hpp"

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

Multipliers initial_multipliers(const GridGeometry& geo, const Weights& weights) {
    const int n = geo.side;
    Multipliers m{std::vector<double>(n * n), std::vector<double>(n * n), 1.0, {}};
    double grid_mean = 0;
    for (int cell = 0; cell < n * n; ++cell) grid_mean += weights.at(cell);
    grid_mean /= n * n;
    for (int u = 0; u < n; ++u) {
        double column_mean = 0, box_mean = 0;
        for (int cell : geo.units[n + u]) column_mean += weights.at(cell);
        for (int cell : geo.units[2 * n + u]) box_mean += weights.at(cell);
        column_mean /= n;
        box_mean /= n;
        for (int d = 1; d <= n; ++d) {
            m.col[u * n + d - 1] = d * (column_mean - grid_mean);
            m.box[u * n + d - 1] = d * (box_mean - grid_mean);
        }
    }
    return m;
}

void LagrangianBound::load(const Board& board) {
    const GridGeometry& geo = *board.geo;
    const int n = n_ = geo.side;
    const std::uint32_t all = all_digits(n);
    board_ = &board;
    placed_score_ = 0;
    for (int cell = 0; cell < n * n; ++cell)
        if (board.value[cell]) placed_score_ += double(weights_.at(cell)) * board.value[cell];
    open_col_.clear();
    open_box_.clear();
    open_indicator_.assign(2 * n * n, 0.0);
    for (int u = 0; u < n; ++u) {
        for (std::uint32_t miss = all & ~board.placed[n + u]; miss; miss &= miss - 1) {
            open_col_.push_back(u * n + lowest_digit(miss) - 1);
            open_indicator_[open_col_.back()] = 1;
        }
        for (std::uint32_t miss = all & ~board.placed[2 * n + u]; miss; miss &= miss - 1) {
            open_box_.push_back(u * n + lowest_digit(miss) - 1);
            open_indicator_[n * n + open_box_.back()] = 1;
        }
    }
    rows_.resize(n);
    base_.clear();
    for (int r = 0; r < n; ++r) {
        Row& row = rows_[r];
        row.k = 0;
        row.first = int(base_.size());
        for (int cell : geo.units[r])
            if (!board.value[cell]) {
                row.cell[row.k] = cell;
                row.col_at[row.k] = (cell % n) * n - 1;
                row.box_at[row.k] = (geo.unit_of[cell][2] - 2 * n) * n - 1;
                ++row.k;
            }
        int j = 0;
        for (std::uint32_t miss = all & ~board.placed[r]; miss; miss &= miss - 1) row.digit[j++] = lowest_digit(miss);
        for (int i = 0; i < row.k; ++i) {
            const int cell = row.cell[i];
            for (int t = 0; t < row.k; ++t) {
                const int d = row.digit[t];
                base_.push_back((board.cand[cell] & digit_bit(d)) ? double(weights_.at(cell)) * d : kForbidden);
            }
        }
    }
}

void LagrangianBound::evaluate(const Multipliers& m, BoundResult& out, std::vector<double>& subgradient,
                               std::vector<double>* penalty, std::vector<double>* cell_dual) {
    const Board& board = *board_;
    const int n = n_;
    out.feasible = true;
    out.is_completion = false;
    out.evaluations = 1;
    out.digit = board.value;
    subgradient = open_indicator_;
    double value = placed_score_;
    for (int at : open_col_) value += m.col[at];
    for (int at : open_box_) value += m.box[at];
    if (m.potential.empty()) m.potential.assign(n * (n + 1), 0.0);
    for (int r = 0; r < n; ++r) {
        const Row& row = rows_[r];
        const int k = row.k;
        if (k == 0) continue;
        problem_.k = k;
        const double* base = base_.data() + row.first;
        for (int i = 0; i < k; ++i, base += k) {
            const double* col = m.col.data() + row.col_at[i];
            const double* box = m.box.data() + row.box_at[i];
            double* profit = problem_.profit[i].data();
            for (int t = 0; t < k; ++t) profit[t] = base[t] - col[row.digit[t]] - box[row.digit[t]];
        }
        double* potential = m.potential.data() + r * (n + 1);
        std::array<double, kMaxSide> hint;
        for (int t = 0; t < k; ++t) hint[t] = potential[row.digit[t]];
        const Assignment a = solve_assignment(problem_, hint.data());
        for (int t = 0; t < k; ++t) potential[row.digit[t]] = a.column_potential[t];
        if (!a.feasible) {
            out.feasible = false;
            return;
        }
        value += a.profit;
        if (cell_dual)
            for (int i = 0; i < k; ++i) (*cell_dual)[row.cell[i]] = a.row_potential[i];
        if (penalty) {
            forcing_penalties(problem_, a, row_penalty_);
            for (int i = 0; i < k; ++i)
                for (int t = 0; t < k; ++t) (*penalty)[row.cell[i] * (n + 1) + row.digit[t]] = row_penalty_[i][t];
        }
        for (int i = 0; i < k; ++i) {
            const int d = row.digit[a.column[i]];
            out.digit[row.cell[i]] = static_cast<std::uint8_t>(d);
            subgradient[row.col_at[i] + d] -= 1;
            subgradient[n * n + row.box_at[i] + d] -= 1;
        }
    }
    out.value = value;
    out.is_completion = true;
    for (double g : subgradient)
        if (g != 0) {
            out.is_completion = false;
            break;
        }
}

void LagrangianBound::cell_duals(const Multipliers& m, std::vector<double>& mu) {
    const Board& board = *board_;
    mu.assign(n_ * n_, 0.0);
    for (int cell = 0; cell < n_ * n_; ++cell)
        if (board.value[cell]) mu[cell] = double(weights_.at(cell)) * board.value[cell];
    evaluate(m, now_, g_, nullptr, &mu);
}

int LagrangianBound::strike_hopeless(Board& board, const Multipliers& m, double cutoff, std::vector<double>* slack) {
    const int n = n_;
    penalty_.assign(n * n * (n + 1), 0.0);
    evaluate(m, now_, g_, &penalty_);
    if (!now_.feasible || now_.value < cutoff) return -1;
    const double value = now_.value;
    if (slack) slack->assign(penalty_.size(), -1.0);
    hopeless_.clear();
    for (int cell = 0; cell < n * n; ++cell) {
        if (board.value[cell]) continue;
        for (std::uint32_t mask = board.cand[cell]; mask; mask &= mask - 1) {
            const int d = lowest_digit(mask);
            const double keeps = value - penalty_[cell * (n + 1) + d] - cutoff;
            if (slack) (*slack)[cell * (n + 1) + d] = keeps;
            if (keeps < 0) hopeless_.emplace_back(cell, d);
        }
    }
    if (hopeless_.empty()) return 0;
    if (!board.strike(hopeless_)) return -1;
    load(board);
    return int(hopeless_.size());
}

// Polyak steps towards `target`; the step factor halves after a few steps without progress.
const BoundResult& LagrangianBound::tighten(Multipliers& m, int iterations, double cutoff, double target) {
    const int n = n_;
    evaluate(m, best_, g_);
    if (!best_.feasible || best_.is_completion || best_.value < cutoff) return best_;
    int evaluations = 1;
    current_ = m;
    double now_value = best_.value;
    int since_progress = 0;
    const double target_gap = iterations > kStallWindow ? kRootTargetGap : kNodeTargetGap;
    double checkpoint = best_.value;
    for (int it = 0; it < iterations; ++it) {
        if (it % kStallWindow == kStallWindow - 1) {
            if (checkpoint - best_.value < 0.05) break;
            checkpoint = best_.value;
        }
        double norm = 0;
        for (double x : g_) norm += x * x;
        const double gap = std::max(now_value - std::max(target, best_.value - target_gap), 0.5);
        const double step = current_.step_scale * gap / norm;
        if (!std::isfinite(step)) break;
        for (int i = 0; i < n * n; ++i) {
            current_.col[i] -= step * g_[i];
            current_.box[i] -= step * g_[n * n + i];
        }
        evaluate(current_, now_, g_);
        ++evaluations;
        now_value = now_.value;
        if (!now_.feasible || now_.is_completion) {
            // Infeasible: the node is dead. A zero subgradient: L equals the score of a
            // completion, so both are the optimum.
            if (now_.feasible) {
                m.col = current_.col;
                m.box = current_.box;
                m.potential = current_.potential;
            }
            std::swap(best_, now_);
            best_.evaluations = evaluations;
            return best_;
        }
        if (now_.value < best_.value - 1e-9) {
            std::swap(best_, now_);
            m.col = current_.col;
            m.box = current_.box;
            m.potential = current_.potential;
            since_progress = 0;
        } else if (++since_progress >= kPatience) {
            current_.step_scale *= 0.5;
            since_progress = 0;
        }
        m.step_scale = current_.step_scale;
        if (best_.value < cutoff) break;
    }
    best_.evaluations = evaluations;
    return best_;
}

}  // namespace sudoku::target_detail
