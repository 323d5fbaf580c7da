// Symmetry of a clue pattern: which cells must be clues (or blanks) together.
//
//   none      every cell alone
//   rot180    (r, c) with (n-1-r, n-1-c)
//   rot90     (r, c), (c, n-1-r), (n-1-r, n-1-c), (n-1-c, r)
//   mirror    (r, c) with (r, n-1-c)                (left-right)
//   diagonal  (r, c) with (c, r)                    (main diagonal)
//
// The generator adds and removes whole orbits, so every puzzle it makes keeps the pattern.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "sudoku/common/enum_names.hpp"
#include "sudoku/solver/grid.hpp"

namespace sudoku {

enum class Symmetry { none, rot180, rot90, mirror, diagonal };
template <>
struct EnumNames<Symmetry> {
    static constexpr std::string_view names[] = {"none", "rot180", "rot90", "mirror", "diagonal"};
};

// The orbits of the cells under the symmetry, each listed once, in order of their first cell.
std::vector<std::vector<int>> symmetry_orbits(int box, Symmetry symmetry);

// The clue pattern (clue or blank, digits ignored) is invariant under the symmetry.
bool has_symmetric_pattern(const Grid& puzzle, Symmetry symmetry);

}  // namespace sudoku
