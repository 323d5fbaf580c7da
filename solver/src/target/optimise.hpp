// The reference target optimiser's state, shared by its parts: depth-first branch and bound.
//
//   incumbent   the first completion of a greedy dive (high digits first); it also decides
//               feasibility, since the dive is a complete search (past a node budget the
//               solver's own search of solve.hpp takes over). Then, between chunks of the
//               root descent, dives that follow the bound's choices among the candidates it
//               rates within 1 of itself: they usually find the optimum, which ends the root early.
//               On 16x16 grids, a round that runs long also searches large neighbourhoods of the
//               incumbent (search_neighbourhoods): some rounds are searches for the optimum.
//   bound       the Lagrangian bound of target/bound.hpp, multipliers inherited from the parent:
//               a long descent at the root, a few steps per node below it. On 16x16 grids the
//               root then takes the LP's own prices (target/lp_duals.hpp) where they bound lower:
//               the descent stalls points above the LP on sparse grids, whose LP is often tight.
//   pruning     scores are integers, so a node whose bound is below incumbent + 1 is done.
//   branching   in the tree, the free cell (children: its digits) or the unit and digit
//               (children: its places) whose children keep the least slack above the cutoff
//               by the strike's penalties; the bound's own choice first, then by reduced
//               profit. The dives branch on the cell with the fewest candidates.
//   second bound  when a round outgrows TargetTuning::placement_after_nodes, the LP is far from the
//               optimum: the placement bound of target/placement/placement.hpp, stronger than the LP,
//               descends at the root (its floor may prove the incumbent optimal, or cap the
//               rounds); when it is clearly below the LP, every later node takes a step of it
//               and strikes what its penalties rule out. On 9x9 it then bounds the nodes alone,
//               its slack driving the probing and the branching; 16x16 keeps the row bound too.//
// The parts, one file each: optimise.cpp (the incumbents, the entry points), optimise_root.cpp
// (the root's descent and dives, the aspiration rounds), optimise_node.cpp (a node: bound, strike,
// probing, branching), shared_rounds.cpp (a round's tree on several threads), neighbourhoods.cpp
// (the large neighbourhood search of 16x16 grids). Their tuning is tuning.hpp.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/target.hpp"
#include "target/board.hpp"
#include "target/bound.hpp"
#include "target/improve.hpp"
#include "target/instrumented.hpp"
#include "target/placement/placement.hpp"
#include "target/shared_search.hpp"
#include "target/tuning.hpp"

namespace sudoku::target_detail {

constexpr double kEpsilon = 1e-6;
constexpr double kNotTried = -1;  // trial_drop_ of a candidate the second probing did not try

using Child = std::pair<int, int>;  // a branch: (cell, digit)

// A subtree one worker of a shared round hands to another: a node (its board after its strikes,
// its multipliers of both bounds, its bound) and its children not yet taken.
struct Subtree {
    int depth = 0;
    Board board;
    Multipliers multipliers;
    std::vector<double> placement_mu;
    double value = 0;
    std::vector<Child> children;
};
using SubtreePool = WorkPool<Subtree>;

// The free cell to branch on: fewest candidates, then the heaviest weight.
inline int branching_cell(const Board& board, const Weights& weights) {
    int best = -1, best_count = 99, best_weight = 0;
    for (std::size_t cell = 0; cell < board.value.size(); ++cell) {
        if (board.value[cell]) continue;
        const int count = digit_count(board.cand[cell]);
        const int weight = weights.at(int(cell));
        if (count < best_count || (count == best_count && weight > best_weight)) {
            best = int(cell);
            best_count = count;
            best_weight = weight;
        }
    }
    return best;
}

class BranchAndBound {
public:
    BranchAndBound(const Grid& puzzle, const Weights& weights, const Board& root, const TargetTuning& options);

    // False when the grid has no completion (optimise.cpp).
    bool first_incumbent();
    // The aspiration rounds from the root (optimise_root.cpp).
    void optimise();

    // The incumbent: meaningful once a completion was recorded (the greedy dive records one
    // whenever any exists), nullopt before.
    std::optional<std::int64_t> best() const { return found_ ? std::optional<std::int64_t>(best_) : std::nullopt; }
    const TargetStats& stats() const { return stats_; }
    const std::vector<std::uint8_t>& best_digits() const { return best_digits_; }

private:
    // The incumbents (optimise.cpp).
    bool dive(int depth);
    void place_digits(const Board& root, const std::vector<double>* mu = nullptr);
    std::int64_t digit_sum_upper(const Board& root);
    void record(const std::vector<std::uint8_t>& found);
    // A board without free cells is a completion: recorded, and the node is done.
    bool record_if_complete(const Board& board) {
        if (board.free_cells != 0) return false;
        record(board.value);
        return true;
    }

    // The root (optimise_root.cpp).
    BoundResult descend_at_root(Multipliers& m);
    void dive_within_margin(const BoundResult& root, const Multipliers& m);
    BoundResult lp_at_root(const Board& root_board, Multipliers& m, const BoundResult& root);
    BoundResult settle_root(const Board& root_board, Multipliers& m);
    std::int64_t placement_upper(const Board& root_board, const Multipliers& root_multipliers, double& value);
    bool placement_at_once(const BoundResult& root) const;
    bool incumbent_far_below(const BoundResult& root) const;

    // The nodes (optimise_node.cpp).
    void search(int depth);
    void expand(int depth);
    std::vector<Child> row_node(int depth);
    std::vector<Child> placement_node(int depth);
    double placement_step(int depth);
    bool placement_alone() const { return placement_ && placement_alone_; }
    bool guided_dive(int depth, const BoundResult& bound, const Multipliers& m);
    void dive_below_aim(int depth, const BoundResult& bound, const Multipliers& m);
    bool drop_exceeds_gap(const Board& board, const Board& trial, int depth, bool by_digit) const;
    double trial_drop(const Board& board, const Board& trial) const;
    std::vector<Child> tried_children(const Board& board, double gap) const;
    std::vector<Child> least_slack_children(const Board& board, const std::vector<double>& slack);
    static std::vector<Child> cell_children(const Board& board, int cell);
    std::vector<Child> ordered(std::vector<Child> children, const Board& board, const BoundResult& bound,
                               const Multipliers& m) const;
    double cutoff() const { return double(floor_) + 1 - kEpsilon; }

    // A round's tree on several threads (shared_rounds.cpp).
    bool shares_round() const;
    void search_shared();
    void join_round(const BranchAndBound& leader, SubtreePool& pool, SharedRound& round);
    void work();
    void share_work(int depth);
    void take_shared_incumbent();
    // The nodes this round has run, by every thread.
    std::uint64_t round_nodes() const {
        return shared_ ? shared_->nodes.load(std::memory_order_relaxed) : stats_.nodes - round_start_;
    }

    // The large neighbourhood search (neighbourhoods.cpp).
    void search_neighbourhoods();

    const Grid puzzle_;
    const Weights& weights_;
    const TargetTuning options_;
    std::vector<Board> boards_;
    target_detail::LagrangianBound bound_;        // loaded with whichever board is being bounded
    target_detail::CompletionImprover improver_;  // also knows which digits are interchangeable
    std::vector<Multipliers> multipliers_;
    std::vector<BoundResult> bounds_;         // per depth: the node's last bound, read while its children run
    std::vector<std::vector<double>> slack_;  // per depth: the last strike's slack per candidate
    std::vector<double> gap_;                 // per depth: how far that strike's bound was above the cutoff
    std::vector<double> node_value_;          // per depth: the node's bound, read while its children run
    std::vector<double> unit_sum_;            // scratch of least_slack_children, per unit and digit
    std::vector<int> unit_places_;
    // Per depth: the node's children, and the next to take (another worker may take the rest).
    std::vector<std::vector<Child>> open_;
    std::vector<std::size_t> next_;
    // A shared round (search_shared): its pool of subtrees, its incumbent and node count, the depth of the
    // subtree this worker runs, and the leader's helpers (kept from round to round).
    SubtreePool* pool_ = nullptr;
    SharedRound* shared_ = nullptr;
    int base_ = 0;
    std::vector<std::unique_ptr<BranchAndBound>> helpers_;
    // The incumbent, and what nodes must promise more than (the incumbent or the aim - 1): read
    // only once found_. The greedy dive runs before any bound, and until its first completion
    // there is no score to prune against.
    bool found_ = false;
    std::int64_t best_ = 0;
    std::int64_t floor_ = 0;
    std::int64_t proven_upper_ = std::numeric_limits<std::int64_t>::max();  // no completion scores more
    std::int64_t nodes_left_ = 0;                                           // the round's node budget
    // The placement bound, once it joined in: its root multipliers and, per depth, the node's.
    std::unique_ptr<target_detail::PlacementBound> placement_;
    bool placement_alone_ = false;  // the nodes take it without the row bound (placement_node)
    std::vector<double> root_mu_;
    // Scratch of the 16x16 nodes' second probing: the digits' losses, and per cell * (n + 1) +
    // digit the drop its trial showed (kNotTried: none).
    target_detail::PlacementBound::DigitLosses digit_losses_;
    std::vector<double> trial_drop_;
    std::vector<std::vector<double>> placement_mu_;
    TargetStats stats_;
    int dive_budget_ = 0;
    // The neighbourhood searches (search_neighbourhoods): whether they run, the round's node count
    // that starts the next, and their draws. A neighbourhood's own search stops at node_limit_.
    bool neighbourhoods_ = true;
    std::uint64_t round_start_ = 0, next_neighbourhoods_ = 0;
    Rng neighbourhood_random_{kNeighbourhoodSeed};
    std::uint64_t node_limit_ = std::numeric_limits<std::uint64_t>::max();
    bool stopped_ = false;
    std::int64_t first_dive_left_ = 0;       // the greedy dive's nodes left (first_incumbent)
    int node_iterations_ = kNodeIterations;  // the row bound's descent steps per node
    double dive_margin_ = kDiveMargin;       // widened after each root dive that found nothing better
    std::vector<std::uint8_t> best_digits_;
};

}  // namespace sudoku::target_detail
