// The large neighbourhood search of the target optimiser on 16x16 grids: parts of the incumbent
// kept, the rest solved exactly as puzzles of their own.
#include <algorithm>
#include <numeric>
#include <vector>

#include "target/optimise.hpp"

namespace sudoku::target_detail {

// Box 4, in a round that has run long: a large neighbourhood search from the incumbent. Each
// try keeps the incumbent's cells of kNeighbourhoodKept digits drawn at random and solves
// the rest exactly, as a puzzle of its own, for at most kNeighbourhoodNodes nodes from the
// incumbent: any completion it finds is one of the whole grid.
void BranchAndBound::search_neighbourhoods() {
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
        if (!root.load(part)) continue;      // cannot happen: the incumbent completes it
        TargetTuning one_thread = options_;  // the tries are short: threads would cost more
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

}  // namespace sudoku::target_detail
