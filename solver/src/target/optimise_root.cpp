// The root of the target optimiser's branch and bound: its descent in chunks with a guided dive
// after each, the LP's own prices and a settled descent on 16x16 grids, the placement bound's
// descent when a round runs long, and the aspiration rounds that run the tree from it.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>

#include "target/lp_duals.hpp"
#include "target/optimise.hpp"

namespace sudoku::target_detail {

// Aspiration rounds: aim at floor(root bound) first, pruning every node that cannot reach
// the aim; the LP is nearly tight, so the first aim usually holds and the rest of the tree
// is cut at once. A failed round proves that nothing reaches the aim; the next aims lower,
// twice as far each time, never below incumbent + 1, so the last possible round is plain
// branch and bound. Incidental completions below the aim still raise the incumbent.
void BranchAndBound::optimise() {
    const Board root_board = boards_[0];
    Multipliers root_multipliers = multipliers_[0];
    BoundResult root = descend_at_root(root_multipliers);
    if (root_board.geo->box == 4 && root.feasible && root.value >= cutoff() && !root.is_completion)
        root = lp_at_root(root_board, root_multipliers, root);
    if (!root.feasible || root.value < cutoff()) return;
    if (root.is_completion) {
        record(root.digit);
        return;
    }
    proven_upper_ = std::int64_t(std::floor(root.value + kEpsilon));
    if (proven_upper_ > best_) {
        place_digits(root_board);
        proven_upper_ = std::min(proven_upper_, digit_sum_upper(root_board));
    }
    if (root_board.geo->box == 4 && root_board.free_cells >= options_.settle_root_free_cells && proven_upper_ > best_) {
        const BoundResult settled = settle_root(root_board, root_multipliers);
        if (!settled.feasible) return;
        if (settled.is_completion) record(settled.digit);
        proven_upper_ = std::min(proven_upper_, std::max(best_, std::int64_t(std::floor(settled.value + kEpsilon))));
    }
    bool placement_tried = !target_detail::PlacementBound::supports(root_board.geo->box);
    int failed_rounds = 0;
    for (std::int64_t step = 1; proven_upper_ > best_;) {
        const std::int64_t aim = std::max(best_ + 1, proven_upper_ - step + 1);
        floor_ = aim - 1;
        ++stats_.rounds;
        multipliers_[0] = root_multipliers;
        boards_[0] = root_board;  // candidates struck for a higher aim may be needed now
        nodes_left_ = placement_tried           ? std::numeric_limits<std::int64_t>::max()
                      : placement_at_once(root) ? 0
                                                : options_.placement_after_nodes;
        round_start_ = stats_.nodes;
        next_neighbourhoods_ = kNeighbourhoodsAfterNodes;
        if (shares_round())
            search_shared();
        else
            search(0);
        if (stopped_) return;
        if (nodes_left_ < 0) {
            // The LP leaves a gap the tree is slow to close: the stronger bound, once, then
            // the rounds again from what it proves, without a budget.
            placement_tried = true;
            double placement_value = 0;
            proven_upper_ = std::min(proven_upper_, placement_upper(root_board, root_multipliers, placement_value));
            // 16x16 nodes keep it whatever the root found: their own descents make it much
            // stronger there (kPlacementNodeIterations16).
            if (!options_.placement_at_every_node && root_board.geo->box <= 3 &&
                placement_value >= root.value - kPlacementWorthAtNodes)
                placement_.reset();
            placement_alone_ = root_board.geo->box <= 3 && placement_value <= root.value - kPlacementAloneBelow;
            step = 1;
            continue;
        }
        if (best_ >= aim) return;  // the round ran as plain branch and bound from there on
        // Proven: nothing reaches the aim. A later round that finds aim - 1 stops there (search),
        // where it once went on to prove this again, a large part of a sparse 16x16 tree.
        proven_upper_ = aim - 1;
        // 16x16: the root bound lies near the LP (lp_at_root), which is often within a point or
        // two of the optimum, so the round after the first failure aims just below it, not two
        // below: a cutoff one point lower keeps the nodes whose bound lies within that point,
        // ten times the tree on a sparse grid (figures: bench/results/solver-decisions.md).
        if (++failed_rounds > 1 || root_board.geo->box != 4) step *= 2;
    }
}

// The root descent, in chunks with a guided dive after each: the dives usually find the
// optimum early, and the descent may stop once the bound is below it + 1 (scores are
// integers) instead of converging to the LP value; the Polyak steps also aim better once
// the incumbent is close. Stops when a chunk gains less than kRootStall, unless it gained at
// least half of what lies above the next integer: crossing one can save a whole round.
BoundResult BranchAndBound::descend_at_root(Multipliers& m) {
    BoundResult root;
    double previous = std::numeric_limits<double>::infinity();
    for (int spent = 0; spent < kRootIterations;) {
        bound_.load(boards_[0]);
        root = bound_.tighten(m, kRootChunk, cutoff(), double(best_));
        spent += root.evaluations;
        stats_.evaluations += root.evaluations;
        stats_.root_evaluations += root.evaluations;
        if (!root.feasible || root.value < cutoff() || root.is_completion) break;
        dive_within_margin(root, m);
        if (root.value < cutoff()) break;
        if (spent >= kRootIterationsFarBelow && boards_[0].geo->box == 3 && incumbent_far_below(root)) break;
        const double gain = previous - root.value, above_integer = root.value - std::floor(root.value);
        if (gain < kRootStall && gain < above_integer / 2) break;
        previous = root.value;
    }
    return root;
}

// A guided dive on a copy of the root with every candidate struck whose penalty exceeds
// the current margin (kDiveMargin, then wider): a heuristic (the optimum may need one of them), confining the dive
// to completions the bound rates within the margin of itself. Any completion found is real.
void BranchAndBound::dive_within_margin(const BoundResult& root, const Multipliers& m) {
    const Board saved = boards_[0];
    if (bound_.strike_hopeless(boards_[0], m, root.value - dive_margin_) < 0) boards_[0] = saved;
    dive_budget_ = kDiveBudget;
    const std::int64_t before = best_;
    guided_dive(0, root, m);
    if (best_ == before && root.value - double(best_) > kFarBelowShare * std::abs(root.value))
        dive_margin_ = std::min(2 * dive_margin_, kMaxDiveMargin);
    boards_[0] = saved;
}

// Box 4: the LP's own column and box prices (target/lp_duals.hpp) replace the root's
// multipliers once the row bound is lower there. Chunks of kLpChunk iterations until the
// bound falls below the cutoff or a chunk gains under kLpStall, at most kLpIterations.
BoundResult BranchAndBound::lp_at_root(const Board& root_board, Multipliers& m, const BoundResult& root) {
    bound_.load(root_board);
    target_detail::LpDuals lp(root_board, weights_);
    Multipliers trial = m;
    BoundResult best = root;
    double previous = std::numeric_limits<double>::infinity();
    for (int spent = 0; spent < kLpIterations; spent += kLpChunk) {
        lp.run(kLpChunk);
        lp.to_multipliers(trial);
        const BoundResult& now = bound_.tighten(trial, 0, cutoff(), double(best_));
        ++stats_.evaluations;
        ++stats_.root_evaluations;
        if (!now.feasible) return now;
        if (now.value < best.value) {
            best = now;
            m.col = trial.col;
            m.box = trial.box;
            m.potential = trial.potential;
        }
        if (now.value < cutoff() || now.is_completion || previous - now.value < kLpStall) break;
        previous = now.value;
    }
    return best;
}

// Sparse 16x16 grids: the root's descent once more, in the nodes' short steps, until a chunk
// gains less than kSettleGain. The LP's stall rule stops the root's own descent while the
// multipliers still move, and every node below inherits them (see kSettleChunks).
BoundResult BranchAndBound::settle_root(const Board& root_board, Multipliers& m) {
    boards_[0] = root_board;
    bound_.load(boards_[0]);
    BoundResult root;
    double previous = std::numeric_limits<double>::infinity();
    for (int chunk = 0; chunk < kSettleChunks; ++chunk) {
        root = bound_.tighten(m, kSettleChunkSteps, cutoff(), double(best_));
        stats_.evaluations += root.evaluations;
        stats_.root_evaluations += root.evaluations;
        if (!root.feasible || root.value < cutoff() || root.is_completion || previous - root.value < kSettleGain) break;
        previous = root.value;
    }
    return root;
}

// Whether the placement bound should join in now, before the round's node budget: when two
// rounds failed and the incumbent still lies more than kPlacementAtOnceShare of the root bound
// below it, the LP is far from the optimum (random weight matrices: 10-25 points) and the
// budget's 50 nodes are spent for nothing.
bool BranchAndBound::placement_at_once(const BoundResult& root) const {
    return stats_.rounds > kPlacementAtOnceRounds && incumbent_far_below(root);
}

bool BranchAndBound::incumbent_far_below(const BoundResult& root) const {
    return root.value - double(best_) > kPlacementAtOnceShare * std::abs(root.value);
}

// The placement bound at the root, on the candidates that could still beat the incumbent
// (those the row bound's penalties leave at the cutoff incumbent + 1): the optimum is at most
// the incumbent or the floor of that bound, whose value goes to `value`.
std::int64_t BranchAndBound::placement_upper(const Board& root_board, const Multipliers& root_multipliers,
                                             double& value) {
    ++stats_.placement_nodes;
    const double beat = double(best_) + 1 - kEpsilon;
    Board& board = boards_[0];
    board = root_board;
    bound_.load(board);
    value = -std::numeric_limits<double>::infinity();
    if (bound_.strike_hopeless(board, root_multipliers, beat) < 0) return best_;
    std::vector<double> mu;
    bound_.cell_duals(root_multipliers, mu);
    placement_ = std::make_unique<target_detail::PlacementBound>(weights_);
    value = placement_->descend(board, mu, kPlacementIterations, beat, double(best_));
    place_digits(root_board, &mu);
    if (value < beat) {  // proven: nothing beats the incumbent (also when a digit has no placement)
        placement_.reset();
        return best_;
    }
    root_mu_ = mu;
    placement_mu_.assign(board.geo->cells + 1, mu);
    return std::max(best_, std::int64_t(std::floor(value + kEpsilon)));
}

}  // namespace sudoku::target_detail
