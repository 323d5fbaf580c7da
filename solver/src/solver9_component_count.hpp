// Internal: counting many completions by independent parts, included by each kernel file (so
// all three kernels share one source, like the other searches).
//
// Once propagation holds, the completions of a board are exactly the ways to give every unsolved
// cell one of its candidates with no two cells of a unit equal: a placed digit has already left
// its peers' candidates, and a unit whose open cells hold distinct digits from the digits it
// lacks holds each of them once. So two open cells constrain each other only when they share a
// unit AND have a candidate in common. The open cells then split into parts that nothing links;
// the completions are the product of the parts' counts. Near the leaves of a grid with many
// completions that is the common case (independent two-way swaps), and a product of parts counts
// in a few steps what enumeration visits one by one. Counts only: no solution is materialised.
#pragma once

#include "solver9_count_search.hpp"

namespace sudoku::nine {
namespace {

// From this many open cells down the part counter takes over: measured 16 to 48 on the counting
// sets of docs/solver-speed.md; below about 30 the counting search's nodes cost more than the
// part counter's, above about 40 the part counter branches without hidden singles too long.
constexpr int kPartCells = 32;  // at most 64: the open cells are bits of one word
// A set of open cells of OpenCells, by index.
using CellSet = std::uint64_t;
inline int first_cell(CellSet x) { return __builtin_ctzll(x); }

// a x b, saturating at cap (a, b <= cap).
inline std::uint64_t times_capped(std::uint64_t a, std::uint64_t b, std::uint64_t cap) {
    if (a == 0 || b == 0) return 0;
    return a > cap / b ? cap : a * b;
}

// The open cells of a board: where each is and, per cell, the others it shares a unit with.
struct OpenCells {
    int n = 0;
    int cell[kPartCells];
    CellSet unit_mates[kPartCells];
};
// Their candidates, per digit: the state of the part counter, copied at each branch. Per digit
// rather than per cell, so that a placement is one mask and naked singles are found for all
// cells at once by bit-sliced counting, without a branch per cell (which mispredicts).
struct Candidates {
    CellSet cells_of[9];  // may keep bits of cells no longer open: always read under `open`
};

// The open cells of `s` and their candidates, when there are at most kPartCells of them.
inline bool list_open(const Board& s, OpenCells& g, Candidates& candidates) {
    if (ones(s.unsolved[0]) + ones(s.unsolved[1]) + ones(s.unsolved[2]) > kPartCells) return false;
    g.n = 0;
    CellSet row[9] = {}, column[9] = {}, box[9] = {};
    for (CellSet& digit : candidates.cells_of) digit = 0;
    for (int b = 0; b < 3; ++b)
        for (std::uint32_t rest = s.unsolved[b]; rest; rest &= rest - 1) {
            const int bit = lowest(rest), i = g.n++;
            const CellSet me = CellSet{1} << i;
            for (int d = 0; d < 9; ++d) candidates.cells_of[d] |= CellSet((s.digit[d][b] >> bit) & 1) << i;
            g.cell[i] = b * 27 + bit;
            row[b * 3 + bit / 9] |= me;
            column[bit % 9] |= me;
            box[b * 3 + bit % 9 / 3] |= me;
        }
    for (int i = 0; i < g.n; ++i) {
        const int b = g.cell[i] / 27, bit = g.cell[i] % 27;
        g.unit_mates[i] = (row[b * 3 + bit / 9] | column[bit % 9] | box[b * 3 + bit % 9 / 3]) & ~(CellSet{1} << i);
    }
    return true;
}

// The candidates of open cell i, as digit bits.
inline std::uint32_t digits_at(const Candidates& c, int i) {
    std::uint32_t digits = 0;
    for (int d = 0; d < 9; ++d) digits |= std::uint32_t((c.cells_of[d] >> i) & 1) << d;
    return digits;
}

// The open cells with at least two and at least three candidates.
struct Levels {
    CellSet two, three;
};
inline Levels levels_of(const Candidates& c, CellSet open, CellSet& one) {
    CellSet two = 0, three = 0;
    one = 0;
    for (const CellSet digit : c.cells_of) {
        const CellSet x = digit & open;
        three |= two & x;
        two |= one & x;
        one |= x;
    }
    return {two, three};
}

// Naked singles to their fixpoint, all cells of a round at once; false on contradiction (a cell
// with no candidate, or two singles of one digit in one unit). Leaves `open` without them.
inline bool settle(const OpenCells& g, Candidates& c, CellSet& open, Levels& levels) {
    for (;;) {
        CellSet one;
        levels = levels_of(c, open, one);
        if (open & ~one) return false;
        const CellSet singles = open & ~levels.two;
        if (!singles) return true;
        open &= ~singles;
        for (int d = 0; d < 9; ++d)
            for (CellSet mine = singles & c.cells_of[d]; mine; mine &= mine - 1) {
                const int i = first_cell(mine);
                if (!((c.cells_of[d] >> i) & 1)) return false;  // taken by a single of d met above
                c.cells_of[d] &= ~g.unit_mates[i];
            }
    }
}

// The part holding the lowest cell of `open`: cells linked through a shared unit and a shared candidate.
inline CellSet part_of_lowest(const OpenCells& g, const Candidates& c, CellSet open) {
    CellSet part = open & -open, frontier = part;
    while (frontier) {
        const int i = first_cell(frontier);
        frontier &= frontier - 1;
        CellSet sharing = 0;  // the cells holding one of i's candidates
        for (const CellSet digit : c.cells_of) sharing |= digit & -((digit >> i) & 1);
        const CellSet fresh = g.unit_mates[i] & open & sharing & ~part;
        part |= fresh;
        frontier |= fresh;
    }
    return part;
}

// The cell of `part` to branch on: one with the fewest candidates (the lowest of them).
inline int fewest_candidates(const Candidates& c, CellSet part, const Levels& levels) {
    if (const CellSet two = part & ~levels.three) return first_cell(two);
    int cell = first_cell(part), fewest = 10;
    for (CellSet rest = part; rest; rest &= rest - 1) {
        const int n = ones(digits_at(c, first_cell(rest)));
        if (n < fewest) fewest = n, cell = first_cell(rest);
    }
    return cell;
}

// The completions of the open cells `open` of g, up to `cap`: naked singles, then part by part
// (multiplied), each part branching on its cell with the fewest candidates. Clobbers `c`.
std::uint64_t count_open(const OpenCells& g, Candidates& c, CellSet open, std::uint64_t cap) {
    Levels levels;
    if (!settle(g, c, open, levels)) return 0;
    std::uint64_t product = 1;
    while (open) {
        const CellSet part = part_of_lowest(g, c, open);
        open &= ~part;
        const int cell = fewest_candidates(c, part, levels);
        const CellSet others = part & ~(CellSet{1} << cell);
        std::uint32_t values = digits_at(c, cell);
        // Never past what the product can use: with `product` counted, cap / product (rounded up) is as good as cap.
        const std::uint64_t part_cap = cap / product + (cap % product != 0);  // rounded up, without overflow
        std::uint64_t counted = 0;
        if (!others) counted = std::uint64_t(ones(values));
        // The cell's value reaches only its own part: a mate in another part shares no candidate
        // with it. So the last value may clobber `c`, which the other parts still read.
        for (; others && values && counted < part_cap; values &= values - 1) {
            const int d = lowest(values);
            const bool last = !(values & (values - 1));
            Candidates copy;
            if (!last) copy = c;
            Candidates& child = last ? c : copy;
            child.cells_of[d] &= ~g.unit_mates[cell];
            counted += count_open(g, child, others, part_cap - counted);
        }
        if (counted == 0) return 0;
        product = times_capped(product, counted < part_cap ? counted : part_cap, cap);
    }
    return product;
}

// Completions of a started board up to `cap` (at least 1): the counting search's inference and
// branching (solver9_count_search.hpp) while more than kPartCells cells are open, then the part counter.
std::uint64_t count_by_parts(Board& s, std::uint64_t cap) {
    Patterns p;
    OpenCells g;
    Candidates c;
    switch (infer(s, p, [&](const Board& b) { return list_open(b, g, c); })) {
        case Inferred::contradiction:
            return 0;
        case Inferred::settled:
            return count_open(g, c, g.n == 64 ? ~CellSet{0} : (CellSet{1} << g.n) - 1, cap);
        case Inferred::open:
            break;
    }
    std::uint64_t total = 0;
    branch(s, p, [&](Board& b) {
        total += count_by_parts(b, cap - total);
        return total < cap;
    });
    return total;
}

}  // namespace
}  // namespace sudoku::nine
