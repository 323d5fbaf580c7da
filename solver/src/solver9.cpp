// The 9x9 bitboard solver: per-digit position bitboards, split into three bands.
//
// A band is three rows = 27 cells = 27 bits of one 32-bit word:
//
//   bit:  0 .. 8   row 3b+0, columns 0..8        band 0: rows 0-2
//         9 ..17   row 3b+1                      band 1: rows 3-5
//        18 ..26   row 3b+2                      band 2: rows 6-8
//
// State = for each digit d, the cells where d may still stand (3 words), plus the cells not yet
// solved (3 words): 30 words, copied whole at each guess, which is cheaper than undo logs.
// A placed digit keeps its own bit, so every row, column and box of every digit always has at
// least one bit: an empty one is a contradiction, a single bit in an unsolved cell is a hidden
// single. Naked singles come from counting candidates per cell with bit-sliced adders across
// the nine boards (cells seen once / twice / three times), which also finds the bivalue cells
// the search branches on.
#include "solver9.hpp"

#include <array>
#include <bit>
#include <cstring>

#include "sudoku/geometry.hpp"

namespace sudoku::nine {
namespace {

constexpr std::uint32_t kBand = (1u << 27) - 1;
constexpr std::uint32_t kRow = 0x1ff;
constexpr std::uint32_t kBoxInBand = 0x7 | (0x7 << 9) | (0x7 << 18);  // box 0 of a band

// Each digit's three band words are padded to four lanes (the fourth always 0) so that
// whole-board steps (counting candidates, clearing peers) compile to 128-bit vector operations.
struct alignas(16) Board {
    std::uint32_t digit[9][4];
    std::uint32_t unsolved[4];
    std::uint32_t changed;  // digits whose board changed since their last hidden-single and locked scan
};

// Locked candidates inside a band, for one digit. Its positions in the band reduce to a 3x3
// matrix of segments (row r of the band x box k): segment (r,k) is set when the digit may
// stand somewhere in the three cells of row r inside box k.
//
//              box0 box1 box2          bit of segment (r,k) = 3r + k
//     row 0  [  x    .    x  ]        pointing: a box whose only live segment is in row r
//     row 1  [  .    x    .  ]          clears row r in the other two boxes;
//     row 2  [  .    x    .  ]        claiming: a row whose only live segment is in box k
//                                       clears box k in the other two rows.
// `locked[m]` is the fixpoint of both rules applied to segment pattern m, or 0 when that
// fixpoint leaves a row or a box with no segment (a contradiction).
struct Tables {
    alignas(16) std::uint32_t peers[81][4];  // the 20 peers of each cell (not the cell itself)
    std::uint16_t locked[512];
    std::uint32_t segment_cells[512];  // the 27-bit band mask of a segment pattern
    std::uint8_t row_segments[512];    // the three segment flags of one 9-bit row
    Tables() {
        for (unsigned row = 0; row < 512; ++row)
            row_segments[row] =
                static_cast<std::uint8_t>((row & 7 ? 1 : 0) | (row & 070 ? 2 : 0) | (row & 0700 ? 4 : 0));
        for (unsigned m = 0; m < 512; ++m) {
            unsigned cur = m;
            for (unsigned prev = ~0u; prev != cur;) {
                prev = cur;
                for (int k = 0; k < 3; ++k) {  // pointing
                    unsigned col = cur & (0x49u << k);
                    if (col && !(col & (col - 1))) {
                        int r = std::countr_zero(col) / 3;
                        cur &= ~(0x7u << (3 * r)) | col;
                    }
                }
                for (int r = 0; r < 3; ++r) {  // claiming
                    unsigned row = cur & (0x7u << (3 * r));
                    if (row && !(row & (row - 1))) {
                        int k = std::countr_zero(row) % 3;
                        cur &= ~(0x49u << k) | row;
                    }
                }
            }
            bool dead = false;
            for (int i = 0; i < 3; ++i) dead |= !(cur & (0x7u << (3 * i))) || !(cur & (0x49u << i));
            locked[m] = dead ? 0 : static_cast<std::uint16_t>(cur);
            std::uint32_t cells = 0;
            for (int seg = 0; seg < 9; ++seg)
                if (m & (1u << seg)) cells |= 0x7u << (9 * (seg / 3) + 3 * (seg % 3));
            segment_cells[m] = cells;
        }
        std::memset(peers, 0, sizeof peers);
        for (int a = 0; a < 81; ++a)
            for (int b : peers_of(3)[a]) peers[a][b / 27] |= 1u << (b % 27);
    }
};
const Tables tables;

inline int lowest(std::uint32_t x) { return std::countr_zero(x); }

// Places digit d at cell (band, bit); false when d can no longer stand there.
inline bool place(Board& s, int d, int band, int bit) {
    const std::uint32_t m = 1u << bit;
    if (!(s.digit[d][band] & m)) return false;
    const int cell = band * 27 + bit;
    for (int e = 0; e < 9; ++e) {
        s.changed |= ((s.digit[e][band] & m) != 0) << e;
        s.digit[e][band] &= ~m;
    }
    s.changed |= 1u << d;
    for (int k = 0; k < 4; ++k) s.digit[d][k] &= ~tables.peers[cell][k];
    s.digit[d][band] |= m;
    s.unsolved[band] &= ~m;
    return true;
}

// Places digit d at a cell where it is the only candidate left: no other digit to clear there.
inline void place_naked(Board& s, int d, int band, int bit) {
    const std::uint32_t m = 1u << bit;
    const int cell = band * 27 + bit;
    for (int k = 0; k < 4; ++k) s.digit[d][k] &= ~tables.peers[cell][k];
    s.unsolved[band] &= ~m;
    s.changed |= 1u << d;
}

// The cells of the mask `singles` (one band) where digit d is forced: place each.
inline bool place_all(Board& s, int d, int band, std::uint32_t singles) {
    while (singles) {
        int bit = lowest(singles);
        singles &= singles - 1;
        if (!place(s, d, band, bit)) return false;
    }
    return true;
}

// Hidden singles of one digit in its rows, columns and boxes. Sets `progress` when it placed any.
// Branch-free on purpose: whether a row or box holds one bit is data the predictor cannot learn.
inline bool hidden_singles(Board& s, int d, bool& progress) {
    std::uint32_t forced[3];
    std::uint32_t col_once = 0, col_twice = 0;
    bool empty = false;
    for (int b = 0; b < 3; ++b) {
        const std::uint32_t w = s.digit[d][b];
        std::uint32_t f = 0;
        for (int r = 0; r < 3; ++r) {
            const std::uint32_t row = (w >> (9 * r)) & kRow;
            empty |= row == 0;
            f |= (row & -std::uint32_t((row & (row - 1)) == 0)) << (9 * r);
            col_twice |= col_once & row;
            col_once |= row;
        }
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t box = w & (kBoxInBand << (3 * k));
            empty |= box == 0;
            f |= box & -std::uint32_t((box & (box - 1)) == 0);
        }
        forced[b] = f;
    }
    if (empty || col_once != kRow) return false;
    const std::uint32_t col_single = col_once & ~col_twice;
    const std::uint32_t spread = col_single | (col_single << 9) | (col_single << 18);
    for (int b = 0; b < 3; ++b) {
        const std::uint32_t fresh = (forced[b] | (s.digit[d][b] & spread)) & s.unsolved[b];
        if (!fresh) continue;
        progress = true;
        if (!place_all(s, d, b, fresh)) return false;
    }
    return true;
}

// Segment pattern of one digit's band word (see Tables::locked).
inline unsigned segments(std::uint32_t w) {
    return tables.row_segments[w & kRow] | tables.row_segments[(w >> 9) & kRow] << 3 |
           tables.row_segments[w >> 18] << 6;
}

// Locked candidates for the digits in `digits`; sets `progress` when it removed any candidate.
inline bool locked_candidates(Board& s, std::uint32_t digits, bool& progress) {
    while (digits) {
        const int d = lowest(digits);
        digits &= digits - 1;
        for (int b = 0; b < 3; ++b) {
            const std::uint32_t w = s.digit[d][b];
            const unsigned m = segments(w);
            const unsigned keep = tables.locked[m];
            if (!keep) return false;
            if (keep != m) {
                s.digit[d][b] = w & tables.segment_cells[keep];
                s.changed |= 1u << d;
                progress = true;
            }
        }
    }
    return true;
}

struct alignas(16) CandidateCounts {
    std::uint32_t one[4], two[4], three[4];  // cells with at least 1, 2, 3 candidates
};

inline CandidateCounts count_candidates(const Board& s) {
    CandidateCounts c{};
    for (int d = 0; d < 9; ++d)
        for (int k = 0; k < 4; ++k) {
            const std::uint32_t w = s.digit[d][k];
            c.three[k] |= c.two[k] & w;
            c.two[k] |= c.one[k] & w;
            c.one[k] |= w;
        }
    return c;
}

// Singles until nothing changes; false on contradiction.
bool propagate(Board& s) {
    std::uint32_t locked_pending = 0;  // changed digits not yet scanned for locked candidates
    for (;;) {
        const CandidateCounts c = count_candidates(s);
        bool progress = false;
        for (int b = 0; b < 3; ++b) {
            if (s.unsolved[b] & ~c.one[b]) return false;  // a cell with no candidate
            std::uint32_t naked = s.unsolved[b] & ~c.two[b];
            while (naked) {
                const int bit = lowest(naked);
                naked &= naked - 1;
                const std::uint32_t m = 1u << bit;
                int d = 0;
                while (d < 9 && !(s.digit[d][b] & m)) ++d;
                if (d == 9) return false;  // lost its last candidate to a single placed above
                place_naked(s, d, b, bit);
                progress = true;
            }
        }
        if (progress) continue;
        // Only digits whose board changed can have new hidden singles or locked candidates.
        const std::uint32_t digits = s.changed;
        s.changed = 0;
        for (std::uint32_t rest = digits; rest; rest &= rest - 1)
            if (!hidden_singles(s, lowest(rest), progress)) return false;
        locked_pending |= digits;
        if (progress) continue;
        if (!locked_candidates(s, locked_pending, progress)) return false;
        locked_pending = 0;
        if (!progress) return true;
    }
}

// The cell to branch on: a bivalue cell when there is one, else the unsolved cell with the
// fewest candidates. Returns -1 when the board is solved.
int choose_cell(const Board& s) {
    const CandidateCounts c = count_candidates(s);
    // Among the bivalue cells, the one with the most bivalue peers: either of its two values
    // tends to settle its neighbours by singles, which cut the tree by a third on the hardest
    // sets (1106: 648 -> 432 nodes per puzzle) against taking the first bivalue cell.
    std::uint32_t bivalue[3];
    for (int b = 0; b < 3; ++b) bivalue[b] = s.unsolved[b] & c.two[b] & ~c.three[b];
    if (bivalue[0] | bivalue[1] | bivalue[2]) {
        int best = -1, best_score = -1;
        for (int b = 0; b < 3; ++b)
            for (std::uint32_t rest = bivalue[b]; rest; rest &= rest - 1) {
                const int cell = b * 27 + lowest(rest);
                const int score = std::popcount(bivalue[0] & tables.peers[cell][0]) +
                                  std::popcount(bivalue[1] & tables.peers[cell][1]) +
                                  std::popcount(bivalue[2] & tables.peers[cell][2]);
                if (score > best_score) best_score = score, best = cell;
            }
        return best;
    }
    int best = -1, best_count = 10;
    for (int b = 0; b < 3; ++b) {
        std::uint32_t open = s.unsolved[b];
        while (open) {
            const int bit = lowest(open);
            open &= open - 1;
            int count = 0;
            for (int d = 0; d < 9; ++d) count += (s.digit[d][b] >> bit) & 1;
            if (count < best_count) {
                best_count = count;
                best = b * 27 + bit;
            }
        }
    }
    return best;
}

Grid to_grid(const Board& s) {
    Grid g(3);
    for (int d = 0; d < 9; ++d)
        for (int b = 0; b < 3; ++b) {
            std::uint32_t w = s.digit[d][b];
            while (w) {
                g.set(b * 27 + lowest(w), d + 1);
                w &= w - 1;
            }
        }
    return g;
}

// Depth-first search; `sink(board)` receives each solved board and returns false to stop.
template <class Sink>
class Search {
public:
    Search(Sink& sink, SearchStats& stats) : sink_(sink), stats_(stats) {}

    // Returns false when the sink asked to stop.
    bool run(Board& s) {
        ++stats_.nodes;
        if (!propagate(s)) return true;
        const int cell = choose_cell(s);
        if (cell < 0) return sink_(s);
        const int band = cell / 27, bit = cell % 27;
        bool first = true;
        for (int d = 0; d < 9; ++d) {
            if (!((s.digit[d][band] >> bit) & 1)) continue;
            if (!first) ++stats_.guesses;
            first = false;
            Board child = s;
            if (place(child, d, band, bit) && !run(child)) return false;
        }
        return true;
    }

private:
    Sink& sink_;
    SearchStats& stats_;
};

// The board with the clues placed; false when two clues clash.
bool start(const Grid& puzzle, Board& s) {
    for (auto& d : s.digit) d[0] = d[1] = d[2] = kBand, d[3] = 0;
    s.unsolved[0] = s.unsolved[1] = s.unsolved[2] = kBand;
    s.unsolved[3] = 0;
    s.changed = 0x1ff;
    for (int cell = 0; cell < 81; ++cell) {
        const int v = puzzle.at(cell);
        if (v && !place(s, v - 1, cell / 27, cell % 27)) return false;
    }
    return true;
}

}  // namespace

std::uint64_t enumerate(const Grid& puzzle, const std::function<bool(const Grid&)>& visit, SearchStats& stats) {
    Board s;
    if (!start(puzzle, s)) return 0;
    std::uint64_t found = 0;
    auto sink = [&](const Board& solved) {
        ++found;
        return visit(to_grid(solved));
    };
    Search<decltype(sink)> search(sink, stats);
    search.run(s);
    return found;
}

// Counting materialises only the first solution: the per-solution cost is what limits
// counting throughput on puzzles with many completions.
SolutionCount count(const Grid& puzzle, std::uint64_t limit, SearchStats& stats) {
    SolutionCount result;
    Board s;
    if (!start(puzzle, s)) return result;
    auto sink = [&](const Board& solved) {
        if (result.count++ == 0) result.first = to_grid(solved);
        if (limit && result.count >= limit) {
            result.capped = true;
            return false;
        }
        return true;
    };
    Search<decltype(sink)> search(sink, stats);
    search.run(s);
    return result;
}

}  // namespace sudoku::nine
