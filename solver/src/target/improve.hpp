// Local search on completions: every completion the optimiser meets is turned into a better one
// before it becomes the incumbent, by moves that map completions of the puzzle to completions.
//
//   relabelling   digits that appear in no clue are interchangeable: permuting them keeps every
//                 unit whole and every clue in place. Giving them in increasing order to the cell
//                 sets of increasing weight (rearrangement inequality) is the best such permutation.
//   rectangles    four free cells at the corners of a rectangle holding a b / b a, whose rows share
//                 a band or whose columns share a stack: swapping a and b keeps every row, column
//                 and box holding the same digits.
//
// The same moves prune the tree: a node whose completions all hold a rectangle whose swap gains
// holds no optimum.
//
// The search aims at the final aspiration round: the better the incumbent, the higher the cutoff
// that round proves, and on random weight matrices the dives alone often end 100-300 below the
// optimum.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "sudoku/solver/grid.hpp"
#include "sudoku/solver/target.hpp"
#include "target/board.hpp"

namespace sudoku::target_detail {

class CompletionImprover {
public:
    CompletionImprover(const Grid& puzzle, const Weights& weights);

    // Hill-climbs the completion `digit` (per cell) in place until no move gains.
    void improve(std::vector<std::uint8_t>& digit) const;

    // False when no completion of `board` gives the interchangeable digits weight sums in their
    // order (W_a <= W_b for clue-free a < b). Every optimum does (relabelling one that does not
    // gains), so such a board holds no optimum. Each row takes each digit once, so W_d lies
    // between the sums over rows of the lightest and the heaviest cell that may take d there.
    bool order_possible(const Board& board) const;

    // Strikes every candidate that would complete a rectangle a b / b a whose swap gains: every
    // completion holding it is beaten by the swapped one, so none is an optimum. Returns how
    // many went (singles propagated), or -1 when the board died or holds such a rectangle whole.
    int strike_dominated(Board& board) const;

private:
    bool relabel(std::vector<std::uint8_t>& digit) const;
    bool swap_rectangles(std::vector<std::uint8_t>& digit) const;

    // Corners p q / s t of a rectangle of free cells that may swap; `excess` is w_p + w_t - w_q - w_s,
    // so that a b / b a becoming b a / a b gains (b - a) x excess.
    struct Rectangle {
        int p, q, s, t;
        std::int64_t excess;
    };

    const Weights& weights_;
    int side_ = 0;
    std::vector<Rectangle> rectangles_;  // listed once: the sweeps then skip clue-bound ones for free
    // The row pairs that hold rectangles: the strike walks these, not the list, so that it meets
    // only rectangles with three corners placed.
    struct RowPair {
        int r1, r2;
        std::uint32_t open;  // the columns free of clues in both rows
        bool one_band;       // any two of `open` make a rectangle, not only two of one stack
    };
    std::vector<RowPair> row_pairs_;
    int box_ = 0;
    std::vector<int> free_digits_;  // in increasing order: those no clue uses

    // The strike's scratch.
    mutable std::vector<std::pair<int, int>> dominated_;
};

}  // namespace sudoku::target_detail
