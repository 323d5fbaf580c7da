// How hard a classic puzzle is, measured two ways:
//   - the machine's effort: guesses the solver makes proving the answer (count_solutions, limit 2);
//   - the human techniques needed, from a small logical solver of our own that applies only
//     the techniques of a level until it is stuck:
//       singles           naked and hidden singles
//       pairs-and-locked  + locked candidates (pointing, claiming), naked and hidden pairs
//       beyond            stuck even then: chains, fish, guessing...
#pragma once

#include <cstdint>
#include <string_view>

#include "sudoku/common/enum_names.hpp"
#include "sudoku/solver/grid.hpp"

namespace sudoku {

enum class Technique { singles, pairs_and_locked, beyond };
template <>
struct EnumNames<Technique> {
    static constexpr std::string_view names[] = {"singles", "pairs-and-locked", "beyond"};
};

// The lowest level whose techniques alone solve the puzzle.
Technique techniques_needed(const Grid& puzzle);

// Naked and hidden singles alone run into a contradiction (a cell or a unit left without a place
// for a digit): the easy kind of "no solution". The generator prefers -1 puzzles where this is false.
bool singles_refute(const Grid& puzzle);

struct Difficulty {
    std::uint64_t guesses = 0;
    Technique techniques = Technique::beyond;
};

Difficulty rate_difficulty(const Grid& puzzle);

}  // namespace sudoku
