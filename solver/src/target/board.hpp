// The target optimiser's own propagation engine: candidate masks, singles, nothing else.
//
// Kept apart from the solving engines on purpose: the branch and bound needs cheap copies of a
// node (one per depth, reused), the list of free cells, and an exact answer to "is this node
// dead", and nothing the counting solvers are tuned for.
//
//   cand[cell]   the digits still possible (sudoku/solver/digit_mask.hpp); a placed cell keeps one bit
//   value[cell]  the placed digit, 0 while free
//   placed[u]    digits already placed in unit u (rows 0..n-1, columns n..2n-1, boxes 2n..3n-1)
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "sudoku/solver/digit_mask.hpp"
#include "sudoku/solver/geometry.hpp"
#include "sudoku/solver/grid.hpp"

namespace sudoku::target_detail {

struct Board {
    const GridGeometry* geo = nullptr;
    std::vector<DigitMask> cand;
    std::vector<std::uint8_t> value;
    std::vector<DigitMask> placed;
    int free_cells = 0;

    // The puzzle's clues placed and propagated; false when the clues conflict or die by singles.
    bool load(const Grid& puzzle);
    // Places `digit` in `cell` and propagates singles to a fixed point; false on a contradiction.
    bool assign(int cell, int digit);
    // Removes the (cell, digit) candidates and propagates; false on a contradiction.
    bool strike(const std::vector<std::pair<int, int>>& candidates);
    // Probing on the free cells with at most `width` candidates: strikes every candidate whose
    // placement dies by singles or leaves a board that `hopeless` rejects (given the trial board
    // and the cell and digit placed on it), until none does. Returns how many went, or -1 when
    // the board died.
    int probe(int width, const std::function<bool(const Board& trial, int cell, int digit)>& hopeless);
    Grid to_grid() const;

private:
    static std::vector<int>& empty_queue();
    bool place(int cell, int digit, std::vector<int>& queue);
    bool propagate(std::vector<int>& queue);
};

}  // namespace sudoku::target_detail
