// Counting with a stated bound: the number of completions, exact up to a cap, "more than cap"
// above it. The plain count (solve.hpp) visits every solution, and an all-blank 9x9 grid has
// 6.67e21: a bound that is stated, not a count that never ends.
//
// Free cells that split into independent parts (no two cells of different parts share a row,
// column or box) are counted part by part and multiplied: the parts constrain each other only
// through the clues, so the completions are the product of the parts' completions.
#pragma once

#include <cstdint>
#include <optional>

#include "sudoku/solver/grid.hpp"

namespace sudoku {

// The default cap: counting runs at ~2 M solutions a second, so a count ends in about a second.
inline constexpr std::uint64_t kDefaultCountCap = 1000000;
// The largest cap a config or the command line may state (some 6 days of counting).
inline constexpr std::uint64_t kMaxCountCap = 1000000000000;

struct BoundedCount {
    std::uint64_t count = 0;   // exact when !above_cap
    bool above_cap = false;    // more than `cap` completions (count is then meaningless)
    std::optional<Grid> only;  // the completion when count == 1
};

// Completions of `puzzle`, exact up to `cap` (at least 1).
BoundedCount count_up_to(const Grid& puzzle, std::uint64_t cap);

}  // namespace sudoku
