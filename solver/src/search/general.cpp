// The general solver: any box size 2..5, candidate bitmasks per cell.
//
// Each cell keeps a mask of the digits still possible (sudoku/solver/digit_mask.hpp).
// Propagation places naked singles (a cell with one candidate) and hidden singles (a digit
// with one place left in a unit) until nothing changes; the search then branches on the
// first cell with the fewest candidates, digits in increasing order. (The count without
// statistics, whose tree nobody sees, also removes locked candidates and, counting to 2, may
// branch elsewhere: kUniquenessStages.) This is also the engine
// behind for_each_solution for sizes other than 9x9, and the slow-but-simple reference the 9x9
// bitboard solver is tested against.
//
// The search tree is part of the generator's output (guesses in manifests, the first solution,
// the enumeration order), so it is pinned: tests/support/reference_general_solver.* keeps the
// solver this one replaced, and tests compare the two node for node. What changed is only how a
// node is computed:
//
//   boards_[0]  cand   [cell]          digits a cell may hold        fixed-size Boards, one per
//   boards_[1]  value  [cell]          placed digit or 0             depth, allocated once per
//   ...         places [unit][digit]   cells of a unit that may      search; a child copies its
//                                      hold the digit (bit k =       parent's prefix of cells
//                                      the unit's k-th cell)         and units
//
//   pending   cells whose candidates fell to one digit      (naked singles, placed next)
//   hidden    (unit, digit) whose places fell to one cell    (hidden singles, placed next)
//
// A removal updates the cell and the digit's places in its three units, so a naked single, a
// hidden single or a contradiction (a cell without candidates, a digit without a place in a
// unit) is seen at the removal, where the replaced solver swept every cell and every unit until
// a sweep changed nothing. Both apply the same two rules until neither applies, and the rules
// only ever remove candidates (a rule that applies still applies, or reveals a contradiction,
// after more removals), so both reach the same fixed point, or both a contradiction, whatever
// the order: the tree is the same.
#include "search/general.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "sudoku/solver/digit_mask.hpp"
#include "sudoku/solver/geometry.hpp"

namespace sudoku::general {
namespace {

constexpr int kMaxSide = kMaxBox * kMaxBox;
constexpr int kMaxCells = kMaxSide * kMaxSide;
constexpr int kMaxUnits = 3 * kMaxSide;

// GridGeometry's units and peers in flat arrays, one row per cell or unit, for the hot loops.
struct FlatGeometry {
    int box = 0, side = 0, cells = 0, unit_count = 0, peer_count = 0;
    std::vector<std::int16_t> units;    // unit_count rows of side cells
    std::vector<std::int16_t> unit_of;  // cells rows of 3 units
    std::vector<std::int8_t> place_in;  // cells rows of 3: the cell's index within each of them
    std::vector<std::int16_t> peers;    // cells rows of peer_count cells

    explicit FlatGeometry(const GridGeometry& g)
        : box(g.box),
          side(g.side),
          cells(g.cells),
          unit_count(int(g.units.size())),
          peer_count(int(g.peers[0].size())) {
        for (const auto& unit : g.units)
            for (int cell : unit) units.push_back(std::int16_t(cell));
        for (const auto& three : g.unit_of)
            for (int unit : three) unit_of.push_back(std::int16_t(unit));
        place_in.assign(unit_of.size(), 0);
        for (int cell = 0; cell < cells; ++cell)
            for (int k = 0; k < 3; ++k) {
                const auto& unit = g.units[g.unit_of[cell][k]];
                place_in[cell * 3 + k] = std::int8_t(std::find(unit.begin(), unit.end(), cell) - unit.begin());
            }
        for (const auto& row : g.peers)
            for (int cell : row) peers.push_back(std::int16_t(cell));
    }

    static const FlatGeometry& of(int box) {
        static const std::array<FlatGeometry, kMaxBox - kMinBox + 1> all = [] {
            return std::array{FlatGeometry(GridGeometry::of(2)), FlatGeometry(GridGeometry::of(3)),
                              FlatGeometry(GridGeometry::of(4)), FlatGeometry(GridGeometry::of(5))};
        }();
        return all[box - kMinBox];
    }
};
static_assert(kMaxBox - kMinBox + 1 == 4, "FlatGeometry::of lists every supported box size");

// places[unit * kPlaceStride + digit]: bit k set when the unit's k-th cell may hold the digit.
constexpr int kPlaceStride = kMaxSide + 1;

struct Board {
    std::array<DigitMask, kMaxCells> cand;      // candidates of each cell; a placed cell has exactly one
    std::array<std::uint8_t, kMaxCells> value;  // 0 while unplaced
    std::array<std::uint32_t, kMaxUnits * kPlaceStride> places;  // the same facts by unit and digit
};

// kLocked adds locked candidates (a digit confined to one box-line segment within its box is
// removed from the rest of the line, and within its line from the rest of the box): a different,
// smaller tree, used only where the tree is not observable (counting without statistics).
template <bool kLocked>
class Search {
public:
    Search(const FlatGeometry& g, const std::function<bool(const Grid&)>& visit, SearchStats& stats)
        : g_(g), all_(all_digits(g.side)), visit_(visit), stats_(stats), boards_(1) {
        boards_[0].cand.fill(all_);
        boards_[0].value.fill(0);
        boards_[0].places.fill((std::uint32_t{1} << g.side) - 1);
    }

    Board& root() { return boards_[0]; }

    // The choice of branching cell (busiest_of_fewest or the pinned first_of_fewest), and a node
    // budget (0: none) past which run() stops as if the visitor had asked:
    // the caller then tells a finished search from a stopped one by out_of_budget().
    void choose(bool busiest, std::uint64_t node_budget) {
        busiest_ = busiest;
        node_budget_ = node_budget;
    }
    bool out_of_budget() const { return node_budget_ && stats_.nodes > node_budget_; }

    // Returns false when the visitor asked to stop.
    bool run(std::size_t depth) {
        ++stats_.nodes;
        if (out_of_budget()) return false;
        Board& s = boards_[depth];
        if (!propagate(s)) {
            clear_pending();
            return true;
        }
        const auto [best, best_count] = busiest_ ? busiest_of_fewest(s) : first_of_fewest(s);
        if (best < 0) return emit(s);
        if (boards_.size() == depth + 1) boards_.emplace_back();
        DigitMask options = boards_[depth].cand[best];
        stats_.guesses += best_count - 1;
        while (options) {
            const DigitMask bit = options & -options;
            options ^= bit;
            const Board& parent = boards_[depth];
            Board& child = boards_[depth + 1];
            std::copy_n(parent.cand.begin(), g_.cells, child.cand.begin());
            std::copy_n(parent.value.begin(), g_.cells, child.value.begin());
            std::copy_n(parent.places.begin(), g_.unit_count * kPlaceStride, child.places.begin());
            if (!assign_deferring(child, best, lowest_digit(bit))) {
                clear_pending();
                continue;
            }
            if (!run(depth + 1)) return false;
        }
        return true;
    }

    // The pinned tree's branching cell: the first with the fewest candidates (-1 when all are
    // placed), and its count.
    std::pair<int, int> first_of_fewest(const Board& s) const {
        int best = -1, best_count = 99;
        for (int cell = 0; cell < g_.cells; ++cell) {
            if (s.value[cell]) continue;
            const int count = digit_count(s.cand[cell]);
            if (count < best_count) {
                best = cell;
                best_count = count;
                if (count == 2) break;
            }
        }
        return {best, best_count};
    }

    // The counting search's: among the cells with the fewest candidates, the one with the most
    // unplaced peers that share a candidate with it, whose branches propagate furthest: the
    // smallest trees on minimal 16x16 puzzles (figures: bench/results/solver-decisions.md).
    std::pair<int, int> busiest_of_fewest(const Board& s) const {
        int best = -1, best_count = 99, best_sharing = -1;
        for (int cell = 0; cell < g_.cells; ++cell) {
            if (s.value[cell]) continue;
            const int count = digit_count(s.cand[cell]);
            if (count > best_count) continue;
            const int sharing = peers_sharing(s, cell);
            if (count < best_count || sharing > best_sharing) {
                best = cell;
                best_count = count;
                best_sharing = sharing;
            }
        }
        return {best, best_count};
    }

    // The unplaced peers of an unplaced cell that may hold one of its candidates, from the places
    // of its row R, column C and box X (each counting the cell itself): |R u C u X| - 1, where R
    // and C meet only at the cell, and X meets R and C in the segments of the box's columns and
    // rows. A candidate of the cell is placed in none of its units, so every place is unplaced.
    int peers_sharing(const Board& s, int cell) const {
        const int n = g_.side, b = g_.box, row = cell / n, col = cell % n;
        const std::uint32_t* row_places = &s.places[std::size_t(row) * kPlaceStride];
        const std::uint32_t* col_places = &s.places[std::size_t(n + col) * kPlaceStride];
        const std::uint32_t* box_places = &s.places[std::size_t(g_.unit_of[cell * 3 + 2]) * kPlaceStride];
        std::uint32_t in_row = 0, in_col = 0, in_box = 0;
        for (DigitMask digits = s.cand[cell]; digits; digits &= digits - 1) {
            const int digit = lowest_digit(digits);
            in_row |= row_places[digit];
            in_col |= col_places[digit];
            in_box |= box_places[digit];
        }
        const std::uint32_t segment = (std::uint32_t{1} << b) - 1;
        const std::uint32_t row_segment = segment << (col - col % b), col_segment = segment << (row - row % b);
        return std::popcount(in_row) + std::popcount(in_col) + std::popcount(in_box) -
               std::popcount(in_row & row_segment) - std::popcount(in_col & col_segment) - 1;
    }

    // assign, but a digit left without a place in a unit is found by the next propagate, as the
    // replaced solver found it: this keeps the node count (SearchStats) the same.
    bool assign_deferring(Board& s, int cell, int digit) {
        deferring_ = true;
        const bool ok = assign(s, cell, digit);
        deferring_ = false;
        return ok;
    }

    // Places digit at cell; false on contradiction. Cells left with one candidate go to pending,
    // digits left with one place in a unit to hidden.
    bool assign(Board& s, int cell, int digit) {
        const DigitMask bit = digit_bit(digit);
        if (!(s.cand[cell] & bit)) return false;
        for (DigitMask others = s.cand[cell] & ~bit; others; others &= others - 1)
            if (!remove_place(s, cell, lowest_digit(others))) return false;
        s.cand[cell] = bit;
        s.value[cell] = static_cast<std::uint8_t>(digit);
        const std::int16_t* peer = &g_.peers[std::size_t(cell) * g_.peer_count];
        for (int k = 0; k < g_.peer_count; ++k) {
            const int p = peer[k];
            if (!(s.cand[p] & bit)) continue;
            if (s.value[p] || !remove(s, p, digit)) return false;
        }
        return true;
    }

private:
    bool propagate(Board& s) {
        if (deferred_contradiction_) return false;
        for (;;) {
            while (pending_count_) {
                const int cell = pending_[--pending_count_];
                if (s.value[cell]) continue;
                if (!assign(s, cell, lowest_digit(s.cand[cell]))) return false;
            }
            if (hidden_count_) {
                const int at = hidden_[--hidden_count_];
                const int unit = at / kPlaceStride, digit = at % kPlaceStride;
                const int cell = g_.units[std::size_t(unit) * g_.side + std::countr_zero(s.places[at])];
                if (!s.value[cell] && !assign(s, cell, digit)) return false;
                continue;
            }
            if constexpr (kLocked) {
                bool removed = false;
                if (!locked_candidates(s, removed)) return false;
                if (removed) continue;
            }
            return true;
        }
    }

    // Removes an unplaced cell's candidate digit; false on contradiction.
    bool remove(Board& s, int cell, int digit) {
        const DigitMask left = s.cand[cell] &= ~digit_bit(digit);
        if (!left) return false;
        if (!(left & (left - 1))) pending_[pending_count_++] = std::int16_t(cell);
        return remove_place(s, cell, digit);
    }

    // The digit's places in the cell's three units lose the cell; false when one has none left
    // (unless deferring).
    bool remove_place(Board& s, int cell, int digit) {
        for (int k = 0; k < 3; ++k) {
            const int at = g_.unit_of[cell * 3 + k] * kPlaceStride + digit;
            const std::uint32_t left = s.places[at] &= ~(std::uint32_t{1} << g_.place_in[cell * 3 + k]);
            if (!left) {
                if (!deferring_) return false;
                deferred_contradiction_ = true;
                continue;
            }
            if (!(left & (left - 1))) hidden_[hidden_count_++] = std::int16_t(at);
        }
        return true;
    }

    // Removes `digits` from `cell`; false on contradiction.
    bool eliminate(Board& s, int cell, DigitMask digits) {
        digits &= s.cand[cell];
        if (digits && s.value[cell]) return false;
        for (; digits; digits &= digits - 1)
            if (!remove(s, cell, lowest_digit(digits))) return false;
        return true;
    }

    // Box-line segments: row r meets box column c in cells r*n + c*b .. + b-1, and column r meets
    // box row c in cells (c*b + i)*n + r. seg[line][c] is the union of a segment's candidates;
    // within a box, the segments of the b lines of its band or stack partition it.
    bool locked_candidates(Board& s, bool& removed) {
        const int n = g_.side, b = g_.box;
        for (int by_column = 0; by_column < 2; ++by_column) {
            // cell of line `line`, position k along it
            auto at = [&](int line, int k) { return by_column ? k * n + line : line * n + k; };
            std::array<std::array<DigitMask, kMaxBox>, kMaxSide> seg{};
            for (int line = 0; line < n; ++line)
                for (int c = 0; c < b; ++c)
                    for (int i = 0; i < b; ++i) seg[line][c] |= s.cand[at(line, c * b + i)];
            for (int line = 0; line < n; ++line) {
                const int first_of_band = line - line % b;
                for (int c = 0; c < b; ++c) {
                    DigitMask line_rest = 0, box_rest = 0;
                    for (int k = 0; k < b; ++k)
                        if (k != c) line_rest |= seg[line][k];
                    for (int other = first_of_band; other < first_of_band + b; ++other)
                        if (other != line) box_rest |= seg[other][c];
                    const DigitMask pointing = seg[line][c] & ~box_rest & line_rest;
                    const DigitMask claiming = seg[line][c] & ~line_rest & box_rest;
                    if (!pointing && !claiming) continue;
                    removed = true;
                    for (int k = 0; k < n && pointing; ++k)
                        if (k / b != c && !eliminate(s, at(line, k), pointing)) return false;
                    for (int other = first_of_band; other < first_of_band + b && claiming; ++other)
                        for (int i = 0; i < b && other != line; ++i)
                            if (!eliminate(s, at(other, c * b + i), claiming)) return false;
                    return true;  // the tables are stale now: singles first (measured faster)
                }
            }
        }
        return true;
    }

    // After a contradiction: nothing of the abandoned board is left to do.
    void clear_pending() {
        pending_count_ = 0;
        hidden_count_ = 0;
        deferred_contradiction_ = false;
    }

    bool emit(const Board& s) {
        Grid grid(g_.box);
        for (int cell = 0; cell < g_.cells; ++cell) grid.set(cell, s.value[cell]);
        ++count_;
        return visit_(grid);
    }

    const FlatGeometry& g_;
    const DigitMask all_;
    const std::function<bool(const Grid&)>& visit_;
    SearchStats& stats_;
    std::vector<Board> boards_;  // boards_[d]: the board at depth d of the current path
    // A cell enters pending when it is left with one candidate, which it can lose only by a
    // contradiction: at most once per board.
    std::array<std::int16_t, kMaxCells> pending_{};
    int pending_count_ = 0;
    // A digit's places in a unit fall to one once per board, unless a contradiction follows.
    std::array<std::int16_t, kMaxUnits * kPlaceStride> hidden_{};
    int hidden_count_ = 0;
    bool deferring_ = false, deferred_contradiction_ = false;
    std::uint64_t count_ = 0;
    bool busiest_ = false;
    std::uint64_t node_budget_ = 0;

public:
    std::uint64_t count() const { return count_; }
};

// Where the budget is 0, without one; with one, the search returns nullopt once it is spent.
template <bool kLocked>
std::optional<std::uint64_t> search(const Grid& puzzle, const std::function<bool(const Grid&)>& visit,
                                    SearchStats& stats, bool busiest = false, std::uint64_t node_budget = 0) {
    if (puzzle.has_conflict()) return 0;
    const FlatGeometry& g = FlatGeometry::of(puzzle.box());
    Search<kLocked> search(g, visit, stats);
    search.choose(busiest, node_budget);
    for (int cell = 0; cell < g.cells; ++cell)
        if (puzzle.at(cell) && !search.assign_deferring(search.root(), cell, puzzle.at(cell))) return 0;
    search.run(0);
    if (search.out_of_budget()) return std::nullopt;
    return search.count();
}

// The counting search's stages: a choice of branching cell and a node budget (0: none); each
// stage that spends its budget hands over to the next, which starts again. Unique grids are
// proven in fewer nodes by the busiest cell, but a sparse grid with many completions (the 70 %
// blank ones of tests/solver/test_solver_general.cpp) finds its completions at once by the first
// cell of fewest candidates and not in minutes by the busiest; so the first cell goes first, on a
// budget. Counting further than 2 stays with the first cell, which takes fewer nodes there
// (figures: bench/results/solver-decisions.md).
struct Stage {
    bool busiest;
    std::uint64_t node_budget;
};
constexpr Stage kUniquenessStages[] = {{false, 256}, {true, 8000}, {false, 0}};
constexpr Stage kCountStages[] = {{false, 0}};

}  // namespace

std::uint64_t enumerate(const Grid& puzzle, const std::function<bool(const Grid&)>& visit, SearchStats& stats) {
    return *search<false>(puzzle, visit, stats);
}

std::uint64_t count(const Grid& puzzle, std::uint64_t limit, std::optional<Grid>& first) {
    std::uint64_t seen = 0;
    const auto visit = [&](const Grid& solution) {
        if (!seen++) first = solution;
        return !(limit && seen >= limit);
    };
    for (const Stage& stage :
         limit == 2 ? std::span<const Stage>(kUniquenessStages) : std::span<const Stage>(kCountStages)) {
        SearchStats unobserved;
        seen = 0;
        first.reset();
        if (const auto counted = search<true>(puzzle, visit, unobserved, stage.busiest, stage.node_budget))
            return *counted;
    }
    return 0;  // unreachable: the last stage has no budget
}

}  // namespace sudoku::general
