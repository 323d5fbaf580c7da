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
// Their candidates: the state of the part counter, copied at each branch.
struct Candidates {
    std::uint32_t of[kPartCells];
};

// The open cells of `s` and their candidates, when there are at most kPartCells of them.
inline bool list_open(const Board& s, OpenCells& g, Candidates& candidates) {
    if (ones(s.unsolved[0]) + ones(s.unsolved[1]) + ones(s.unsolved[2]) > kPartCells) return false;
    g.n = 0;
    for (int b = 0; b < 3; ++b)
        for (std::uint32_t rest = s.unsolved[b]; rest; rest &= rest - 1) {
            const int bit = lowest(rest);
            std::uint32_t digits = 0;
            for (int d = 0; d < 9; ++d) digits |= ((s.digit[d][b] >> bit) & 1) << d;
            g.cell[g.n] = b * 27 + bit;
            candidates.of[g.n++] = digits;
        }
    for (int i = 0; i < g.n; ++i) {
        CellSet mates = 0;
        const std::uint32_t* peers = tables.peers[g.cell[i]];
        for (int j = 0; j < g.n; ++j) mates |= CellSet((peers[g.cell[j] / 27] >> (g.cell[j] % 27)) & 1) << j;
        g.unit_mates[i] = mates;
    }
    return true;
}

// The part holding the lowest cell of `open`: cells linked through a shared unit and a shared candidate.
inline CellSet part_of_lowest(const OpenCells& g, const Candidates& c, CellSet open) {
    CellSet part = open & -open, frontier = part;
    while (frontier) {
        const int i = first_cell(frontier);
        frontier &= frontier - 1;
        for (CellSet mates = g.unit_mates[i] & open & ~part; mates; mates &= mates - 1) {
            const int j = first_cell(mates);
            if (c.of[i] & c.of[j]) {
                part |= CellSet{1} << j;
                frontier |= CellSet{1} << j;
            }
        }
    }
    return part;
}

// Cell i takes the digits `value` (one bit): it leaves the open cells it shares a unit with;
// false when one of them has no candidate left.
inline bool take(const OpenCells& g, Candidates& c, int i, std::uint32_t value, CellSet open) {
    std::uint32_t lost = 0;
    for (CellSet mates = g.unit_mates[i] & open; mates; mates &= mates - 1) {
        const int j = first_cell(mates);
        c.of[j] &= ~value;
        lost |= std::uint32_t(c.of[j] == 0);
    }
    return !lost;
}

// The completions of the open cells `open` of g, up to `cap`: naked singles, then part by part
// (multiplied), each part branching on its cell with the fewest candidates.
std::uint64_t count_open(const OpenCells& g, Candidates c, CellSet open, std::uint64_t cap) {
    for (bool placed = true; placed;) {
        placed = false;
        for (CellSet rest = open; rest; rest &= rest - 1) {
            const int i = first_cell(rest);
            const std::uint32_t only = c.of[i];
            if (only & (only - 1)) continue;
            open &= ~(CellSet{1} << i);
            if (!only || !take(g, c, i, only, open)) return 0;
            placed = true;
        }
    }
    std::uint64_t product = 1;
    while (open) {
        const CellSet part = part_of_lowest(g, c, open);
        open &= ~part;
        int cell = first_cell(part), fewest = 10;
        for (CellSet rest = part; rest; rest &= rest - 1) {
            const int n = ones(c.of[first_cell(rest)]);
            if (n < fewest) fewest = n, cell = first_cell(rest);
        }
        const CellSet others = part & ~(CellSet{1} << cell);
        // Never past what the product can use: with `product` counted, cap / product (rounded up) is as good as cap.
        const std::uint64_t part_cap = cap / product + (cap % product != 0);  // rounded up, without overflow
        std::uint64_t counted = 0;
        if (!others) counted = std::uint64_t(fewest);
        for (std::uint32_t values = others ? c.of[cell] : 0; values && counted < part_cap; values &= values - 1) {
            Candidates child = c;
            if (take(g, child, cell, values & -values, others))
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
