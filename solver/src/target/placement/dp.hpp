// One digit's best placement by dynamic programming, for the placement bound on box size 4.
//
// The table method of target/placement/placement.cpp combines one permutation per band, 24^4 = 331,776
// combinations for box 4. Here the placement is built one (band, stack) box at a time, bands
// outer, stacks inner: a step picks the box's cell, a row the band has not used yet and a column
// the stack has not used yet. What the later steps may still do depends only on
// (columns used per stack, rows of the current band used), so those pairs are the states of a
// layered graph whose paths are exactly the placements: for box 4, 19,442 states and 100,000
// moves, about 0.05-0.12 ms per digit. The placement bound runs the sixteen digits of a 16x16
// grid at once on the same layout (target/placement/graph_lanes.hpp); the digit-by-digit graph
// serves the incumbent and the other box sizes, and is the lanes' reference in the tests.
//
// The graph depends on the box size only; the profits (per cell, -infinity where the digit is no
// candidate) are given per call.
#pragma once

#include <vector>

namespace sudoku::target_detail {

class PlacementGraph {
public:
    // Box sizes 2 to 4 (box 5 would need millions of states). The states and moves are built
    // once per box size and shared (about 7 ms for box 4, more than many a whole solve).
    explicit PlacementGraph(int box);

    // The best placement's value (-infinity when there is none); adds 1 to `covered[cell]` for
    // each cell of one best placement. Keeps what best_through needs for the same profits.
    double best(const double* profit, int* covered);

    // Right after best() on the same profits: per cell, the best placement through that cell
    // (-infinity when none), into through[0 .. side*side).
    void best_through(const double* profit, double* through);

    // States in layer order (the start first, the end last); a state's moves lead to later ones.
    struct Layout {
        std::vector<int> move_start;  // per state, its moves are [move_start[s], move_start[s + 1])
        std::vector<int> move_next;   // per move: the state it leads to
        std::vector<int> move_cell;   // and the cell it takes
        std::vector<int> layer;       // per state: the boxes placed before it (moves lead to the next layer)
        int states() const { return int(move_start.size()) - 1; }
        int moves() const { return int(move_cell.size()); }
    };
    const Layout& layout() const { return layout_; }
    // The same layout without a graph's tables (shared, built on first use).
    static const Layout& layout_for(int box);

private:
    int box_;
    const Layout& layout_;
    std::vector<double> rest_;    // per state: the best the remaining steps can add
    std::vector<double> so_far_;  // per state: the best the steps so far added
};

}  // namespace sudoku::target_detail
