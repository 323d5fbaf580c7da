// Internal: the 9x9 counting search, included once (through kernel_body.hpp) by each of
// solver9/kernel_{portable,avx2,avx512}.cpp beside the pinned search (solver9/search.hpp), whose
// board and propagation it reuses.
//
// Why a second search: the pinned search's tree is part of the generated test data (guesses,
// the first solution met, the order of solutions), so it cannot change. A count is the same
// for any tree, and so is the solution of a grid with exactly one, so the uniqueness check
// without statistics (count_solutions(p, 2), see count_any_order_with in solver9.cpp) runs this
// search below the pinned search's first nodes. Its tree is smaller (forum hardest 1905_11+:
// 127 nodes per puzzle against 222 on its first 3000 puzzles), at a higher cost per node.
//
// What it adds to the pinned propagation, per band (3 rows) and per stack (3 columns):
//
//   a digit's pattern in a band or a stack: 3x3 segments       one configuration (0421):
//   (rows x boxes, or boxes x columns), as in Tables::locked      [ x . . ]   row 0 in box 0
//                                                                [ . . x ]   row 1 in box 2
//   A digit stands once in each row and once in each box of      [ . x . ]   row 2 in box 1
//   a band, so its places in the band are a permutation of
//   the segments: a *configuration*, one of 6. The counting search
//   - applies locked candidates to stacks too (the pinned one does bands only);
//   - fills mini-rows and mini-columns: three digits confined to the same three cells (each
//     has one segment left in that row of its pattern) take them, and the other digits leave;
//   - branches on configurations: the band or stack with the fewest open digits (then the
//     fewest configurations), and in it a digit with the fewest (2 when there is one): each child keeps
//     one configuration, so the children split the solutions and the counts add up.
#pragma once

#include "solver9/search.hpp"

namespace sudoku::nine {
namespace {

// A unit's branching weight, summed over its digits by their number of configurations: an
// open digit (2-6) weighs 16 and each configuration past 2 one more, so the unit with the fewest
// open digits is branched on, the fewest configurations breaking ties. Against the plain sum of
// configurations (weights 1..6), alternated, count to 2 over tdoku's time: forum 1106 1.23-1.24x
// -> 1.04-1.06x, forum 1905 1.16-1.18x -> 1.11-1.21x (1.15x over six runs), magictour 1.16-1.19x
// -> 1.22-1.25x. Measured and not kept: the log of the product (0,16,25,32,37,41) or (0,16,21,24,
// 26,27), open digits alone (32-36), the fewest configurations over all 54 digit-unit pairs
// (forum 1905 1.39x).
constexpr int kConfigurationWeight[7] = {0, 0, 16, 18, 19, 20, 21};

// The six configurations as segment patterns (bit 3r+k: row r in box k), and per pattern the
// configurations it contains, its rows that have a single segment and its branching weight.
// constexpr, so that the wide kernels run nothing at load time.
struct ConfigurationTable {
    std::uint8_t count[512];
    std::uint8_t weight[512];  // kConfigurationWeight of its count
    std::uint16_t list[512][6];
    std::uint16_t confined[512];  // segments alone in their row of the pattern
};
constexpr unsigned kConfigurations[6] = {0421, 0241, 0412, 0214, 0142, 0124};
constexpr ConfigurationTable make_configuration_table() {
    ConfigurationTable t{};
    for (unsigned m = 0; m < 512; ++m) {
        int n = 0;
        for (unsigned c : kConfigurations)
            if ((m & c) == c) t.list[m][n++] = static_cast<std::uint16_t>(c);
        t.count[m] = static_cast<std::uint8_t>(n);
        t.weight[m] = static_cast<std::uint8_t>(kConfigurationWeight[n]);
        unsigned alone = 0;
        for (int r = 0; r < 3; ++r) {
            const unsigned row = (m >> (3 * r)) & 7;
            if (row && !(row & (row - 1))) alone |= row << (3 * r);
        }
        t.confined[m] = static_cast<std::uint16_t>(alone);
    }
    return t;
}
constexpr ConfigurationTable configurations = make_configuration_table();

constexpr std::uint32_t kColumn = 1u | (1u << 9) | (1u << 18);  // column 0 of a band word

// Units 0..2 are bands, 3..5 stacks. A stack pattern's bit 3b+c: band b, column c of the stack.
// A node's patterns start as its parent's and are read again for the digits that moved since
// (Board::moved): on the hard sets about 3.6 of the 9 digits a time. All zero before the first
// reading: a live digit's pattern never is.
struct Patterns {
    std::uint16_t of[9][6];  // [digit][unit]
    int weight[6];           // each unit's branching weight (kConfigurationWeight)
};

inline unsigned stack_pattern(Lanes columns, int stack) {
    return ((columns[0] >> (3 * stack)) & 7) | ((columns[1] >> (3 * stack)) & 7) << 3 |
           ((columns[2] >> (3 * stack)) & 7) << 6;
}

// What a reading of the patterns found new: the digits read, and the units where a pattern changed.
struct Refreshed {
    std::uint32_t digits;
    unsigned units;
};

// Reads the patterns of the digits that moved.
inline Refreshed refresh_patterns(Board& s, Patterns& p) {
    Refreshed r{s.moved, 0};
    s.moved = 0;
    for (std::uint32_t rest = r.digits; rest; rest &= rest - 1) {
        const int d = lowest(rest);
        const Lanes w = load(s.digit[d]);
        const Lanes bands = segments_of(w), columns = (w | (w >> 9) | (w >> 18)) & kRow;
        unsigned now[6] = {bands[0], bands[1], bands[2]};
#if defined(__BMI2__)
        // The three bands' columns as one word: a stack's pattern is its three columns of each.
        const std::uint32_t all = columns[0] | columns[1] << 9 | columns[2] << 18;
        for (int st = 0; st < 3; ++st) now[3 + st] = __builtin_ia32_pext_si(all, kBoxInBand << (3 * st));
#else
        for (int st = 0; st < 3; ++st) now[3 + st] = stack_pattern(columns, st);
#endif
        for (int u = 0; u < 6; ++u) {
            const unsigned was = p.of[d][u];
            r.units |= unsigned(was != now[u]) << u;
            p.weight[u] += configurations.weight[now[u]] - configurations.weight[was];
            p.of[d][u] = static_cast<std::uint16_t>(now[u]);
        }
    }
    return r;
}

// The cells of band b that a stack pattern's segments `m` (of stack st) name.
inline std::uint32_t stack_cells(unsigned m, int st, int b) {
    const std::uint32_t cols = ((m >> (3 * b)) & 7) << (3 * st);
    return cols * kColumn;
}

// Keeps digit d, in `unit`, to the segments `keep`.
inline void restrict_digit(Board& s, int d, int unit, unsigned keep) {
    if (unit < 3) {
        store(s.digit[d], load(s.digit[d]) & ~in_lane(unit, ~segment_cells(keep)));
    } else {
        const int st = unit - 3;
        const std::uint32_t stack = kBoxInBand << (3 * st);
        const Lanes kept = {~stack | stack_cells(keep, st, 0), ~stack | stack_cells(keep, st, 1),
                            ~stack | stack_cells(keep, st, 2), ~0u};
        store(s.digit[d], load(s.digit[d]) & kept);
    }
    s.changed |= 1u << d;
}

// Stack locked candidates and filled mini-rows/columns over `p`; sets `progress` when it
// removed a candidate; false on contradiction (a digit with no configuration left in a unit,
// four digits confined to one mini-row).
// Only what `fresh` names is looked at again: the other digits and units passed with the same
// patterns before.
inline bool infer_units(Board& s, const Patterns& p, const Refreshed& fresh, bool& progress) {
    for (std::uint32_t digits = fresh.digits; digits; digits &= digits - 1) {
        const int d = lowest(digits);
        for (int u = 0; u < 6; ++u) {
            const unsigned m = p.of[d][u];
            if (!configurations.count[m]) return false;
            if (u >= 3) {
                const unsigned keep = tables.locked[m];
                if (keep != m) {
                    restrict_digit(s, d, u, keep);
                    progress = true;
                }
            }
        }
    }
    for (unsigned units = fresh.units; units; units &= units - 1) {
        const int u = lowest(units);
        unsigned one = 0, two = 0, three = 0, four = 0;  // segments where >= 1..4 digits are confined
        for (int d = 0; d < 9; ++d) {
            const unsigned c = configurations.confined[p.of[d][u]];
            four |= three & c;
            three |= two & c;
            two |= one & c;
            one |= c;
        }
        if (four) return false;
        if (!three) continue;
        for (int d = 0; d < 9; ++d) {
            const unsigned leave = three & ~configurations.confined[p.of[d][u]] & p.of[d][u];
            if (!leave) continue;
            restrict_digit(s, d, u, p.of[d][u] & ~leave);
            progress = true;
        }
    }
    return true;
}

struct Counter {
    std::uint64_t count = 0, limit = 0;  // limit 0: no limit
    Board first;
    bool first_in_pinned_order = false;  // met in the pinned search's order (count_after_pinned)
    std::uint64_t pinned_nodes = 0;      // nodes left to count_after_pinned
};

bool count_from(Board& s, Patterns& p, Counter& counter);

// One child per candidate digit of `cell`, each counted by `next` (false: the limit is reached);
// the last candidate runs on `s` itself, not a copy.
template <class Next>
bool branch_on_cell(Board& s, int cell, Next next) {
    const int band = cell / 27, bit = cell % 27;
    const std::uint32_t here = cell_digits(s, band, bit);
    std::uint32_t digits = here;
    while (digits) {
        const int d = lowest(digits);
        digits &= digits - 1;
        if (!digits) {
            place_guess(s, s, d, band, bit, here);
            return next(s);
        }
        Board child;
        place_guess(s, child, d, band, bit, here);
        if (!next(child)) return false;
    }
    return true;
}

// What propagation and the unit rules left, at their fixpoint.
enum class Inferred { contradiction, settled, open };

// Propagation and the unit rules to their fixpoint. `settled(s)` is asked after each propagation:
// when it says so, the caller takes over there (and `p` is not brought up to date). `p` holds the
// patterns of the digits not in s.moved.
template <class Settled>
Inferred infer(Board& s, Patterns& p, Settled settled) {
    for (;;) {
        if (!propagate(s)) return Inferred::contradiction;
        if (settled(s)) return Inferred::settled;
        const Refreshed fresh = refresh_patterns(s, p);
        bool progress = false;
        if (!infer_units(s, p, fresh, progress)) return Inferred::contradiction;
        if (!progress) return Inferred::open;
    }
}

// Branches on the configurations of one digit in the lightest unit (kConfigurationWeight; 0:
// every digit settled in it), on the digit with the fewest there; on a cell when every unit is
// settled. `next(child, its patterns)` false stops the branching (and returns false). Each child
// but the last starts from a copy of `p`; the last runs on `s` itself and takes `p`.
template <class Next>
bool branch(Board& s, Patterns& p, Next next) {
    int unit = -1, lightest = 1 << 20;
    for (int u = 0; u < 6; ++u)
        if (p.weight[u] > 0 && p.weight[u] < lightest) lightest = p.weight[u], unit = u;
    if (unit < 0) {
        return branch_on_cell(s, choose_cell(s), [&](Board& child) {
            if (&child == &s) return next(child, p);
            Patterns copy = p;
            return next(child, copy);
        });
    }
    int digit = -1, fewest = 7;
    for (int d = 0; d < 9; ++d) {
        const int n = configurations.count[p.of[d][unit]];
        if (n >= 2 && n < fewest) fewest = n, digit = d;
    }
    const unsigned m = p.of[digit][unit];
    for (int i = 0; i < fewest; ++i) {
        const unsigned keep = configurations.list[m][i];
        if (i == fewest - 1) {  // the last: no copy
            restrict_digit(s, digit, unit, keep);
            return next(s, p);
        }
        Board child = s;
        Patterns copy = p;
        restrict_digit(child, digit, unit, keep);
        if (!next(child, copy)) return false;
    }
    return true;
}

// Counts the completions of `s` into `counter`; false when the limit is reached. `p` holds the
// patterns of the digits not in s.moved, and is left changed.
bool count_from(Board& s, Patterns& p, Counter& counter) {
    const auto solved = [](const Board& b) { return !any(load(b.unsolved)); };
    switch (infer(s, p, solved)) {
        case Inferred::contradiction:
            return true;
        case Inferred::settled:
            if (counter.count++ == 0) counter.first = s;
            return !counter.limit || counter.count < counter.limit;
        case Inferred::open:
            break;
    }
    return branch(s, p, [&](Board& b, Patterns& q) { return count_from(b, q, counter); });
}

// The same, from a board whose patterns were never read.
bool count_from(Board& s, Counter& counter) {
    s.moved = 0x1ff;
    Patterns p{};
    return count_from(s, p, counter);
}

// The pinned search's own steps (solver9/search.hpp: run) for its first `pinned_nodes` nodes,
// then the counting search on every subtree left: easy grids and grids whose solutions it meets
// early end as fast as in the pinned search, and on hard grids those first nodes are not lost.
// A solution met before the hand-over is the pinned search's first one: every subtree before it
// in the pinned order was counted, with no solution.
bool count_after_pinned(Board& s, Counter& counter) {
    if (counter.pinned_nodes == 0) return count_from(s, counter);
    --counter.pinned_nodes;
    if (!propagate(s)) return true;
    const int cell = choose_cell(s);
    if (cell < 0) {
        if (counter.count++ == 0) {
            counter.first = s;
            counter.first_in_pinned_order = true;
        }
        return !counter.limit || counter.count < counter.limit;
    }
    return branch_on_cell(s, cell, [&](Board& b) { return count_after_pinned(b, counter); });
}

// Above this many open cells after the root's propagation the counting search starts at the root:
// there the pinned start's first branch, on a cell, made the whole tree worse (the forum's hardest
// grids, with few bivalue cells). Grids with several solutions that the pinned search meets at
// once, as serg's, have fewer open cells; the bound lies between the two (figures:
// bench/results/solver-decisions.md).
constexpr int kPinnedStartMaxOpen = 50;

// A kernel's count (solver9.hpp): the pinned start, then the counting search; `first` and whether
// it is the pinned search's first solution.
std::uint64_t count_with_hand_over(Board& start, std::uint64_t limit, std::uint64_t pinned_nodes, Board& first,
                                   bool& first_in_pinned_order) {
    // The pinned search propagates the root first as well, to the same fixpoint.
    if (!propagate(start)) return 0;
    if (ones(start.unsolved[0]) + ones(start.unsolved[1]) + ones(start.unsolved[2]) > kPinnedStartMaxOpen)
        pinned_nodes = 0;
    Counter counter;
    counter.limit = limit;
    counter.pinned_nodes = pinned_nodes;
    count_after_pinned(start, counter);
    if (counter.count) first = counter.first;
    first_in_pinned_order = counter.first_in_pinned_order;
    return counter.count;
}

}  // namespace
}  // namespace sudoku::nine
