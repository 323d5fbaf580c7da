// The target sudoku (NOIP 2009): the maximum of sum(weight x digit) over all completions.
//
// Weights are data: the NOIP ring weights are the default, any integer matrix may be given.
// NOIP ring for 9x9 (10 - max(|r-4|, |c-4|)); the analogous ring for other sizes.
//
//     6 6 6 6 6 6 6 6 6
//     6 7 7 7 7 7 7 7 6
//     6 7 8 8 8 8 8 7 6
//     6 7 8 9 9 9 8 7 6
//     6 7 8 9 10 9 8 7 6   ...
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "sudoku/grid.hpp"

namespace sudoku {

struct Weights {
    int box = 3;
    std::vector<int> w;  // side*side values, row-major

    int at(int cell) const { return w[cell]; }
    // The NOIP ring weights for a grid of the given box size: centre ring 10, one less per ring.
    static Weights ring(int box = 3);
};

// What the optimiser did, for benchmarks and tuning.
struct TargetStats {
    std::uint64_t nodes = 0;                // branch and bound nodes whose bound was computed
    std::uint64_t evaluations = 0;          // Lagrangian bound evaluations (one per row assignment set)
    std::uint64_t root_evaluations = 0;     // of which spent on the root descent
    int rounds = 0;                         // aspiration rounds
    std::uint64_t placement_nodes = 0;      // nodes, the root included, that computed the placement bound
    std::uint64_t neighbourhood_nodes = 0;  // nodes of the large neighbourhood searches' own trees (16x16)
    std::uint64_t shared_nodes = 0;         // of `nodes`, those other threads ran (TargetOptions::threads)
};

// "No completion" is its own state, never a score: with negative weights any integer, -1 included,
// may be the optimum. How a problem prints "no completion" is the problem's business (problems.hpp).
struct TargetResult {
    std::optional<std::int64_t> score;  // the optimum; nullopt when the grid has no completion
    std::optional<Grid> certificate;    // an optimal completion, present exactly when score is
    TargetStats stats;                  // filled by target_max_score only

    bool has_completion() const { return score.has_value(); }
};

// How the optimiser spends its effort; the defaults are the measured best, tests move them to
// reach rarely taken paths.
struct TargetOptions {
    // Nodes a round may take before the placement bound joins in (box sizes 2 to 4); 0: at once.
    // It joins in sooner when two rounds failed with the incumbent far below the root bound.
    std::int64_t placement_after_nodes = 50;
    // Once it joined in, every node takes its steps and strikes even where the root found it no
    // better than the LP (by default 9x9 nodes skip them there: they cost more than they save).
    bool placement_at_every_node = false;
    // 16x16 grids whose root leaves at least this many free cells settle the root's multipliers
    // with a longer descent before the tree (the sparse grids, where it pays: docs/target.md).
    int settle_root_free_cells = 200;
    // Threads for the rounds of a 16x16 or larger grid's tree once the placement bound has joined
    // in (the long ones); 9x9 trees, a few hundred microseconds, always run on one. With more
    // than one the score is the same, the certificate may be another optimal completion and the
    // node counts vary from run to run.
    int threads = 1;
};

// Exact maximum score over all completions of `puzzle` (the reference optimiser).
TargetResult target_max_score(const Grid& puzzle, const Weights& weights, const TargetOptions& options = {});

// The placement bound of the puzzle (box sizes 2 to 4; nullopt for larger ones): "one digit per
// cell" relaxed, each digit's placement (one cell per row, column and box) kept whole. Never below
// the best completion's score, at or below the LP bound; -infinity when no completion exists
// because a clue repeats or a digit has no placement. `iterations` subgradient steps at most.
std::optional<double> target_placement_bound(const Grid& puzzle, const Weights& weights, int iterations = 300);

// Score of a full grid under the weights.
std::int64_t target_score(const Grid& full, const Weights& weights);

// False only when no full grid scores `score` under the weights: it lies outside the range of the
// scores of all full grids (exact: the optimiser on the empty grid, for the weights and their
// negation) or is not a multiple of the weights' greatest common divisor. True: some grid may.
bool target_score_possible(const Weights& weights, std::int64_t score);

// Cross-check: visits every completion, no bounds. Gives up (nullopt) after `max_completions`.
std::optional<TargetResult> target_by_enumeration(const Grid& puzzle, const Weights& weights,
                                                  std::uint64_t max_completions);

}  // namespace sudoku
