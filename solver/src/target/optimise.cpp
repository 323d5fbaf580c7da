// The target optimiser's entry points, and its incumbents: the greedy dive that finds the first
// completion (and decides whether any exists), the digit-by-digit construction and the digit-sum
// bound of 16x16 grids, and the record of every completion found. The design: optimise.hpp.
#include "target/optimise.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "sudoku/solver/solve.hpp"
#include "sudoku/solver/target.hpp"
#include "target/digit_sums.hpp"
#include "target/greedy.hpp"

namespace sudoku {
namespace target_detail {

namespace {

std::int64_t score_of(const Weights& weights, const std::vector<std::uint8_t>& digit) {
    std::int64_t s = 0;
    for (std::size_t cell = 0; cell < digit.size(); ++cell) s += std::int64_t(weights.at(int(cell))) * digit[cell];
    return s;
}

}  // namespace

BranchAndBound::BranchAndBound(const Grid& puzzle, const Weights& weights, const Board& root,
                               const TargetTuning& options)
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
// singles alone may thrash on a 16x16 grid for minutes; after kFirstDiveNodes nodes the solver's
// own search (solve.hpp, about a millisecond there) decides whether a completion exists and gives
// the first one (figures: bench/results/solver-decisions.md).
// False when the grid has none.
bool BranchAndBound::first_incumbent() {
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
bool BranchAndBound::dive(int depth) {
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

// Box 4: the digit-by-digit construction of target/greedy.hpp, a far better start on sparse
// grids than the dives (box 3 keeps its dives: they find the optimum there). Only once the
// root has not closed: 16 placements cost about 2 ms, more than many a whole solve.
// With `mu`, the placement bound's multipliers steer the construction (a Lagrangian heuristic).
void BranchAndBound::place_digits(const Board& root, const std::vector<double>* mu) {
    if (root.geo->box != 4) return;
    target_detail::PlacementGraph graph(4);
    std::vector<std::uint8_t> digit;
    if (!target_detail::place_digits_greedily(root, weights_, graph, digit, mu)) return;
    record(digit);
}

// Box 4: the digit-sum bound of target/digit_sums.hpp at the root (it proves the empty grid's
// incumbent optimal); no better than what is known when it finds no bound.
std::int64_t BranchAndBound::digit_sum_upper(const Board& root) {
    if (root.geo->box != 4) return std::numeric_limits<std::int64_t>::max();
    const auto bound =
        target_detail::digit_sum_bound(root, weights_, best_digits_, kDigitSumIterations, kDigitSumGroups);
    return bound ? std::max(*bound, best_) : std::numeric_limits<std::int64_t>::max();
}

// The first completion sets the incumbent whatever it scores: any integer may be the optimum.
// Each is first improved by the local search of target/improve.hpp.
void BranchAndBound::record(const std::vector<std::uint8_t>& found) {
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

}  // namespace target_detail

namespace {

using target_detail::Board;
using target_detail::BranchAndBound;
using target_detail::kRootIterations;
using target_detail::Multipliers;

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

MeasuredTarget target_max_score_measured(const Grid& puzzle, const Weights& weights, const TargetTuning& options) {
    require_matching_weights(puzzle, weights);
    MeasuredTarget result;
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

TargetResult target_max_score(const Grid& puzzle, const Weights& weights, const TargetOptions& options) {
    TargetTuning tuning;
    static_cast<TargetOptions&>(tuning) = options;
    return target_max_score_measured(puzzle, weights, tuning);
}

}  // namespace sudoku
