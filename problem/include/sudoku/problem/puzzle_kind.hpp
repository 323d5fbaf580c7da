// What a sudoku config's test group asks of its puzzles: their kind, the symmetry of their clue
// pattern, and whether a clue range can hold that kind at all. The config checks a group with
// these and the generator makes puzzles to them.
//
//   kind        unique      exactly one completion
//               solvable    at least one completion (a group may cap how many)
//               unsolvable  none, though no clue repeats in a unit
//
//   symmetry    none      every cell alone
//               rot180    (r, c) with (n-1-r, n-1-c)
//               rot90     (r, c), (c, n-1-r), (n-1-r, n-1-c), (n-1-c, r)
//               mirror    (r, c) with (r, n-1-c)                (left-right)
//               diagonal  (r, c) with (c, r)                    (main diagonal)
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sudoku/common/enum_names.hpp"

namespace sudoku {

enum class PuzzleKind { unique, solvable, unsolvable };
template <>
struct EnumNames<PuzzleKind> {
    static constexpr std::string_view names[] = {"unique", "solvable", "unsolvable"};
};

enum class Symmetry { none, rot180, rot90, mirror, diagonal };
template <>
struct EnumNames<Symmetry> {
    static constexpr std::string_view names[] = {"none", "rot180", "rot90", "mirror", "diagonal"};
};

// Fewest clues a unique puzzle can have on a box x box grid where it is known (9x9: 17, McGuire
// et al. 2012; 4x4: 4), else 0.
int fewest_unique_clues(int box);

// Why no puzzle of `kind` with min_clues..max_clues clues exists on a box x box grid (an unknown
// box, MIN > MAX, a unique 9x9 puzzle below 17 clues, an unsolvable puzzle with every cell given,
// ...), or nullopt when it is worth trying.
std::optional<std::string> impossible_clue_range(int box, int min_clues, int max_clues, PuzzleKind kind);

}  // namespace sudoku
