// The target optimiser as tests and benchmarks drive it (sudoku_solver_internals): the knobs that
// reach rarely taken paths, the counters of what a solve did, and the placement bound alone.
// Nothing shipped includes it; the public interface is sudoku/solver/target.hpp.
#pragma once

#include <cstdint>
#include <optional>

#include "sudoku/solver/grid.hpp"
#include "sudoku/solver/target.hpp"

namespace sudoku {

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

// The public options and the knobs whose defaults are the measured best; tests move them to reach
// rarely taken paths, benchmarks to tune.
struct TargetTuning : TargetOptions {
    // Nodes a round may take before the placement bound joins in (box sizes 2 to 4); 0: at once.
    // It joins in sooner when two rounds failed with the incumbent far below the root bound.
    std::int64_t placement_after_nodes = 50;
    // Once it joined in, every node takes its steps and strikes even where the root found it no
    // better than the LP (by default 9x9 nodes skip them there: they cost more than they save).
    bool placement_at_every_node = false;
    // 16x16 grids whose root leaves at least this many free cells settle the root's multipliers
    // with a longer descent before the tree (the sparse grids, where it pays: docs/target.md).
    int settle_root_free_cells = 200;
};

// A solve's answer and what it took.
struct MeasuredTarget : TargetResult {
    TargetStats stats;
};

// target_max_score with the knobs and the counters: the same answer as target_max_score under
// default knobs.
MeasuredTarget target_max_score_measured(const Grid& puzzle, const Weights& weights, const TargetTuning& tuning = {});

// The placement bound of the puzzle (box sizes 2 to 4; nullopt for larger ones): "one digit per
// cell" relaxed, each digit's placement (one cell per row, column and box) kept whole. Never below
// the best completion's score, at or below the LP bound; -infinity when no completion exists
// because a clue repeats or a digit has no placement. `iterations` subgradient steps at most.
std::optional<double> target_placement_bound(const Grid& puzzle, const Weights& weights, int iterations = 300);

}  // namespace sudoku
