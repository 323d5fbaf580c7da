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
//
// Looking for parts is a walk over the open cells at every node, and far from the leaves it
// seldom finds a split: there the part counter is a plain enumeration (naked singles, branching
// on a cell with the fewest candidates) on a state small enough to copy at each branch.
#pragma once

#include "solver9/count_search.hpp"

namespace sudoku::nine {
namespace {

// From this many open cells down the part counter takes over: measured 24 to 48 on the counting
// sets of docs/solver.md; below it the counting search's nodes cost more than the part
// counter's, above it the part counter (no hidden singles) branches too long on random 24-clue grids.
constexpr int kPartCells = 40;  // at most 64: the open cells are bits of one word
// From this many open cells down the part counter looks for parts (measured 0 to 20 and at every
// node, with the hand-over at 32: 0 to 8 alike; 20 costs random 24-clue grids 20 %, every node
// costs serg 25 % and random 24-clue grids 45 %).
constexpr int kSplitCells = 8;
// A set of open cells of OpenCells, by index.
using CellSet = std::uint64_t;
inline int first_cell(CellSet x) { return __builtin_ctzll(x); }
inline int ones64(CellSet x) { return __builtin_popcountll(x); }

// a x b, saturating at cap; no division, as a part's count is multiplied in at every node.
inline std::uint64_t times_capped(std::uint64_t a, std::uint64_t b, std::uint64_t cap) {
    std::uint64_t product;
    return __builtin_mul_overflow(a, b, &product) || product > cap ? cap : product;
}

// The open cells of a board: where each is and, per cell, the others it shares a unit with.
struct OpenCells {
    int n = 0;
    int cell[kPartCells];
    CellSet unit_mates[kPartCells];
};
// Their candidates, the state of the part counter, copied at each branch; held both ways, as
// each step reads one: per digit, a placement clears its mates in one mask and the cells with
// two or three candidates come out of bit-sliced counting, without a branch per cell (which
// mispredicts); per cell, a single's digit and a cell's links are a few bits away.
struct Candidates {
    CellSet cells_of[9];               // may keep bits of cells no longer open: read under `open`
    std::uint16_t digits[kPartCells];  // of the open cells only
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
            std::uint32_t digits = 0;
            for (int d = 0; d < 9; ++d) {
                const std::uint32_t here = (s.digit[d][b] >> bit) & 1;
                digits |= here << d;
                candidates.cells_of[d] |= CellSet(here) << i;
            }
            candidates.digits[i] = static_cast<std::uint16_t>(digits);
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

// The open cells with at least one, two and three candidates.
struct Levels {
    CellSet one, two, three;
};
inline Levels levels_of(const Candidates& c, CellSet open) {
    Levels l{0, 0, 0};
    for (const CellSet digit : c.cells_of) {
        const CellSet x = digit & open;
        l.three |= l.two & x;
        l.two |= l.one & x;
        l.one |= x;
    }
    return l;
}

// Open cell i (already out of `open`) takes digit d: d leaves its mates; those left with one
// candidate or none join `singles`.
inline void place(const OpenCells& g, Candidates& c, CellSet open, int i, int d, CellSet& singles) {
    const CellSet hit = g.unit_mates[i] & c.cells_of[d] & open;
    c.cells_of[d] &= ~g.unit_mates[i];
    for (CellSet rest = hit; rest; rest &= rest - 1) {
        const int j = first_cell(rest);
        const std::uint32_t left = c.digits[j] & ~(1u << d);
        c.digits[j] = static_cast<std::uint16_t>(left);
        singles |= CellSet((left & (left - 1)) == 0) << j;
    }
}

// Naked singles from `singles` to their fixpoint, each placed as it comes; false on
// contradiction (a cell left with no candidate). Leaves `open` without them.
inline bool settle(const OpenCells& g, Candidates& c, CellSet& open, CellSet singles) {
    while (singles) {
        const int i = first_cell(singles);
        singles &= singles - 1;
        const std::uint32_t only = c.digits[i];
        if (!only) return false;
        open &= ~(CellSet{1} << i);
        place(g, c, open, i, lowest(only), singles);
    }
    return true;
}

// The part holding the lowest cell of `open`: cells linked through a shared unit and a shared candidate.
inline CellSet part_of_lowest(const OpenCells& g, const Candidates& c, CellSet open) {
    CellSet part = open & -open, frontier = part;
    while (frontier) {
        const int i = first_cell(frontier);
        frontier &= frontier - 1;
        CellSet sharing = 0;  // the cells holding one of i's candidates
        for (std::uint32_t digits = c.digits[i]; digits; digits &= digits - 1) sharing |= c.cells_of[lowest(digits)];
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
        const int n = ones(c.digits[first_cell(rest)]);
        if (n < fewest) fewest = n, cell = first_cell(rest);
    }
    return cell;
}

// The completions of a part whose cells all hold the same two candidates and nothing else,
// linked through shared units alone: the ways to colour that graph with two colours, so 2 when
// it has no odd cycle and 0 when it has one. Ordinary branching would take two children and
// their singles to find the same (rectangles of two swappable digits are the common part).
inline std::uint64_t count_pair_part(const OpenCells& g, CellSet part) {
    CellSet side[2] = {part & -part, 0}, frontier = side[0];
    for (int s = 1; frontier; s ^= 1) {  // frontier is on side !s: its mates go to side s
        CellSet reached = 0;
        for (CellSet rest = frontier; rest; rest &= rest - 1) reached |= g.unit_mates[first_cell(rest)];
        reached &= part;
        if (reached & side[s ^ 1]) return 0;  // two mates on one side: an odd cycle
        frontier = reached & ~side[s];
        side[s] |= frontier;
    }
    return 2;
}

// The completions of the open cells `open` of g, up to `cap`, once the naked singles `singles`
// are placed: then part by part (multiplied), each part branching on its cell with the fewest
// candidates. Clobbers `c`.
std::uint64_t count_open(const OpenCells& g, Candidates& c, CellSet open, CellSet singles, std::uint64_t cap) {
    if (!settle(g, c, open, singles)) return 0;
    if (!open) return 1;  // the common leaf: singles filled every cell
    const Levels levels = levels_of(c, open);
    std::uint64_t product = 1;
    // Parts near the leaves only (kSplitCells): there a split is common and the walk short.
    const bool split = ones64(open) <= kSplitCells;
    while (open) {
        const CellSet part = split ? part_of_lowest(g, c, open) : open;  // without the walk, one "part" of all
        open &= ~part;
        const int cell = fewest_candidates(c, part, levels);
        const CellSet others = part & ~(CellSet{1} << cell);
        std::uint32_t values = c.digits[cell];
        // Never past what the product can use: with `product` counted, cap / product (rounded up) is as good as cap.
        const std::uint64_t part_cap =
            product == 1 ? cap : cap / product + (cap % product != 0);  // rounded up, without overflow
        std::uint64_t counted = 0;
        if (!others)
            counted = std::uint64_t(ones(values));
        else if (const CellSet pair_cells = c.cells_of[lowest(values)] & c.cells_of[31 - __builtin_clz(values)];
                 split && !(part & levels.three) && (part & ~pair_cells) == 0)  // a true part: linked
            counted = count_pair_part(g, part), values = 0;
        // The cell's value reaches only its own part: a mate in another part shares no candidate
        // with it. So the last value may clobber `c`, which the other parts still read.
        for (; others && values && counted < part_cap; values &= values - 1) {
            const bool last = !(values & (values - 1));
            Candidates copy;
            if (!last) copy = c;
            Candidates& child = last ? c : copy;
            CellSet child_singles = 0;
            place(g, child, others, cell, lowest(values), child_singles);
            counted += count_open(g, child, others, child_singles, part_cap - counted);
        }
        if (counted == 0) return 0;
        product = times_capped(product, counted < part_cap ? counted : part_cap, cap);
    }
    return product;
}

// Completions of a started board up to `cap` (at least 1): the counting search's inference and
// branching (solver9/count_search.hpp) while more than kPartCells cells are open, then the part counter.
// `p` holds the patterns of the digits not in s.moved, and is left changed.
std::uint64_t count_by_parts(Board& s, Patterns& p, std::uint64_t cap) {
    OpenCells g;
    Candidates c;
    switch (infer(s, p, [&](const Board& b) { return list_open(b, g, c); })) {
        case Inferred::contradiction:
            return 0;
        case Inferred::settled: {
            const CellSet open = g.n == 64 ? ~CellSet{0} : (CellSet{1} << g.n) - 1;
            const Levels levels = levels_of(c, open);
            return count_open(g, c, open, open & ~levels.two, cap);
        }
        case Inferred::open:
            break;
    }
    std::uint64_t total = 0;
    branch(s, p, [&](Board& b, Patterns& q) {
        total += count_by_parts(b, q, cap - total);
        return total < cap;
    });
    return total;
}

// The same, from a board whose patterns were never read.
std::uint64_t count_by_parts(Board& s, std::uint64_t cap) {
    s.moved = 0x1ff;
    Patterns p{};
    return count_by_parts(s, p, cap);
}

}  // namespace
}  // namespace sudoku::nine
