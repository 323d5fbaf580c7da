// The reference target optimiser: depth-first branch and bound.
//
//   incumbent   the first completion of a greedy dive (high digits first); it also decides
//               feasibility, since the dive is a complete search (past a node budget the
//               solver's own search of solve.hpp takes over). Then, between chunks of the
//               root descent, dives that follow the bound's choices among the candidates it
//               rates within 1 of itself: they usually find the optimum, which ends the root early.
//               On 16x16 grids, a round that runs long also searches large neighbourhoods of the
//               incumbent (search_neighbourhoods): some rounds are searches for the optimum.
//   bound       the Lagrangian bound of target_bound.hpp, multipliers inherited from the parent:
//               a long descent at the root, a few steps per node below it. On 16x16 grids the
//               root then takes the LP's own prices (target_lp_duals.hpp) where they bound lower:
//               the descent stalls points above the LP on sparse grids, whose LP is often tight.
//   pruning     scores are integers, so a node whose bound is below incumbent + 1 is done.
//   branching   in the tree, the free cell (children: its digits) or the unit and digit
//               (children: its places) whose children keep the least slack above the cutoff
//               by the strike's penalties; the bound's own choice first, then by reduced
//               profit. The dives branch on the cell with the fewest candidates.
//   second bound  when a round outgrows TargetOptions::placement_after_nodes, the LP is far from the
//               optimum: the placement bound of target_placement.hpp, stronger than the LP,
//               descends at the root (its floor may prove the incumbent optimal, or cap the
//               rounds); when it is clearly below the LP, every later node takes a step of it
//               and strikes what its penalties rule out. On 9x9 it then bounds the nodes alone,
//               its slack driving the probing and the branching; 16x16 keeps the row bound too.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

#include "sudoku/rng.hpp"
#include "sudoku/solve.hpp"
#include "sudoku/target.hpp"
#include "target/board.hpp"
#include "target/bound.hpp"
#include "target/digit_sums.hpp"
#include "target/greedy.hpp"
#include "target/improve.hpp"
#include "target/lp_duals.hpp"
#include "target/placement/placement.hpp"
#include "target/shared_search.hpp"

namespace sudoku {

namespace {

using target_detail::Board;
using target_detail::BoundResult;
using target_detail::Multipliers;
using Child = std::pair<int, int>;  // a branch: (cell, digit)
using target_detail::SharedRound;

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
using WorkPool = target_detail::WorkPool<Subtree>;

constexpr double kEpsilon = 1e-6;
constexpr int kRootIterations = 400;
// 9x9: the root descent ends after this many steps when the incumbent lies more than
// kPlacementAtOnceShare of the bound below it. There the placement bound joins in early
// (placement_at_once) and descends from these multipliers on its own; the row bound's last steps
// bought little. Random weights 1..20 on the empty grid, 100 matrices: 36,402 -> 23,836 root
// evaluations, 2,657 -> 2,548 nodes, sum of times 426 -> 305 ms, #47 71.5 -> 67.0 M
// instructions (373 -> 425 nodes). The ring families (bench_target 200, 2,000 puzzles): five
// changed, by 1-3 nodes; their incumbents lie within that share. 200 steps for every grid
// instead: #142 of their random 0-10 clues 1.2 -> 17.9 ms.
constexpr int kRootIterationsFarBelow = 200;
constexpr int kRootChunk = 40;  // root descent steps between guided dives
// A chunk gaining less than this ends the root descent, unless it gained at least half of what
// still lies above the next integer (scores are integers: crossing one can save a whole round).
constexpr double kRootStall = 0.1;
constexpr int kDiveBudget = 200;  // nodes per guided dive
// The greedy dive's nodes before the solver's search takes over (first_incumbent). Its complete
// dives took at most 48 nodes on bench_target 200's 9x9 families; on bench_target16 10's bands of
// fourteen seeds most took under 200, four 1,000-4,600, and four had not completed at 10,000.
constexpr std::int64_t kFirstDiveNodes = 10000;
// Nodes per guided dive from a pruned 16x16 node (dive_below_aim): with 20, #9 of bench_target16's
// random 41-80 clue band (seed 7) found 11,647 instead of its optimum 11,648 and took a round of
// 18,506 more nodes; 200 and 1,000 both found it.
constexpr int kPrunedDiveBudget = 200;
// Root dives keep only candidates whose forcing penalty is at most this: 0.5, 1, 1.5, 2 and 4
// measured, 1 fastest overall (bench_target 100: 2.3x lower medians than undirected dives).
constexpr double kDiveMargin = 1.0;
// Where the LP sits 10-20 above the optimum (random weights on the empty grid) the optimum needs
// candidates the first margin strikes, and the dives keep finding nothing: after each dive that
// did not raise an incumbent lying more than this share of the bound below it, the margin
// doubles, up to kMaxDiveMargin. Random weights 1..20 on the empty grid: 62 -> 58 nodes per
// matrix (caps 8, 16 and 32 alike; doubling beat 4x). Without the share (any incumbent) the
// ring-weight families took up to 2.5x more nodes: their dives fail on budget, not on margin.
constexpr double kFarBelowShare = 0.015;
constexpr double kMaxDiveMargin = 16.0;
// Tuned by bench_target --stats (100 per family: 7,400 -> 6,100 bound evaluations in all).
constexpr int kNodeIterations = 2;
// Sparse 16x16 grids: the nodes take more steps, which their children inherit as a warm start,
// the more the sparser (bench_target16 10 --limit 10, seeds 7 and 20091120, against 2 steps):
// - from 176 free cells (80 clues or fewer), 12 steps: random 41-80 clue #8 of seed 20091120
//   116,055 -> 12,704 nodes, 16.2 -> 5.0 s; that band 8 -> 9 of 10 finished, seed 7's worst
//   4.5 -> 1.9 s. The 81-120 clue band, whose trees are small already, took 1.3-2x longer.
// - from kSparsestFree16 (200) free cells, 24: random 1-40 clues 2 -> 5 of 10 finished on
//   seed 7 (12 steps: 3, 16: 3, 28: 5), 6 -> 7 on seed 20091120. 24 on the 41-80 band: seed 7's
//   worst 1.9 -> 7.7 s.
// Above kStallWindow (30) of target_bound.cpp the descent changes to its root mode: 32 steps took
// 47,549 nodes on that #8.
constexpr int kNodeIterationsSparse16 = 12;
constexpr int kSparseFree16 = 176;
constexpr int kNodeIterationsSparsest16 = 24;
constexpr int kSparsestFree16 = 200;
// Sparse 16x16 grids (TargetOptions::settle_root_free_cells): after the root's descent, chunks of
// kSettleChunkSteps steps in the nodes' mode (under kStallWindow, whose longer root-mode steps aim
// 10 points below) until a chunk gains under kSettleGain, at most kSettleChunks of them. The
// root's own stall rule (kRootStall per 40 steps) leaves the bound 5-44 points above where it
// settles (random 1-40 clue #9 of bench_target16's seed 7: 11,751.3 -> 11,738.8, optimum 11,737),
// and every node inherits the multipliers. bench_target16 10 --limit 10, random 1-40 clues:
// 5 -> 8 of 10 finished on seed 7, 7 -> 10 on seed 20091120 (60 chunks at most: 8 and 9).
constexpr int kSettleChunks = 150;
constexpr int kSettleChunkSteps = 29;
constexpr double kSettleGain = 0.01;
// The LP's prices at the root of a 16x16 grid (lp_at_root). #2 of bench_target16's random 1-40
// clue band, seed 99: 11,766.8 after 200 iterations, 11,759.3 after 600, 11,759.03 after 1,000 (the
// LP 11,759; the root's subgradient descent 11,764.3).
constexpr int kLpChunk = 200;
constexpr int kLpIterations = 3000;
constexpr double kLpStall = 0.02;
constexpr int kStrikeRounds = 2;  // bound, strike hopeless candidates, bound again, at most this often
static_assert(kStrikeRounds >= 1, "branching reads the slack of the node's own strike");
// Branching: a child costs the slack it keeps above the cutoff plus this much. 0.05, 0.2, 0.5 and
// 2 measured on the slowest puzzles; 0.2 brought the worst of 1,000 per band under 10 ms.
constexpr double kChildShare = 0.2;
// In the tree, the Polyak steps aim this far below the cutoff. The old aim, the cutoff - 1, made
// steps about twice as long, and nodes whose bound sat a few hundredths above the cutoff crept
// down by thousandths: one puzzle took 756 nodes instead of 46 (0.1 is too short: 60,000 nodes).
constexpr double kNodeAimBelowCutoff = 0.3;
// Probing before branching, on the cells with at most this many candidates: after the strikes
// most survivors sit in such cells, and a placement goes when it dies by singles or when the
// placements its singles force cost more than the node's slack (drop_exceeds_gap). Width 2 and 3
// measured: both turned 6.5 s and 82 ms tails of 4,000 puzzles per band into under 10 ms; 2 costs
// less on the packed families, and the penalty test took another 10-20 % off the slowest.
constexpr int kProbeWidth = 2;
// 16x16 nodes probe again after the placement strike, on the cells with at most this many
// candidates, each trial priced by its digits' losses under the placement bound (each digit's
// largest: forced through a cell or kept off one), which sits a few points nearer the cutoff
// than the row bound the first probing prices by; then they branch on the tried cell whose
// trials left the least (tried_children). Proving the optima of the two slowest puzzles known,
// one thread: 19,076 -> 3,537 and 18,640 -> 4,497 nodes. The probing alone took 12,707 -> 8,538
// nodes on nine other proofs but no time off whole solves: it removed the cheap nodes
// (docs/target.md, session 29).
constexpr int kLossProbeWidth16 = 3;
constexpr double kNotTried = -1;  // trial_drop_ of a candidate the second probing did not try
// The placement bound (target_placement.hpp) joins in when a round has taken
// TargetOptions::placement_after_nodes nodes (50: 30, 50 and 100 measured on 4,000 puzzles per
// band and three seeds, 50 gave the lowest worst): most trees need 0-20, while an LP gap of 1.5-3
// meant 10^5-10^6 nodes and seconds. From then on every node strikes the candidates the placement
// penalties rule out (9,689 -> 74 nodes on the worst of 20,000 random 0-10 clue puzzles): 9x9 nodes
// where it bounds alone at the root's multipliers (placement_node), the others after a descent
// from their parent's (placement_step: one step on 9x9, up to 30 on 16x16).
constexpr int kPlacementIterations = 300;    // at the root
constexpr int kPlacementNodeIterations = 1;  // per 9x9 node that keeps the row bound too
// 16x16 nodes descend the placement bound from their parent's multipliers for up to 30 steps,
// stopping as soon as it falls below the cutoff. A descent's first steps (Polyak factor 2)
// overshoot, so 1-3 steps never raised a bound (and were dropped once); a deep descent prunes
// most nodes the row bound keeps. Sampled nodes of #3 of seed 20091120's random 41-80 band
// (bench_target16 10): 15 % pruned without a step, 69 % after 20 steps from the root's
// multipliers, 89 % after 40, 98 % after 100. That puzzle: 12,056 nodes and 10.9 s without
// steps, 634 nodes and 2.0 s with 30; #1 and #3 of seed 7's 1-40 band, unfinished after 30
// minutes, 843 and 1,186 nodes (3.6 and 5.5 s). 40 steps did about as well as 30; 100 cost too
// much a node (two unfinished in 10 s); 20 left chains of weak multipliers (33 s on that #3).
// With these descents every 16x16 node takes the placement bound once it joined in, where before
// only grids of 200 free cells or more did: #1 of seed 5's random 81-120 band 148,964 nodes and
// 15.9 s -> 4,401 nodes and 7.1 s; on seeds 5, 99, 7 and 20091120 the 41-120 clue bands' worst
// 15.9 -> 7.1 s, their medians 1-4x higher (docs/target.md, session 17).
constexpr int kPlacementNodeIterations16 = 30;
// 9x9 nodes take placement steps only when the root's placement bound is this far below the LP
// bound: where both sit at the same integer (2900.0 and 2900.18, optimum 2899) the steps cost
// twice what they saved (42 -> 23 ms and 32 -> 16 ms on the two slowest of 30,000 puzzles).
// 0.25 and 0.5 measured, 0.5 as good or better everywhere.
constexpr double kPlacementWorthAtNodes = 0.5;
// 9x9 nodes take the placement bound alone (placement_node) when the root's is at least this far
// below the LP bound: random weights 1..20 on the empty grid, where it lies 1.4-10 below, #47 649
// -> 373 nodes. Where the two are closer the row bound's own descent at each node counts: one
// random 0-10 clue puzzle of 4,000 (LP 2906.83, placement 2906.18) took 63,162 nodes with the
// placement bound alone, 232 with both. 16x16 keeps both always: there a placement evaluation
// costs 20 times the row bound's, and alone it left one more of 10 random 41-80 clue puzzles
// unfinished in 10 s (bench_target16, seed 7).
constexpr double kPlacementAloneBelow = 1.0;
// The placement bound joins in at once, from the round after this many, when the incumbent lies
// more than this share of the root bound below it (2.9 points under the ring weights, 5 under
// random weights 1..20). Random weights 1..20 on the empty grid, 100 matrices: 58.3 -> 31.8 nodes
// per matrix, 0.64 -> 0.56 s in all (0.002: 37.6 nodes; from the second round: a few more
// puzzles of the ring families take the placement bound, for nothing).
// Steps per digit sum S_t of the digit-sum bound (box 4, at the root only), and at most this many
// distinct candidate patterns among the digits: each costs a graph search per step, and on a
// 7-clue puzzle (8 patterns) 1,000 steps took 6.5 s to reach 11,757 against a placement bound of
// 11,762.9 and an optimum of at least 11,743: not worth it there. The empty grid: 0.85 s. (Both
// measured before the sums shared the lanes, which took a 41-clue puzzle's 100 steps a sum from
// 639 to 205 ms and the empty grid's whole solve from 410 to 194 ms.) Three patterns: grids whose
// clues are of one or two digits, where the sums lie several points under the placement bound
// (bench_target16 10, random 1-40 clues: #9 of seed 99, two clues, 11,777 against 11,788.9,
// unfinished in 30 s -> 3.3 s; #0, 328 nodes and 981 ms -> proven at the root, 335 ms). Five
// patterns on #2 of seed 5 (five clues) took 4.6 s for 11,777 against 11,780.8; 17 on #7 of seed
// 99, 8.5 s for nothing.
constexpr int kDigitSumIterations = 2000;
constexpr int kDigitSumGroups = 3;
constexpr int kPlacementAtOnceRounds = 2;
constexpr double kPlacementAtOnceShare = 0.001;
// The large neighbourhood search of 16x16 grids (search_neighbourhoods): after a round's first
// kNeighbourhoodsAfterNodes nodes, then after four times as many, and so on; kNeighbourhoodTries
// neighbourhoods each time, kNeighbourhoodKept digits kept, kNeighbourhoodNodes nodes each.
// Random 41-80 clue #6 of bench_target16's seed 26: its optimum 11,646 lies 1 above the
// incumbent and equals the proven bound, and the tree had not found it in 60 s (CBC: 9 s); the
// neighbourhoods find it (1.9 s). Measured on the slowest random 41-80 clue puzzles of four
// seeds, in ms:
//   tries x nodes, growth   #6 seed 26   #4 seed 8   #7 seed 8   #6 seed 29   #5 seed 20
//   none                    > 60,000     7,403       8,100       20,878       46,091
//   16 x 500, x2            923          16,291      -           25,105       41,912
//   8 x 100, x2             1,219        5,169       10,110      22,529       28,619
//   8 x 50, x2              1,123        8,274       8,622       21,690       -
//   8 x 100, x4             1,914        4,786       5,280       21,682       26,741
// Freeing 9 to 13 of the 16 digits (session 14 freed 9) found 11,566 at best on #4 of seed 8
// (optimum 11,574); keeping 2 leaves a puzzle of about 160 free cells whose tree mostly closes
// within 100 nodes.
constexpr std::uint64_t kNeighbourhoodsAfterNodes = 200;
constexpr std::uint64_t kNeighbourhoodsGrowth = 4;
constexpr int kNeighbourhoodTries = 8;
constexpr int kNeighbourhoodKept = 2;
constexpr std::uint64_t kNeighbourhoodNodes = 100;
constexpr std::uint64_t kNeighbourhoodSeed = 20091120;

std::int64_t score_of(const Weights& weights, const std::vector<std::uint8_t>& digit) {
    std::int64_t s = 0;
    for (std::size_t cell = 0; cell < digit.size(); ++cell) s += std::int64_t(weights.at(int(cell))) * digit[cell];
    return s;
}

// The free cell to branch on: fewest candidates, then the heaviest weight.
int branching_cell(const Board& board, const Weights& weights) {
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
    BranchAndBound(const Grid& puzzle, const Weights& weights, const Board& root, const TargetOptions& options)
        : puzzle_(puzzle), weights_(weights), options_(options), bound_(weights), improver_(puzzle, weights) {
        const int n = root.geo->side;
        boards_.assign(n * n + 1, root);
        bounds_.resize(n * n + 1);
        slack_.assign(n * n + 1, {});
        gap_.assign(n * n + 1, 0.0);
        node_value_.assign(n * n + 1, 0.0);
        open_.resize(n * n + 1);
        next_.assign(n * n + 1, 0);
        multipliers_.assign(n * n + 1, target_detail::initial_multipliers(*root.geo, weights));
        if (root.geo->box == 4)
            node_iterations_ = root.free_cells >= kSparsestFree16 ? kNodeIterationsSparsest16
                               : root.free_cells >= kSparseFree16 ? kNodeIterationsSparse16
                                                                  : kNodeIterations;
    }

    // The first incumbent: a greedy dive, heaviest digits first, a depth-first search that with
    // singles alone may thrash on a 16x16 grid (random 41-80 clue #3 of bench_target16's seed 26
    // took 121 s); after kFirstDiveNodes nodes the solver's own search (solve.hpp, about a
    // millisecond there) decides whether a completion exists and gives the first one.
    // False when the grid has none.
    bool first_incumbent() {
        first_dive_left_ = kFirstDiveNodes;
        if (dive(0)) return true;
        if (first_dive_left_ >= 0) return false;  // the dive's search was complete
        const std::optional<Grid> any = solve(puzzle_);
        if (!any) return false;
        record(any->cells());
        return true;
    }

    // The greedy dive: true when it completes; false when the board has no completion or the
    // node budget ran out (first_dive_left_ below 0).
    bool dive(int depth) {
        Board& board = boards_[depth];
        if (board.free_cells == 0) {
            record(board.value);
            return true;
        }
        if (--first_dive_left_ < 0) return false;
        const int cell = branching_cell(board, weights_);
        const bool heavy_first = weights_.at(cell) >= 0;
        for (std::uint32_t m = board.cand[cell]; m;) {
            const int d = heavy_first ? highest_digit(m) : lowest_digit(m);
            m &= ~digit_bit(d);
            boards_[depth + 1] = board;
            if (boards_[depth + 1].assign(cell, d) && dive(depth + 1)) return true;
            if (first_dive_left_ < 0) return false;
        }
        return false;
    }

    // Box 4: the digit-by-digit construction of target_greedy.hpp, a far better start on sparse
    // grids than the dives (box 3 keeps its dives: they find the optimum there). Only once the
    // root has not closed: 16 placements cost about 2 ms, more than many a whole solve.
    // With `mu`, the placement bound's multipliers steer the construction (a Lagrangian heuristic).
    void place_digits(const Board& root, const std::vector<double>* mu = nullptr) {
        if (root.geo->box != 4) return;
        target_detail::PlacementGraph graph(4);
        std::vector<std::uint8_t> digit;
        if (!target_detail::place_digits_greedily(root, weights_, graph, digit, mu)) return;
        record(digit);
    }

    // Box 4: the digit-sum bound of target_digit_sums.hpp at the root (it proves the empty grid's
    // incumbent optimal); no better than what is known when it finds no bound.
    std::int64_t digit_sum_upper(const Board& root) {
        if (root.geo->box != 4) return std::numeric_limits<std::int64_t>::max();
        const auto bound =
            target_detail::digit_sum_bound(root, weights_, best_digits_, kDigitSumIterations, kDigitSumGroups);
        return bound ? std::max(*bound, best_) : std::numeric_limits<std::int64_t>::max();
    }

    // A depth-first search that follows the bound's row choices, then the reduced profits: the
    // Lagrangian solution repaired into a completion. Gives up after its node budget.
    bool guided_dive(int depth, const BoundResult& bound, const Multipliers& m) {
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

    void search(int depth) {
        Board& board = boards_[depth];
        if (shared_) {
            take_shared_incumbent();
            if (pool_->hungry()) share_work(depth);
        }
        if (record_if_complete(board)) return;
        if (stats_.nodes >= node_limit_) stopped_ = true;
        if (stopped_ || best_ >= proven_upper_ || --nodes_left_ < 0) return;
        if (!improver_.order_possible(board)) return;  // holds no optimum: its relabelling gains
        // Random weights 1..20 on the empty grid: 31.8 -> 31.0 nodes per matrix (#47: 670 -> 649).
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
    void expand(int depth) {
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
    std::vector<Child> row_node(int depth) {
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
        if (board.probe(kProbeWidth, [&](const Board& trial, int,
                                         int) { return drop_exceeds_gap(board, trial, depth, false); }) < 0 ||
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
    // end far below the optimum (random 41-80 clue puzzle #9 of bench_target16's seed 7: 11,595
    // against 11,648), and a round that fails at its aim leaves the next round, aimed lower, to
    // find the optimum under a low cutoff: there 9,052 nodes, then 18,989 more. With these dives
    // the first of those rounds finds it and the search ends there.
    void dive_below_aim(int depth, const BoundResult& bound, const Multipliers& m) {
        if (boards_[depth].geo->box != 4 || bound.value < double(best_) + 1) return;
        dive_budget_ = kPrunedDiveBudget;
        guided_dive(depth, bound, m);
    }

    bool placement_alone() const { return placement_ && placement_alone_; }

    // The placement bound at a node that keeps the row bound too: a descent from the parent's
    // multipliers (the root's at depth 0), one step on 9x9, up to 30 on 16x16; the node's
    // multipliers stay in placement_mu_[depth]. Returns the bound.
    double placement_step(int depth) {
        std::vector<double>& mu = placement_mu_[depth];
        mu = depth > 0 ? placement_mu_[depth - 1] : root_mu_;
        ++stats_.placement_nodes;
        const int steps = boards_[depth].geo->box == 4 ? kPlacementNodeIterations16 : kPlacementNodeIterations;
        return placement_->descend(boards_[depth], mu, steps, cutoff(), double(floor_));
    }

    // A 9x9 node once the placement bound has joined in: that bound alone, at the root's
    // multipliers, bounds the node and strikes, and its slack drives the probing and the
    // branching. Random weights 1..20 on the empty grid, #47: 649 -> 370 nodes without the row
    // bound. A descent step from the parent's multipliers raised the bound at 17 of those 370
    // nodes and cost two evaluations of three; without it, 373 nodes (docs/target.md).
    std::vector<Child> placement_node(int depth) {
        Board& board = boards_[depth];
        std::vector<double>& slack = slack_[depth];
        ++stats_.placement_nodes;
        if (placement_->strike_hopeless(board, root_mu_, cutoff(), &slack, &node_value_[depth]) < 0 ||
            record_if_complete(board))
            return {};
        gap_[depth] = node_value_[depth] - cutoff();
        if (board.probe(kProbeWidth, [&](const Board& trial, int,
                                         int) { return drop_exceeds_gap(board, trial, depth, true); }) < 0 ||
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
    bool drop_exceeds_gap(const Board& board, const Board& trial, int depth, bool by_digit) const {
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
    double trial_drop(const Board& board, const Board& trial) const {
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
    std::vector<Child> tried_children(const Board& board, double gap) const {
        const int n = board.geo->side;
        double best = std::numeric_limits<double>::infinity();
        int best_cell = -1;
        for (int cell = 0; cell < n * n; ++cell) {
            if (board.value[cell] || digit_count(board.cand[cell]) < 2) continue;
            double sum = 0;
            for (std::uint32_t mask = board.cand[cell]; mask && sum < best; mask &= mask - 1) {
                const double drop = trial_drop_[cell * (n + 1) + lowest_digit(mask)];
                sum += drop == kNotTried ? std::numeric_limits<double>::infinity()
                                         : std::max(0.0, gap - drop) + kChildShare;
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
    std::vector<Child> least_slack_children(const Board& board, const std::vector<double>& slack) {
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

    // Aspiration rounds: aim at floor(root bound) first, pruning every node that cannot reach
    // the aim; the LP is nearly tight, so the first aim usually holds and the rest of the tree
    // is cut at once. A failed round proves that nothing reaches the aim; the next aims lower,
    // twice as far each time, never below incumbent + 1, so the last possible round is plain
    // branch and bound. Incidental completions below the aim still raise the incumbent.
    void optimise() {
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
        if (root_board.geo->box == 4 && root_board.free_cells >= options_.settle_root_free_cells &&
            proven_upper_ > best_) {
            const BoundResult settled = settle_root(root_board, root_multipliers);
            if (!settled.feasible) return;
            if (settled.is_completion) record(settled.digit);
            proven_upper_ =
                std::min(proven_upper_, std::max(best_, std::int64_t(std::floor(settled.value + kEpsilon))));
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
            // where it once went on to prove this again (2,144 of #3 of seed 20091120's random
            // 41-80 band's 14,200 nodes, bench_target16).
            proven_upper_ = aim - 1;
            // 16x16: the root bound lies near the LP (lp_at_root), which is often within a point or
            // two of the optimum, so the round after the first failure aims just below it, not two
            // below: a cutoff one point lower keeps the nodes whose bound lies within that point,
            // and #8 of bench_target16's random 1-40 clue band (seed 4) took 3,783 nodes searching
            // for 11,690 where the aim 11,691 found the optimum 11,691 in 380.
            if (++failed_rounds > 1 || root_board.geo->box != 4) step *= 2;
        }
    }

    // Whether this round's tree runs on options_.threads threads: large grids, once the placement
    // bound has joined in (the round has no node budget left to count), where trees run to
    // thousands of nodes of a millisecond each.
    bool shares_round() const {
        return options_.threads > 1 && boards_[0].geo->box >= 4 &&
               nodes_left_ == std::numeric_limits<std::int64_t>::max();
    }

    // The round's tree on options_.threads threads: this worker starts at the root, the others
    // wait for subtrees (share_work); every worker takes the best completion any has found at its
    // next node.
    void search_shared() {
        while (int(helpers_.size()) < options_.threads - 1)
            helpers_.push_back(std::make_unique<BranchAndBound>(puzzle_, weights_, boards_[0], options_));
        WorkPool pool(options_.threads);
        SharedRound round(best_, best_digits_);
        for (auto& helper : helpers_) helper->join_round(*this, pool, round);
        pool_ = &pool;
        shared_ = &round;
        base_ = 0;
        // A worker that throws still waits out the round (a subtree it drops would only matter to
        // an answer that is not given), and the first error is thrown once every thread is done.
        std::vector<std::exception_ptr> errors(helpers_.size() + 1);
        auto run = [&pool](std::exception_ptr& error, auto&& work) {
            try {
                work();
            } catch (...) {
                error = std::current_exception();
                while (pool.take()) {}
            }
        };
        std::vector<std::thread> threads;
        for (std::size_t i = 0; i < helpers_.size(); ++i) {
            try {
                threads.emplace_back([&, i] { run(errors[i + 1], [&] { helpers_[i]->work(); }); });
            } catch (const std::system_error&) {
                pool.leave();  // no thread to be had: the round runs on those that started
            }
        }
        run(errors[0], [&] {
            search(0);
            work();
        });
        for (std::thread& thread : threads) thread.join();
        take_shared_incumbent();
        pool_ = nullptr;
        shared_ = nullptr;
        for (const auto& helper : helpers_) {
            stats_.nodes += helper->stats_.nodes;
            stats_.shared_nodes += helper->stats_.nodes;
            stats_.evaluations += helper->stats_.evaluations;
            stats_.placement_nodes += helper->stats_.placement_nodes;
        }
        for (const std::exception_ptr& error : errors)
            if (error) std::rethrow_exception(error);
    }

    // A helper's state for the leader's round: its incumbent, aim, bounds' settings and root.
    void join_round(const BranchAndBound& leader, WorkPool& pool, SharedRound& round) {
        pool_ = &pool;
        shared_ = &round;
        found_ = true;
        best_ = leader.best_;
        best_digits_ = leader.best_digits_;
        floor_ = leader.floor_;
        proven_upper_ = leader.proven_upper_;
        nodes_left_ = leader.nodes_left_;
        neighbourhoods_ = false;
        placement_alone_ = leader.placement_alone_;
        if (!leader.placement_)
            placement_.reset();
        else if (!placement_)
            placement_ = std::make_unique<target_detail::PlacementBound>(weights_);
        root_mu_ = leader.root_mu_;
        placement_mu_.resize(leader.placement_mu_.size());
        stats_ = {};
    }

    // A worker of a shared round: the subtrees the others give, until the round is done.
    void work() {
        while (std::optional<Subtree> task = pool_->take()) {
            const int d = task->depth;
            boards_[d] = std::move(task->board);
            multipliers_[d] = std::move(task->multipliers);
            if (placement_) placement_mu_[d] = std::move(task->placement_mu);
            node_value_[d] = task->value;
            open_[d] = std::move(task->children);
            next_[d] = 0;
            base_ = d;
            expand(d);
        }
    }

    // Another worker waits: the children not yet taken of the shallowest node of this worker's
    // subtree that has any go to it (the largest subtrees this worker holds).
    void share_work(int depth) {
        for (int d = base_; d < depth; ++d) {
            if (next_[d] >= open_[d].size()) continue;
            Subtree task{d,
                         boards_[d],
                         multipliers_[d],
                         placement_ ? placement_mu_[d] : std::vector<double>{},
                         node_value_[d],
                         {open_[d].begin() + std::ptrdiff_t(next_[d]), open_[d].end()}};
            open_[d].resize(next_[d]);
            pool_->give(std::move(task));
            return;
        }
    }

    // A completion another worker of the shared round found, when it scores more than ours.
    void take_shared_incumbent() {
        if (shared_->best.load(std::memory_order_relaxed) <= best_) return;
        const std::lock_guard lock(shared_->mutex);
        best_ = shared_->best.load(std::memory_order_relaxed);
        best_digits_ = shared_->digits;
        floor_ = std::max(floor_, best_);
    }

    // The nodes this round has run, by every thread.
    std::uint64_t round_nodes() const {
        return shared_ ? shared_->nodes.load(std::memory_order_relaxed) : stats_.nodes - round_start_;
    }

    // Box 4, in a round that has run long: a large neighbourhood search from the incumbent. Each
    // try keeps the incumbent's cells of kNeighbourhoodKept digits drawn at random and solves
    // the rest exactly, as a puzzle of its own, for at most kNeighbourhoodNodes nodes from the
    // incumbent: any completion it finds is one of the whole grid.
    void search_neighbourhoods() {
        const int n = boards_[0].geo->side;
        std::vector<int> digits(n);
        for (int t = 0; t < kNeighbourhoodTries && best_ < proven_upper_; ++t) {
            std::iota(digits.begin(), digits.end(), 1);
            neighbourhood_random_.shuffle(digits);
            const auto kept = digits.begin() + kNeighbourhoodKept;
            Grid part = puzzle_;
            for (int cell = 0; cell < n * n; ++cell)
                if (std::find(digits.begin(), kept, best_digits_[cell]) != kept) part.set(cell, best_digits_[cell]);
            Board root;
            if (!root.load(part)) continue;       // cannot happen: the incumbent completes it
            TargetOptions one_thread = options_;  // the tries are short: threads would cost more
            one_thread.threads = 1;
            BranchAndBound inner(part, weights_, root, one_thread);
            inner.neighbourhoods_ = false;
            inner.node_limit_ = kNeighbourhoodNodes;
            inner.record(best_digits_);
            inner.optimise();
            stats_.neighbourhood_nodes += inner.stats_.nodes;
            if (inner.best_ > best_) record(inner.best_digits_);
        }
    }

    // Box 4: the LP's own column and box prices (target_lp_duals.hpp) replace the root's
    // multipliers once the row bound is lower there. Chunks of kLpChunk iterations until the
    // bound falls below the cutoff or a chunk gains under kLpStall, at most kLpIterations.
    BoundResult lp_at_root(const Board& root_board, Multipliers& m, const BoundResult& root) {
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
    BoundResult settle_root(const Board& root_board, Multipliers& m) {
        boards_[0] = root_board;
        bound_.load(boards_[0]);
        BoundResult root;
        double previous = std::numeric_limits<double>::infinity();
        for (int chunk = 0; chunk < kSettleChunks; ++chunk) {
            root = bound_.tighten(m, kSettleChunkSteps, cutoff(), double(best_));
            stats_.evaluations += root.evaluations;
            stats_.root_evaluations += root.evaluations;
            if (!root.feasible || root.value < cutoff() || root.is_completion || previous - root.value < kSettleGain)
                break;
            previous = root.value;
        }
        return root;
    }

    // Whether the placement bound should join in now, before the round's node budget: when two
    // rounds failed and the incumbent still lies more than kPlacementAtOnceShare of the root bound
    // below it, the LP is far from the optimum (random weight matrices: 10-25 points) and the
    // budget's 50 nodes are spent for nothing.
    bool placement_at_once(const BoundResult& root) const {
        return stats_.rounds > kPlacementAtOnceRounds && incumbent_far_below(root);
    }
    bool incumbent_far_below(const BoundResult& root) const {
        return root.value - double(best_) > kPlacementAtOnceShare * std::abs(root.value);
    }

    // The placement bound at the root, on the candidates that could still beat the incumbent
    // (those the row bound's penalties leave at the cutoff incumbent + 1): the optimum is at most
    // the incumbent or the floor of that bound, whose value goes to `value`.
    std::int64_t placement_upper(const Board& root_board, const Multipliers& root_multipliers, double& value) {
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

    // The root descent, in chunks with a guided dive after each: the dives usually find the
    // optimum early, and the descent may stop once the bound is below it + 1 (scores are
    // integers) instead of converging to the LP value; the Polyak steps also aim better once
    // the incumbent is close. Stops when a chunk gains less than kRootStall, unless it gained at
    // least half of what lies above the next integer: 2884.05 with the optimum 2883 went on to
    // 2884.03 and took 3 nodes instead of 264.
    BoundResult descend_at_root(Multipliers& m) {
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
    void dive_within_margin(const BoundResult& root, const Multipliers& m) {
        const Board saved = boards_[0];
        if (bound_.strike_hopeless(boards_[0], m, root.value - dive_margin_) < 0) boards_[0] = saved;
        dive_budget_ = kDiveBudget;
        const std::int64_t before = best_;
        guided_dive(0, root, m);
        if (best_ == before && root.value - double(best_) > kFarBelowShare * std::abs(root.value))
            dive_margin_ = std::min(2 * dive_margin_, kMaxDiveMargin);
        boards_[0] = saved;
    }

    // The incumbent: meaningful once a completion was recorded (the greedy dive records one
    // whenever any exists), nullopt before.
    std::optional<std::int64_t> best() const { return found_ ? std::optional<std::int64_t>(best_) : std::nullopt; }
    const TargetStats& stats() const { return stats_; }
    const std::vector<std::uint8_t>& best_digits() const { return best_digits_; }

private:
    double cutoff() const { return double(floor_) + 1 - kEpsilon; }

    // The first completion sets the incumbent whatever it scores: any integer may be the optimum.
    // Each is first improved by the local search of target_improve.hpp.
    void record(const std::vector<std::uint8_t>& found) {
        std::vector<std::uint8_t> digit = found;
        improver_.improve(digit);
        const std::int64_t s = score_of(weights_, digit);
        if (found_ && s <= best_) return;
        floor_ = found_ ? std::max(floor_, s) : s;
        found_ = true;
        best_ = s;
        best_digits_ = digit;
        if (shared_) shared_->offer(best_, best_digits_);
    }

    // A board without free cells is a completion: recorded, and the node is done.
    bool record_if_complete(const Board& board) {
        if (board.free_cells != 0) return false;
        record(board.value);
        return true;
    }

    static std::vector<Child> cell_children(const Board& board, int cell) {
        std::vector<Child> children;
        for (std::uint32_t mask = board.cand[cell]; mask; mask &= mask - 1)
            children.emplace_back(cell, lowest_digit(mask));
        return children;
    }

    // The bound's own choices first, then the others by reduced profit, best first.
    std::vector<Child> ordered(std::vector<Child> children, const Board& board, const BoundResult& bound,
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

    const Grid puzzle_;
    const Weights& weights_;
    const TargetOptions options_;
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
    WorkPool* pool_ = nullptr;
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

void require_matching_weights(const Grid& puzzle, const Weights& weights) {
    if (weights.box != puzzle.box() || int(weights.w.size()) != puzzle.cell_count())
        throw std::invalid_argument("target weights are for box size " + std::to_string(weights.box) + " (" +
                                    std::to_string(weights.w.size()) + " values), the grid has box size " +
                                    std::to_string(puzzle.box()));
}

}  // namespace

std::optional<double> target_placement_bound(const Grid& puzzle, const Weights& weights, int iterations) {
    require_matching_weights(puzzle, weights);
    if (!target_detail::PlacementBound::supports(puzzle.box())) return std::nullopt;
    constexpr double kNone = -std::numeric_limits<double>::infinity();
    Board board;
    if (!board.load(puzzle)) return kNone;
    // The LP's multipliers first, for the cell duals that start the placement descent.
    target_detail::LagrangianBound rows(weights);
    rows.load(board);
    Multipliers m = target_detail::initial_multipliers(*board.geo, weights);
    rows.tighten(m, kRootIterations, kNone, kNone);
    std::vector<double> mu;
    rows.cell_duals(m, mu);
    return target_detail::PlacementBound(weights).descend(board, mu, iterations, kNone, kNone);
}

TargetResult target_max_score(const Grid& puzzle, const Weights& weights, const TargetOptions& options) {
    require_matching_weights(puzzle, weights);
    TargetResult result;
    Board root;
    if (!root.load(puzzle)) return result;
    BranchAndBound search(puzzle, weights, root, options);
    if (!search.first_incumbent()) return result;
    search.optimise();
    result.score = search.best();
    result.stats = search.stats();
    Grid certificate(puzzle.box());
    for (std::size_t cell = 0; cell < search.best_digits().size(); ++cell)
        certificate.set(int(cell), search.best_digits()[cell]);
    result.certificate = certificate;
    return result;
}

}  // namespace sudoku
