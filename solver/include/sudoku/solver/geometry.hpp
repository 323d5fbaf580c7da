// The geometry of a grid of box size b (side n = b*b): its units and the peers of each cell,
// built once per box size and shared by every engine (the solvers, the target optimiser, the
// generator's grid filler and rater), so that "who sees whom" is written in one place.
//
//   units     3n lists of n cells: rows 0..n-1, columns n..2n-1, boxes 2n..3n-1
//   unit_cells  the same lists end to end (unit u at [u n, u n + n)), for loops that want no
//             indirection per unit
//   unit_of   per cell, the index of its row, column and box unit (in that order)
//   peers     per cell, the 3(n-1) - 2(b-1) other cells sharing a unit with it, ascending
//
// For 9x9, cell 10 (row 1, column 1) is in units 1 (row), 10 (column) and 18 (box 0); its 20
// peers are 0 1 2 9 11 ... 17 18 19 20 28 37 46 55 64 73.
#pragma once

#include <array>
#include <vector>

namespace sudoku {

// The box sizes the toolkit handles: 4x4 up to 25x25 (a 25-digit mask still fits 32 bits).
constexpr int kMinBox = 2;
constexpr int kMaxBox = 5;
constexpr bool is_supported_box(int box) { return box >= kMinBox && box <= kMaxBox; }
// Throws std::invalid_argument naming the box size when it is not supported.
void require_supported_box(int box);

struct GridGeometry {
    int box = 3;
    int side = 9;
    int cells = 81;
    std::vector<std::vector<int>> units;
    std::vector<int> unit_cells;
    std::vector<std::array<int, 3>> unit_of;
    std::vector<std::vector<int>> peers;

    // Box size kMinBox..kMaxBox, else std::invalid_argument. Thread-safe, built on first use.
    static const GridGeometry& of(int box);
};

inline const std::vector<std::vector<int>>& units_of(int box) { return GridGeometry::of(box).units; }
inline const std::vector<std::vector<int>>& peers_of(int box) { return GridGeometry::of(box).peers; }

}  // namespace sudoku
