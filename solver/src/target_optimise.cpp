// The reference target optimiser. For now: enumeration without a cap (exact, slow on sparse
// grids); the target issue replaces it with branch and bound.
#include "sudoku/target.hpp"

namespace sudoku {

TargetResult target_max_score(const Grid& puzzle, const Weights& weights) {
    return *target_by_enumeration(puzzle, weights, UINT64_MAX);
}

}  // namespace sudoku
