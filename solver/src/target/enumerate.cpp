// Target by plain enumeration of all completions: no bounds, an independent cross-check.
#include "sudoku/solver/solve.hpp"
#include "sudoku/solver/target.hpp"

namespace sudoku {

Weights Weights::ring(int box) {
    Weights weights;
    weights.box = box;
    const int n = box * box;
    const int centre = n / 2;  // for even sides the centre ring is the middle 2x2
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            int dr = r < centre ? centre - r - (n % 2 == 0) : r - centre;
            int dc = c < centre ? centre - c - (n % 2 == 0) : c - centre;
            weights.w.push_back(10 - std::max(dr, dc));
        }
    return weights;
}

std::int64_t target_score(const Grid& full, const Weights& weights) {
    std::int64_t s = 0;
    for (int cell = 0; cell < full.cell_count(); ++cell) s += std::int64_t(weights.at(cell)) * full.at(cell);
    return s;
}

std::optional<TargetResult> target_by_enumeration(const Grid& puzzle, const Weights& weights,
                                                  std::uint64_t max_completions) {
    TargetResult best;
    std::uint64_t seen = 0;
    bool gave_up = false;
    for_each_solution(puzzle, [&](const Grid& g) {
        if (++seen > max_completions) {
            gave_up = true;
            return false;
        }
        std::int64_t s = target_score(g, weights);
        if (!best.score || s > *best.score) {
            best.score = s;
            best.certificate = g;
        }
        return true;
    });
    if (gave_up) return std::nullopt;
    return best;
}

}  // namespace sudoku
