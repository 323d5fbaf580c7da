// A node of the target optimiser's branch and bound: its bound (the row bound's descent, or the
// placement bound), the strikes of hopeless candidates, probing, and the branching by slack; the
// guided dives that turn a bound's choices into completions.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "target/optimise.hpp"

namespace sudoku::target_detail {

// A depth-first search that follows the bound's row choices, then the reduced profits: the
// Lagrangian solution repaired into a completion. Gives up after its node budget.
bool BranchAndBound::guided_dive(int depth, const BoundResult& bound, const Multipliers& m) {
    Board& board = boards_[depth];
    if (board.free_cells == 0) {
        record(board.value);
        return true;
    }
    if (--dive_budget_ < 0) return false;
    for (auto [cell, d] : ordered(cell_children(board, branching_cell(board, weights_)), board, bound, m)) {
        boards_[depth + 1] = board;
        if (boards_[depth + 1].assign(cell, d) && guided_dive(depth + 1, bound, m)) return true;
        if (dive_budget_ < 0) return false;
    }
    return false;
}

void BranchAndBound::search(int depth) {
    Board& board = boards_[depth];
    if (shared_) {
        take_shared_incumbent();
        if (pool_->hungry()) share_work(depth);
    }
    if (record_if_complete(board)) return;
    if (stats_.nodes >= node_limit_) stopped_ = true;
    if (stopped_ || best_ >= proven_upper_ || --nodes_left_ < 0) return;
    if (!improver_.order_possible(board)) return;  // holds no optimum: its relabelling gains
    // A rectangle whose swap gains holds no optimum either (fewer nodes: bench/results/solver-decisions.md).
    if (improver_.strike_dominated(board) < 0 || record_if_complete(board)) return;
    ++stats_.nodes;
    if (shared_) shared_->nodes.fetch_add(1, std::memory_order_relaxed);
    if (neighbourhoods_ && board.geo->box == 4 && round_nodes() >= next_neighbourhoods_) {
        next_neighbourhoods_ *= kNeighbourhoodsGrowth;
        search_neighbourhoods();
        if (best_ >= proven_upper_) return;
    }
    open_[depth] = placement_alone() ? placement_node(depth) : row_node(depth);
    next_[depth] = 0;
    expand(depth);
}

// The children of the node at `depth` not yet taken (open_[depth] from next_[depth]), in turn.
void BranchAndBound::expand(int depth) {
    while (next_[depth] < open_[depth].size()) {
        const auto [cell, d] = open_[depth][next_[depth]++];
        boards_[depth + 1] = boards_[depth];
        if (!boards_[depth + 1].assign(cell, d)) continue;
        multipliers_[depth + 1] = multipliers_[depth];
        search(depth + 1);
        if (node_value_[depth] < cutoff() || nodes_left_ < 0 || stopped_) return;
    }
}

// A node under the row bound: its descent from the parent's multipliers, the strike (twice at
// most), probing. Returns the children to branch into, best first; none when the node is done.
std::vector<Child> BranchAndBound::row_node(int depth) {
    Board& board = boards_[depth];
    Multipliers& m = multipliers_[depth];
    BoundResult& bound = bounds_[depth];
    bound_.load(board);
    for (int round = 0;; ++round) {
        bound = bound_.tighten(m, node_iterations_, cutoff(), cutoff() - kNodeAimBelowCutoff);
        node_value_[depth] = bound.value;
        stats_.evaluations += bound.evaluations;
        if (!bound.feasible) return {};
        if (bound.value < cutoff()) {
            dive_below_aim(depth, bound, m);
            return {};
        }
        if (bound.is_completion) {
            record(bound.digit);
            return {};
        }
        if (round == kStrikeRounds) break;
        const int struck = bound_.strike_hopeless(board, m, cutoff(), &slack_[depth]);
        gap_[depth] = bound_.struck_from() - cutoff();
        ++stats_.evaluations;
        if (struck < 0) return {};
        if (struck == 0) break;
        if (record_if_complete(board)) return {};
    }
    // The strike's slack stays valid for the candidates that survive the probing.
    if (board.probe(kProbeWidth,
                    [&](const Board& trial, int, int) { return drop_exceeds_gap(board, trial, depth, false); }) < 0 ||
        record_if_complete(board))
        return {};
    if (placement_) {  // 16x16, or the bounds close: the placement step and strike besides
        if (placement_step(depth) < cutoff()) return {};
        double value = 0;
        if (placement_->strike_hopeless(board, placement_mu_[depth], cutoff(), nullptr, &value) < 0 ||
            record_if_complete(board))
            return {};
        if (board.geo->box == 4) {
            const double gap = value - cutoff();
            const int n = board.geo->side;
            placement_->digit_losses(n, digit_losses_);
            trial_drop_.assign(n * n * (n + 1), kNotTried);
            if (board.probe(kLossProbeWidth16,
                            [&](const Board& trial, int cell, int d) {
                                const double drop = trial_drop(board, trial);
                                trial_drop_[cell * (n + 1) + d] = drop;
                                return drop > gap;
                            }) < 0 ||
                record_if_complete(board))
                return {};
            std::vector<Child> children = tried_children(board, gap);
            if (!children.empty()) return ordered(std::move(children), board, bound, m);
        }
    }
    return ordered(least_slack_children(board, slack_[depth]), board, bound, m);
}

// Box 4: a node pruned below the round's aim may still hold a completion better than the
// incumbent; a guided dive from it looks for one. On sparse 16x16 grids the dives of the root
// may end far below the optimum, and a round that fails at its aim leaves the next round, aimed
// lower, to find the optimum under a low cutoff, at many more nodes. With these dives the first
// of those rounds finds it and the search ends there (figures: bench/results/solver-decisions.md).
void BranchAndBound::dive_below_aim(int depth, const BoundResult& bound, const Multipliers& m) {
    if (boards_[depth].geo->box != 4 || bound.value < double(best_) + 1) return;
    dive_budget_ = kPrunedDiveBudget;
    guided_dive(depth, bound, m);
}

// The placement bound at a node that keeps the row bound too: a descent from the parent's
// multipliers (the root's at depth 0), one step on 9x9, up to 30 on 16x16; the node's
// multipliers stay in placement_mu_[depth]. Returns the bound.
double BranchAndBound::placement_step(int depth) {
    std::vector<double>& mu = placement_mu_[depth];
    mu = depth > 0 ? placement_mu_[depth - 1] : root_mu_;
    ++stats_.placement_nodes;
    const int steps = boards_[depth].geo->box == 4 ? kPlacementNodeIterations16 : kPlacementNodeIterations;
    return placement_->descend(boards_[depth], mu, steps, cutoff(), double(floor_));
}

// A 9x9 node once the placement bound has joined in: that bound alone, at the root's
// multipliers, bounds the node and strikes, and its slack drives the probing and the
// branching, without the row bound: the tree is smaller without it. No descent step from the
// parent's multipliers either: it rarely raised the bound and cost two evaluations of three
// (figures: bench/results/solver-decisions.md).
std::vector<Child> BranchAndBound::placement_node(int depth) {
    Board& board = boards_[depth];
    std::vector<double>& slack = slack_[depth];
    ++stats_.placement_nodes;
    if (placement_->strike_hopeless(board, root_mu_, cutoff(), &slack, &node_value_[depth]) < 0 ||
        record_if_complete(board))
        return {};
    gap_[depth] = node_value_[depth] - cutoff();
    if (board.probe(kProbeWidth,
                    [&](const Board& trial, int, int) { return drop_exceeds_gap(board, trial, depth, true); }) < 0 ||
        record_if_complete(board))
        return {};
    std::vector<Child> children = least_slack_children(board, slack);
    const int n = board.geo->side;
    std::stable_sort(children.begin(), children.end(), [&](Child a, Child b) {
        return slack[a.first * (n + 1) + a.second] > slack[b.first * (n + 1) + b.second];
    });
    return children;
}

// Whether the placements singles forced in `trial` (a child of `board`) take the node's bound
// below the cutoff. At fixed multipliers the bound is a sum of independent problems, one per
// row (the row bound) or one per digit (the placement bound, `by_digit`), so it drops by at
// least the sum, over them, of the largest forcing penalty among the placements each sees.
bool BranchAndBound::drop_exceeds_gap(const Board& board, const Board& trial, int depth, bool by_digit) const {
    const int n = board.geo->side;
    const std::vector<double>& slack = slack_[depth];
    const double gap = gap_[depth];
    std::array<double, target_detail::kMaxSide + 1> most{};  // per row, or per digit
    auto count = [&](int cell) {
        const int d = trial.value[cell];
        double& worst = most[by_digit ? d : cell / n];
        worst = std::max(worst, gap - slack[cell * (n + 1) + d]);
    };
    // Eight cells a word: a trial forces few placements, and a test per cell was mispredicted.
    constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7f;
    const auto placed_bytes = [](std::uint64_t x) { return (((x & kLow7) + kLow7) | x) & ~kLow7; };
    const int cells = n * n;
    int cell = 0;
    for (; cell + 8 <= cells; cell += 8) {
        std::uint64_t in_trial, in_board;
        std::memcpy(&in_trial, trial.value.data() + cell, 8);
        std::memcpy(&in_board, board.value.data() + cell, 8);
        for (std::uint64_t fresh = placed_bytes(in_trial) & ~placed_bytes(in_board); fresh; fresh &= fresh - 1)
            count(cell + std::countr_zero(fresh) / 8);
    }
    for (; cell < cells; ++cell)
        if (!board.value[cell] && trial.value[cell]) count(cell);
    double drop = 0;
    for (double penalty : most) drop += penalty;
    return drop > gap;
}

// How far what `trial` (a child of `board`) forces takes the placement bound of the last
// strike down, at least. At fixed multipliers the digits are independent problems, each
// losing at least the largest of its losses: through each cell the trial places it on, around
// each cell the trial takes it from (digit_losses).
double BranchAndBound::trial_drop(const Board& board, const Board& trial) const {
    const int n = board.geo->side;
    std::array<double, target_detail::kMaxSide + 1> most{};  // per digit
    for (int cell = 0; cell < n * n; ++cell) {
        if (board.value[cell]) continue;
        const double* forced = digit_losses_.forced.data() + cell * (n + 1);
        const double* barred = digit_losses_.barred.data() + cell * (n + 1);
        if (const int d = trial.value[cell]) most[d] = std::max(most[d], forced[d]);
        for (std::uint32_t gone = board.cand[cell] & ~trial.cand[cell]; gone; gone &= gone - 1) {
            const int d = lowest_digit(gone);
            most[d] = std::max(most[d], barred[d]);
        }
    }
    double drop = 0;
    for (double loss : most) drop += loss;
    return drop;
}

// 16x16: the branching on a cell whose every candidate the second probing tried, the one
// whose children keep the least of the placement bound's lead (`gap`) in all, each child
// costing what its trial left of the lead plus kChildShare; none when no such cell has two
// candidates. A trial's drop is a look ahead through the singles the child will propagate,
// where the strike's slack sees the one candidate: the children it picks end sooner.
std::vector<Child> BranchAndBound::tried_children(const Board& board, double gap) const {
    const int n = board.geo->side;
    double best = std::numeric_limits<double>::infinity();
    int best_cell = -1;
    for (int cell = 0; cell < n * n; ++cell) {
        if (board.value[cell] || digit_count(board.cand[cell]) < 2) continue;
        double sum = 0;
        for (std::uint32_t mask = board.cand[cell]; mask && sum < best; mask &= mask - 1) {
            const double drop = trial_drop_[cell * (n + 1) + lowest_digit(mask)];
            sum +=
                drop == kNotTried ? std::numeric_limits<double>::infinity() : std::max(0.0, gap - drop) + kChildShare;
        }
        if (sum < best) {
            best = sum;
            best_cell = cell;
        }
    }
    return best_cell < 0 ? std::vector<Child>{} : cell_children(board, best_cell);
}

// The branching whose children keep the least slack in all: a free cell (children: its
// digits) or a unit and missing digit (children: its places), each child counted by the
// slack it keeps above the cutoff plus a share so that more children cost more.
std::vector<Child> BranchAndBound::least_slack_children(const Board& board, const std::vector<double>& slack) {
    const int n = board.geo->side;
    auto cost = [&](int cell, int d) { return std::max(0.0, slack[cell * (n + 1) + d]) + kChildShare; };
    double best = std::numeric_limits<double>::infinity();
    int best_cell = -1, best_unit = -1, best_digit = 0;
    // One pass over the cells gathers every cell's sum and every (unit, digit)'s: each unit
    // meets its cells in the order of its list, so the sums are those of a pass per unit.
    unit_sum_.assign(3 * n * (n + 1), 0.0);
    unit_places_.assign(3 * n * (n + 1), 0);
    for (int cell = 0; cell < n * n; ++cell) {
        if (board.value[cell]) continue;
        double sum = 0;
        for (std::uint32_t mask = board.cand[cell]; mask; mask &= mask - 1) {
            const int d = lowest_digit(mask);
            const double c = cost(cell, d);
            sum += c;
            for (int u : board.geo->unit_of[cell]) {
                unit_sum_[u * (n + 1) + d] += c;
                ++unit_places_[u * (n + 1) + d];
            }
        }
        if (digit_count(board.cand[cell]) >= 2 && sum < best) {
            best = sum;
            best_cell = cell;
        }
    }
    for (int u = 0; u < 3 * n; ++u)
        for (int d = 1; d <= n; ++d)
            if (unit_places_[u * (n + 1) + d] >= 2 && unit_sum_[u * (n + 1) + d] < best) {
                best = unit_sum_[u * (n + 1) + d];
                best_unit = u;
                best_digit = d;
            }
    if (best_unit < 0) return best_cell < 0 ? std::vector<Child>{} : cell_children(board, best_cell);
    std::vector<Child> children;
    for (int c : board.geo->units[best_unit])
        if (!board.value[c] && (board.cand[c] & digit_bit(best_digit))) children.emplace_back(c, best_digit);
    return children;
}

std::vector<Child> BranchAndBound::cell_children(const Board& board, int cell) {
    std::vector<Child> children;
    for (std::uint32_t mask = board.cand[cell]; mask; mask &= mask - 1) children.emplace_back(cell, lowest_digit(mask));
    return children;
}

// The bound's own choices first, then the others by reduced profit, best first.
std::vector<Child> BranchAndBound::ordered(std::vector<Child> children, const Board& board, const BoundResult& bound,
                                           const Multipliers& m) const {
    const int n = board.geo->side;
    auto key = [&](Child child) {
        const auto [cell, d] = child;
        if (bound.digit[cell] == d) return -1e18;
        const int c = cell % n, b = board.geo->unit_of[cell][2] - 2 * n;
        return -(double(weights_.at(cell)) * d - m.col[c * n + d - 1] - m.box[b * n + d - 1]);
    };
    std::stable_sort(children.begin(), children.end(), [&](Child a, Child b) { return key(a) < key(b); });
    return children;
}

}  // namespace sudoku::target_detail
