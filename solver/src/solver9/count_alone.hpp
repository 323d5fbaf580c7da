// Internal: the count alone up to 1 or 2 (count_completions: the generator's uniqueness check),
// included once (through kernel_body.hpp) by each of solver9/kernel_{portable,avx2,avx512}.cpp.
//
// With no first solution to report, no tree is pinned. Grids the pinned search would start
// (kPinnedStartMaxOpen) whose root leaves many bivalue cells, as serg's, branch on cells of
// their own choice for the first nodes (cell_for_count); all others take count_after_pinned, as
// count_with_hand_over sends them.
#pragma once

#include "solver9/count_search.hpp"

namespace sudoku::nine {
namespace {

// From this many bivalue cells up, the count alone branches on the lowest of them rather than
// on the one with the most bivalue peers (choose_cell): on serg, whose grids have 12.7 at the
// root and meet their two solutions within ~9 nodes, scoring them is a tenth of the time, while
// on grids with fewer the scored choice keeps the tree small. Count alone, against the scored
// choice everywhere (same tree as before): 8 serg -11 %, 17-clue +1.5 %; 12 serg -6.5 %, 17-clue
// within noise; 16 no change.
constexpr int kManyBivalue = 12;

// The bivalue cells of bands 0 and 1 as one word, whose bit is the cell's index, and of band 2.
struct Bivalue {
    std::uint64_t low;
    std::uint32_t high;
    int count() const { return __builtin_popcountll(low) + ones(high); }
};
inline Bivalue bivalue_of(const Board& s, const CandidateCounts& c) {
    return {(s.unsolved[0] & c.two[0] & ~c.three[0]) | std::uint64_t{s.unsolved[1] & c.two[1] & ~c.three[1]} << 27,
            s.unsolved[2] & c.two[2] & ~c.three[2]};
}

int cell_for_count(const Board& s) {
    const CandidateCounts c = count_candidates(s);
    const Bivalue bivalue = bivalue_of(s, c);
    if (bivalue.count() < kManyBivalue) return choose_cell(s, c);
    return bivalue.low ? __builtin_ctzll(bivalue.low) : 54 + lowest(bivalue.high);
}

// Cells for the first `counter.pinned_nodes` nodes, as count_after_pinned, then the counting
// search below them: more than a few nodes means a hard grid, where its tree is smaller.
bool count_by_cells(Board& s, Counter& counter) {
    if (counter.pinned_nodes == 0) return count_from(s, counter);
    --counter.pinned_nodes;
    if (!propagate(s)) return true;
    const int cell = cell_for_count(s);
    if (cell < 0) return ++counter.count < counter.limit;
    return branch_on_cell(s, cell, [&](Board& b) { return count_by_cells(b, counter); });
}

// The completions of a started board up to `limit` (1 or 2), with `cell_nodes` nodes on cells
// first. A root with fewer than kManyBivalue bivalue cells takes count_after_pinned itself: the
// same tree, but through count_by_cells 17-clue's grids (63 % solved at the root) took 3 % longer.
std::uint64_t count_completions_to(Board& start, std::uint64_t limit, std::uint64_t cell_nodes) {
    if (!propagate(start)) return 0;
    Counter counter;
    counter.limit = limit;
    if (ones(start.unsolved[0]) + ones(start.unsolved[1]) + ones(start.unsolved[2]) <= kPinnedStartMaxOpen)
        counter.pinned_nodes = cell_nodes;
    if (counter.pinned_nodes && bivalue_of(start, count_candidates(start)).count() >= kManyBivalue)
        count_by_cells(start, counter);
    else
        count_after_pinned(start, counter);
    return counter.count;
}

}  // namespace
}  // namespace sudoku::nine
