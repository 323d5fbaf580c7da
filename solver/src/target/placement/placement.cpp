#include "target/placement/placement.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "target/assignment.hpp"

namespace sudoku::target_detail {

namespace {
constexpr double kNone = -std::numeric_limits<double>::infinity();
// The descent, tuned on the slowest puzzles of 4,000 per band: a first factor of 1 took 80-200
// steps to cross the next integer where 2 (with patience 10) took 15-90; 4 and up never
// recovered from their first steps. A window of 30 steps that gains under kStall, and under half
// of what lies above the next integer, ends it (a bound stuck above the cutoff costs 30 steps
// instead of 300).
constexpr double kFirstScale = 2.0;
constexpr int kPatience = 10;
constexpr double kTargetGap = 2.0;
constexpr int kWindow = 30;
constexpr double kStall = 0.1;

// Digit by digit, for box 2 (box 3 runs every digit at once in target/placement/lanes.hpp, box 4
// through the placement graph in target/placement/graph_lanes.hpp). The two halves of
// best_placement with the box size fixed at compile time, so that the loops over bands and
// permutations unroll.
constexpr int factorial(int b) { return b <= 1 ? 1 : b * factorial(b - 1); }

// Per stack s and row tuple t: the best sigma's value and index, at [s * tuples + t].
template <int B>
void fill_stack_tables(const double* profit, int n, int tuples, const int* tuple_rows, const int* perms,
                       double* stack_best, int* stack_sigma) {
    constexpr int kPerms = factorial(B);
    for (int s = 0; s < B; ++s)
        for (int t = 0; t < tuples; ++t) {
            const int* rows = tuple_rows + t * B;
            const double* line[B];
            for (int b = 0; b < B; ++b) line[b] = profit + (b * B + rows[b]) * n + s * B;
            double best = kNone;
            int best_p = 0;
            for (int p = 0; p < kPerms; ++p) {
                const int* sigma = perms + p * B;
                double sum = 0;
                for (int b = 0; b < B; ++b) sum += line[b][sigma[b]];
                if (sum > best) {
                    best = sum;
                    best_p = p;
                }
            }
            stack_best[s * tuples + t] = best;
            stack_sigma[s * tuples + t] = best_p;
        }
}

// The best combination of one permutation per band: its value (kNone when none is finite).
template <int B>
double best_combination(const double* table, const std::vector<int>& combo_rows, int& best_combo) {
    double best = kNone;
    const int combos = int(combo_rows.size()) / B;
    const int* at = combo_rows.data();
    for (int c = 0; c < combos; ++c, at += B) {
        double sum = 0;
        for (int s = 0; s < B; ++s) sum += table[at[s]];
        if (sum > best) {
            best = sum;
            best_combo = c;
        }
    }
    return best;
}

// best_through_cells' halves, the box size fixed the same way.
template <int B>
void pin_stack_entries(const double* profit, int n, int tuples, const int* tuple_rows, const int* perms,
                       double* pinned_all) {
    constexpr int kPerms = factorial(B);
    for (int s = 0; s < B; ++s)
        for (int t = 0; t < tuples; ++t) {
            const int* rows = tuple_rows + t * B;
            const double* line[B];
            for (int b = 0; b < B; ++b) line[b] = profit + (b * B + rows[b]) * n + s * B;
            double* pinned = pinned_all + (s * tuples + t) * B * B;
            for (int p = 0; p < kPerms; ++p) {
                const int* sigma = perms + p * B;
                double sum = 0;
                for (int b = 0; b < B; ++b) sum += line[b][sigma[b]];
                for (int b = 0; b < B; ++b) pinned[b * B + sigma[b]] = std::max(pinned[b * B + sigma[b]], sum);
            }
        }
}

template <int B>
void best_of_others(const double* table, const std::vector<int>& combo_rows, double* others) {
    const int combos = int(combo_rows.size()) / B;
    const int* at = combo_rows.data();
    for (int c = 0; c < combos; ++c, at += B)
        for (int s = 0; s < B; ++s) {
            double rest = 0;
            for (int o = 0; o < B; ++o)
                if (o != s) rest += table[at[o]];
            others[at[s]] = std::max(others[at[s]], rest);
        }
}
}  // namespace

void PlacementBound::prepare(int box) {
    box_ = box;
    std::vector<int> p(box);
    for (int i = 0; i < box; ++i) p[i] = i;
    perms_.clear();
    do perms_.push_back(p);
    while (std::next_permutation(p.begin(), p.end()));
    perm_flat_.clear();
    for (const std::vector<int>& perm : perms_) perm_flat_.insert(perm_flat_.end(), perm.begin(), perm.end());
    tuples_ = 1;
    for (int b = 0; b < box; ++b) tuples_ *= box;
    // A stack's row tuple: band 0's row the most significant base-box digit.
    tuple_rows_.assign(tuples_ * box, 0);
    for (int t = 0; t < tuples_; ++t)
        for (int b = box - 1, rest = t; b >= 0; --b, rest /= box) tuple_rows_[t * box + b] = rest % box;
    // Every combination of one permutation per band (pi_b = perms_[(c / count^b) % count]), as
    // the row tuple it gives each stack.
    const int count = int(perms_.size());
    int combos = 1;
    for (int b = 0; b < box; ++b) combos *= count;
    combo_rows_.assign(combos * box, 0);
    for (int c = 0; c < combos; ++c)
        for (int s = 0; s < box; ++s) {
            int tuple = 0;
            for (int b = 0, rest = c; b < box; ++b, rest /= count) tuple = tuple * box + perms_[rest % count][s];
            combo_rows_[c * box + s] = s * tuples_ + tuple;  // straight into the stack table
        }
}

bool PlacementBound::best_placement(const Board& board, const std::vector<double>& mu, int digit, double& value,
                                    std::vector<int>& covered) {
    const int box = board.geo->box, n = board.geo->side;
    const std::uint32_t bit = digit_bit(digit);
    profit_.resize(n * n);
    for (int cell = 0; cell < n * n; ++cell)
        profit_[cell] = (board.cand[cell] & bit) ? double(weights_.at(cell)) * digit - mu[cell] : kNone;
    if (box_ != box) prepare(box);
    stack_best_.resize(box * tuples_);
    stack_sigma_.resize(box * tuples_);
    int best_combo = 0;
    double best = kNone;
    fill_stack_tables<2>(profit_.data(), n, tuples_, tuple_rows_.data(), perm_flat_.data(), stack_best_.data(),
                         stack_sigma_.data());
    best = best_combination<2>(stack_best_.data(), combo_rows_, best_combo);
    if (best == kNone) return false;
    value = best;
    for (int s = 0; s < box; ++s) {
        const int entry = combo_rows_[best_combo * box + s], t = entry - s * tuples_;
        const std::vector<int>& sigma = perms_[stack_sigma_[entry]];
        for (int b = 0; b < box; ++b) ++covered[(b * box + tuple_rows_[t * box + b]) * n + s * box + sigma[b]];
    }
    return true;
}

void PlacementBound::best_through_cells(const Board& board, std::vector<double>& through) {
    const int box = board.geo->box, n = board.geo->side;
    const int entries = box * tuples_;
    // Per stack table entry: the best sum with sigma(b) = j, at [entry * box * box + b * box + j];
    // then the best the other stacks add in a combination that uses the entry.
    pinned_.assign(entries * box * box, kNone);
    others_.assign(entries, kNone);
    pin_stack_entries<2>(profit_.data(), n, tuples_, tuple_rows_.data(), perm_flat_.data(), pinned_.data());
    best_of_others<2>(stack_best_.data(), combo_rows_, others_.data());
    through.assign(n * n, kNone);
    for (int s = 0; s < box; ++s)
        for (int t = 0; t < tuples_; ++t) {
            const int entry = s * tuples_ + t;
            if (others_[entry] == kNone) continue;
            for (int b = 0; b < box; ++b) {
                const int row = b * box + tuple_rows_[t * box + b];
                for (int j = 0; j < box; ++j) {
                    double& best = through[row * n + s * box + j];
                    best = std::max(best, others_[entry] + pinned_[entry * box * box + b * box + j]);
                }
            }
        }
}

template <class Kernel, bool kChoices>
Kernel& PlacementBound::solve_lanes(std::unique_ptr<Kernel>& lanes, const Board& board, const std::vector<double>& mu) {
    if (!lanes) lanes = std::make_unique<Kernel>();
    lanes->set_profits(board.cand.data(), weights_.w.data(), mu.data());
    if constexpr (kChoices)
        lanes->solve();
    else
        lanes->solve_values();
    return *lanes;
}

PlacementGraphLanes& PlacementBound::solve_graph_lanes(const Board& board, const std::vector<double>& mu) {
    if (graph_lanes_ && mu == solved_mu_ && board.cand == solved_cand_) return *graph_lanes_;
    solved_mu_ = mu;
    solved_cand_ = board.cand;
    return solve_lanes(graph_lanes_, board, mu);
}

template <class Kernel>
bool PlacementBound::lane_penalties(Kernel& lanes, int n, double cutoff, double& total) {
    for (int d = 1; d <= n; ++d) {
        if (lanes.best(d - 1) == kNone) return false;
        total += lanes.best(d - 1);
    }
    if (total < cutoff) return false;
    lanes.solve_through();
    for (int d = 1; d <= n; ++d)
        for (int cell = 0; cell < n * n; ++cell)
            penalty_[cell * (n + 1) + d] = lanes.best(d - 1) - lanes.through()[cell][d - 1];
    return true;
}

template <class Kernel>
double PlacementBound::lane_total(const Kernel& lanes, int n, double total, std::vector<int>& covered) {
    for (int d = 1; d <= n; ++d) {
        if (lanes.best(d - 1) == kNone) return kNone;
        total += lanes.best(d - 1);
        lanes.add_covered(d - 1, covered.data());
    }
    return total;
}

bool PlacementBound::penalties(const Board& board, const std::vector<double>& mu, double cutoff, double& total) {
    const int n = board.geo->side;
    total = 0;
    for (int cell = 0; cell < n * n; ++cell) total += mu[cell];
    penalty_.resize(n * n * (n + 1));  // every (cell, digit 1..n) is written below; digit 0 stays 0
    // Box 3 takes the values alone: the strike never reads which placement won.
    if (board.geo->box == 3)
        return lane_penalties(solve_lanes<PlacementLanes, false>(lanes_, board, mu), n, cutoff, total);
    if (board.geo->box == 4) return lane_penalties(solve_graph_lanes(board, mu), n, cutoff, total);
    covered_.assign(n * n, 0);
    for (int d = 1; d <= n; ++d) {
        double best = 0;
        if (!best_placement(board, mu, d, best, covered_)) return false;
        total += best;
        best_through_cells(board, through_);
        for (int cell = 0; cell < n * n; ++cell) penalty_[cell * (n + 1) + d] = best - through_[cell];
    }
    return total >= cutoff;
}

void PlacementBound::digit_losses(int n, DigitLosses& losses) const {
    constexpr double kNever = std::numeric_limits<double>::infinity();
    losses.forced = penalty_;
    losses.barred.resize(penalty_.size());
    // Per row, each digit's least and second least loss; a cell holding the least gets the
    // second (equal to the least when two cells tie), any other cell the least.
    std::array<double, kMaxSide + 1> least, second;
    for (int row = 0; row < n; ++row) {
        std::fill_n(least.begin(), n + 1, kNever);
        std::fill_n(second.begin(), n + 1, kNever);
        for (int cell = row * n; cell < row * n + n; ++cell) {
            const double* forced = penalty_.data() + cell * (n + 1);
            for (int d = 1; d <= n; ++d) {
                second[d] = std::min(second[d], std::max(least[d], forced[d]));
                least[d] = std::min(least[d], forced[d]);
            }
        }
        for (int cell = row * n; cell < row * n + n; ++cell) {
            const double* forced = penalty_.data() + cell * (n + 1);
            double* barred = losses.barred.data() + cell * (n + 1);
            for (int d = 1; d <= n; ++d) barred[d] = forced[d] == least[d] ? second[d] : least[d];
        }
    }
}

int PlacementBound::strike_hopeless(Board& board, const std::vector<double>& mu, double cutoff,
                                    std::vector<double>* slack, double* value) {
    const int n = board.geo->side;
    double total = 0;
    if (!penalties(board, mu, cutoff, total)) return -1;
    if (value) *value = total;
    if (slack) {
        slack->resize(penalty_.size());
        for (std::size_t i = 0; i < penalty_.size(); ++i) (*slack)[i] = total - penalty_[i] - cutoff;
    }
    hopeless_.clear();
    for (int cell = 0; cell < n * n; ++cell) {
        if (board.value[cell]) continue;
        for (std::uint32_t mask = board.cand[cell]; mask; mask &= mask - 1) {
            const int d = lowest_digit(mask);
            if (total - penalty_[cell * (n + 1) + d] < cutoff) hopeless_.emplace_back(cell, d);
        }
    }
    if (hopeless_.empty()) return 0;
    return board.strike(hopeless_) ? int(hopeless_.size()) : -1;
}

double PlacementBound::evaluate(const Board& board, const std::vector<double>& mu, std::vector<int>& covered) {
    const int n = board.geo->side;
    covered.assign(n * n, 0);
    double total = 0;
    for (int cell = 0; cell < n * n; ++cell) total += mu[cell];
    if (board.geo->box == 3) return lane_total(solve_lanes(lanes_, board, mu), n, total, covered);
    if (board.geo->box == 4) return lane_total(solve_graph_lanes(board, mu), n, total, covered);
    for (int d = 1; d <= n; ++d) {
        double value = 0;
        if (!best_placement(board, mu, d, value, covered)) return kNone;
        total += value;
    }
    return total;
}

// Polyak steps towards the incumbent, or 2 below the best L when that is closer; the factor
// starts at 2 and halves after kPatience steps without a new best.
double PlacementBound::descend(const Board& board, std::vector<double>& mu, int iterations, double cutoff,
                               double target) {
    const int cells = board.geo->cells;
    std::vector<int> covered;
    std::vector<double> current = mu;
    double best = evaluate(board, current, covered);
    if (best == kNone) return best;
    double now = best, scale = kFirstScale, checkpoint = best;
    int since_progress = 0;
    for (int it = 0; it < iterations && best >= cutoff; ++it) {
        if (it % kWindow == kWindow - 1) {
            const double gain = checkpoint - best, above_integer = best - std::floor(best);
            if (gain < kStall && gain < above_integer / 2) break;
            checkpoint = best;
        }
        double norm = 0;
        for (int cell = 0; cell < cells; ++cell) norm += double(1 - covered[cell]) * (1 - covered[cell]);
        if (norm == 0) break;  // every cell covered once: L is the score of a completion
        const double step = scale * std::max(now - std::max(target, best - kTargetGap), 0.05) / norm;
        for (int cell = 0; cell < cells; ++cell) current[cell] -= step * (1 - covered[cell]);
        now = evaluate(board, current, covered);
        if (now < best - 1e-9) {
            best = now;
            mu = current;
            since_progress = 0;
        } else if (++since_progress >= kPatience) {
            scale *= 0.5;
            since_progress = 0;
        }
    }
    return best;
}

}  // namespace sudoku::target_detail
