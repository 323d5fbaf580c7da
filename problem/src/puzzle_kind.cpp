// Which clue ranges can hold a kind of puzzle: the one answer both the config reader and the
// generator give.
#include "sudoku/problem/puzzle_kind.hpp"

#include "sudoku/solver/geometry.hpp"

namespace sudoku {

int fewest_unique_clues(int box) { return box == 2 ? 4 : box == 3 ? 17 : 0; }

std::optional<std::string> impossible_clue_range(int box, int min_clues, int max_clues, PuzzleKind kind) {
    if (!is_supported_box(box)) return "box size must be 2..5";
    const int cells = box * box * box * box;
    const std::string range = std::to_string(min_clues) + ".." + std::to_string(max_clues);
    if (min_clues > max_clues) return "clue range " + range + " has MIN > MAX";
    if (min_clues < 0 || max_clues > cells) return "clue range " + range + " is outside 0.." + std::to_string(cells);
    const int fewest = fewest_unique_clues(box);
    if (kind == PuzzleKind::unique && max_clues < fewest)
        return "a unique puzzle needs at least " + std::to_string(fewest) + " clues, the range is " + range;
    if (kind == PuzzleKind::unsolvable && min_clues >= cells)
        return "a puzzle with all " + std::to_string(cells) +
               " cells given and no repeated digit is solved, "
               "so it cannot be unsolvable";
    if (kind == PuzzleKind::unsolvable && max_clues <= fewest)
        return "an unsolvable puzzle is made from a unique one plus a wrong clue: it needs more than " +
               std::to_string(fewest) + " clues, the range is " + range;
    return std::nullopt;
}

}  // namespace sudoku
