// What a search answers: how many completions it counted (up to a limit), the first one it met,
// and the effort it spent. Every search reports in these, the 9x9 bitboard solver (solver9/) and
// the general one (search/) alike, and sudoku/solver/solve.hpp hands them out.
#pragma once

#include <cstdint>
#include <optional>

#include "sudoku/solver/grid.hpp"

namespace sudoku {

struct SolutionCount {
    std::uint64_t count = 0;    // exact when !capped, otherwise == limit
    bool capped = false;        // counting stopped because `limit` was reached
    std::optional<Grid> first;  // the first solution met, if any
};

// Search effort of a solve (nodes visited, guesses made), for difficulty ratings and benchmarks.
struct SearchStats {
    std::uint64_t guesses = 0;
    std::uint64_t nodes = 0;
};

}  // namespace sudoku
