// The grid model: one square sudoku of box size 2..5 (4x4, 9x9, 16x16, 25x25).
//
// A grid of box size b has side n = b*b, n*n cells numbered row-major, and 3n units
// (n rows, n columns, n boxes). A cell holds 0 (blank) or a digit 1..n.
//
//        c0 c1 c2   c3 c4 c5   c6 c7 c8          box index = (r / b) * b + c / b
//   r0 [ 0  1  2 |  3  4  5 |  6  7  8 ]         for 9x9:  0 1 2
//   r1 [ 9 10 11 | 12 ...              ]                   3 4 5
//   ...                                                    6 7 8
//
// Clues that repeat a digit in a unit are a valid grid with no solution, not an error:
// the model stores whatever the input says and `has_conflict()` tells.
//
// Its units and the peers of each cell: sudoku/solver/geometry.hpp (included here, as every user of a
// grid's units needs both); sets of digits: sudoku/solver/digit_mask.hpp.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sudoku/solver/geometry.hpp"

namespace sudoku {

class Grid {
public:
    // An empty grid of the given box size (2..5); throws std::invalid_argument otherwise.
    explicit Grid(int box = 3);
    // A grid of the given box size holding `cells` (row-major, as cells()); throws
    // std::invalid_argument on another box size or another number of cells.
    Grid(int box, std::span<const std::uint8_t> cells);

    int box() const { return box_; }
    int side() const { return box_ * box_; }
    int cell_count() const { return side() * side(); }

    int at(int row, int col) const { return cells_[row * side() + col]; }
    int at(int cell) const { return cells_[cell]; }
    void set(int row, int col, int digit) { cells_[row * side() + col] = static_cast<std::uint8_t>(digit); }
    void set(int cell, int digit) { cells_[cell] = static_cast<std::uint8_t>(digit); }

    const std::vector<std::uint8_t>& cells() const { return cells_; }

    int clue_count() const;
    // Some digit appears twice in a row, column or box.
    bool has_conflict() const;
    // Full and conflict-free.
    bool is_solved() const;
    // Same size, and every clue of `puzzle` is present here with the same digit.
    bool keeps_clues_of(const Grid& puzzle) const;
    // Full, conflict-free and keeps every clue of `puzzle`: the definition of "a valid answer".
    bool is_solution_of(const Grid& puzzle) const { return is_solved() && keeps_clues_of(puzzle); }

    // 81 (or n*n) characters, '.' for blanks, digits 1-9 then A.. for 10 and up: for messages and tests.
    std::string to_line() const;

    friend bool operator==(const Grid&, const Grid&) = default;

private:
    int box_;
    std::vector<std::uint8_t> cells_;
};

}  // namespace sudoku
