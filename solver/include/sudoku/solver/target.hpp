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

#include "sudoku/solver/grid.hpp"

namespace sudoku {

struct Weights {
    int box = 3;
    std::vector<int> w;  // side*side values, row-major

    int at(int cell) const { return w[cell]; }
    // The NOIP ring weights for a grid of the given box size: centre ring 10, one less per ring.
    static Weights ring(int box = 3);
};

// "No completion" is its own state, never a score: with negative weights any integer, -1 included,
// may be the optimum. How a problem prints "no completion" is the problem's business (problems.hpp).
struct TargetResult {
    std::optional<std::int64_t> score;  // the optimum; nullopt when the grid has no completion
    std::optional<Grid> certificate;    // an optimal completion, present exactly when score is

    bool has_completion() const { return score.has_value(); }
};

// How the optimiser may run.
struct TargetOptions {
    // Threads for the rounds of a 16x16 or larger grid's tree once the placement bound has joined
    // in (the long ones); 9x9 trees, a few hundred microseconds, always run on one. With more
    // than one the score is the same, the certificate may be another optimal completion.
    int threads = 1;
};

// Exact maximum score over all completions of `puzzle` (the reference optimiser).
TargetResult target_max_score(const Grid& puzzle, const Weights& weights, const TargetOptions& options = {});

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
