// Dancing links (Knuth's Algorithm X) on the exact-cover form of sudoku: a straightforward,
// independent implementation kept as a cross-check for counts (tests, test-set validation)
// and as the baseline the benchmarks measure the fast solver against.
#pragma once

#include <cstdint>
#include <optional>

#include "sudoku/solver/grid.hpp"

namespace sudoku {

struct DlxCount {
    std::uint64_t count = 0;    // exact when !capped
    bool capped = false;        // stopped at `limit`
    std::optional<Grid> first;  // the first solution found
};

// Counts completions up to `limit` (0 = no limit). Any box size 2..5.
DlxCount dlx_count(const Grid& puzzle, std::uint64_t limit);

}  // namespace sudoku
