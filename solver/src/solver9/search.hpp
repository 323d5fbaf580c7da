// Internal: the 9x9 search kernel, included once (through kernel_body.hpp) by each of
// solver9/kernel_{portable,avx2,avx512}.cpp, which compile it for their instruction set: the
// same source, so the same search tree by construction (tests/solver checks it anyway).
// Everything here has internal linkage, and it uses no library templates, so no inline function
// compiled for a wide instruction set can be picked by the linker for portable code.
//
// Propagation: naked singles (cells counted with bit-sliced adders across the nine boards), then
// hidden singles (rows, columns, boxes) of the digits whose board changed, then locked candidates
// (pointing and claiming), to the fixpoint. Its result, and so the search tree, the order of
// solutions and the guess counts that rate difficulty, must not change: testdata/ records them.
#pragma once

#include "solver9/board.hpp"

#if defined(__AVX512F__)
#include <immintrin.h>
#elif defined(__SSE4_1__)
#include <smmintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sudoku::nine {
namespace {

constexpr std::uint32_t kRow = 0x1ff;
constexpr std::uint32_t kBoxInBand = 0x7 | (0x7 << 9) | (0x7 << 18);  // box 0 of a band

// One digit's four band lanes as one 128-bit vector: written out, as the compiler left the
// loops over them scalar (counting candidates alone was 17 % of all instructions).
using Lanes = std::uint32_t __attribute__((vector_size(16)));
inline Lanes load(const std::uint32_t* four) {
    Lanes v;
    __builtin_memcpy(&v, four, sizeof v);
    return v;
}
inline void store(std::uint32_t* four, Lanes v) { __builtin_memcpy(four, &v, sizeof v); }
// The four lanes' top bits, lane k's as bit k.
inline int signs(Lanes v) {
#if defined(__SSE2__)
    return _mm_movemask_ps(_mm_castsi128_ps(reinterpret_cast<__m128i>(v)));
#else
    return int(v[0] >> 31 | (v[1] >> 31) << 1 | (v[2] >> 31) << 2 | (v[3] >> 31) << 3);
#endif
}
// Whether any lane of v has a bit: one test where the lanes would be moved out one by one.
inline bool any(Lanes v) {
#if defined(__SSE4_1__)
    const auto x = reinterpret_cast<__m128i>(v);
    return !_mm_testz_si128(x, x);
#else
    return v[0] | v[1] | v[2] | v[3];
#endif
}
// m in lane `band`, 0 in the others: boards change a whole vector at a time, so that a vector
// load after them is forwarded from one store.
alignas(16) constexpr std::uint32_t kLaneOf[3][4] = {{~0u, 0, 0, 0}, {0, ~0u, 0, 0}, {0, 0, ~0u, 0}};
inline Lanes in_lane(int band, std::uint32_t m) { return load(kLaneOf[band]) & m; }

// Digit d leaves the peers of `cell`.
inline void clear_peers(Board& s, int d, int cell) {
    const Lanes kept = load(s.digit[d]) & ~load(tables.peers[cell]);
    __builtin_memcpy(s.digit[d], &kept, sizeof kept);
}

inline int lowest(std::uint32_t x) { return __builtin_ctz(x); }
inline int ones(std::uint32_t x) { return __builtin_popcount(x); }

// The candidates of cell (band, bit): bit d for digit d.
inline std::uint32_t cell_digits(const Board& s, int band, int bit) {
    std::uint32_t digits = 0;
    for (int d = 0; d < 9; ++d) digits |= ((s.digit[d][band] >> bit) & 1) << d;
    return digits;
}

// Places digit d at cell (band, bit); false when d can no longer stand there.
inline bool place(Board& s, int d, int band, int bit) {
    const std::uint32_t m = 1u << bit;
    if (!(s.digit[d][band] & m)) return false;
    const int cell = band * 27 + bit;
    const std::uint32_t here = cell_digits(s, band, bit);  // each of their boards changes
    const Lanes at = in_lane(band, m);
    for (int e = 0; e < 9; ++e) store(s.digit[e], load(s.digit[e]) & ~at);
    s.changed |= here;
    store(s.digit[d], (load(s.digit[d]) & ~load(tables.peers[cell])) | at);
    store(s.unsolved, load(s.unsolved) & ~at);
    return true;
}

// Guesses digit d at cell (band, bit), among the cell's candidates `here`: place() written from
// the parent into the child (or into the parent itself, for its last guess). Copying the board and
// then placing read each word back right after its store, and gathered `here` again.
inline void place_guess(const Board& s, Board& child, int d, int band, int bit, std::uint32_t here) {
    const Lanes at = in_lane(band, 1u << bit);
    for (int e = 0; e < 9; ++e) store(child.digit[e], load(s.digit[e]) & ~at);
    store(child.digit[d], (load(s.digit[d]) & ~load(tables.peers[band * 27 + bit])) | at);
    store(child.unsolved, load(s.unsolved) & ~at);
    child.changed = s.changed | here;
    child.moved = s.moved;
}

// Places digit d at a cell where it is the only candidate left: no other digit to clear there.
inline void place_naked(Board& s, int d, int band, int bit) {
    const std::uint32_t m = 1u << bit;
    const int cell = band * 27 + bit;
    clear_peers(s, d, cell);
    store(s.unsolved, load(s.unsolved) & ~in_lane(band, m));
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

// What hidden singles read inside each band lane of a digit's board (V: one digit's Lanes, or four
// digits' in the AVX-512 kernel): the cells alone in their row or box, and the columns that hold
// the digit once and twice within the lane. Branch-free on purpose: whether a row or box holds
// one bit is data the predictor cannot learn.
template <class V>
struct BandSingles {
    V forced, once, twice;
};
template <class V>
inline BandSingles<V> band_singles(V w) {
    const auto alone = [](V x) { return x & (V)((x & (x - 1)) == 0); };  // x where it has one bit
    const V r0 = w & kRow, r1 = (w >> 9) & kRow, r2 = (w >> 18) & kRow;
    const V b0 = w & kBoxInBand, b1 = w & (kBoxInBand << 3), b2 = w & (kBoxInBand << 6);
    return {alone(r0) | (alone(r1) << 9) | (alone(r2) << 18) | alone(b0) | alone(b1) | alone(b2), r0 | r1 | r2,
            (r0 & r1) | (r2 & (r0 | r1))};
}

// Hidden singles of one digit in its rows, columns and boxes. Sets `progress` when it placed any.
inline bool hidden_singles(Board& s, int d, bool& progress) {
    const Lanes w = load(s.digit[d]);  // the padding lane is 0: it looks empty, and is ignored
    const auto [forced, once, twice] = band_singles(w);
    // Columns: over the three bands.
    const std::uint32_t col_once = once[0] | once[1] | once[2];
    const std::uint32_t col_twice =
        twice[0] | twice[1] | twice[2] | (once[0] & once[1]) | (once[2] & (once[0] | once[1]));
    // An empty column is a contradiction. An empty row or box is one too, but it is left to
    // locked_candidates, whose table has no entry for a band pattern with one (Tables::locked): the
    // digit changed, so it is scanned there before propagate can report a fixpoint.
    if (col_once != kRow) return false;
    const std::uint32_t col_single = col_once & ~col_twice;
    const std::uint32_t spread = col_single | (col_single << 9) | (col_single << 18);
    const Lanes fresh_now = (forced | (w & spread)) & load(s.unsolved);
    if (!any(fresh_now)) return true;  // the common case, decided at once
    for (int b = 0; b < 3; ++b) {
        const std::uint32_t fresh = (forced[b] | (s.digit[d][b] & spread)) & s.unsolved[b];
        if (!fresh) continue;
        progress = true;
        if (!place_all(s, d, b, fresh)) return false;
    }
    return true;
}

#if defined(__AVX512F__)
// Hidden singles of four digits at once (digits 4g..4g+3, whose lanes are 64 contiguous bytes of
// the board), for the AVX-512 kernel: the same steps as hidden_singles on each digit's 128-bit
// lane, the columns folded across a digit's band lanes by shuffles inside it. All four are read
// before any is placed; a cell a lower digit took meanwhile fails to place, which is a
// contradiction indeed (the digit had no other place in that unit), and new singles that a
// placement makes are met in the next round, so the fixpoint is the same.
using Quad = std::uint32_t __attribute__((vector_size(64)));

inline unsigned nonzero_lanes(Quad v) {
    __m512i x;
    __builtin_memcpy(&x, &v, sizeof x);
    return _mm512_test_epi32_mask(x, x);
}

inline bool hidden_singles_of_four(Board& s, int group, bool& progress) {
    constexpr unsigned kBandLanes = 0x7777;  // lanes 0-2 of each digit: lane 3 is padding
    Quad w;
    __builtin_memcpy(&w, s.digit[4 * group], sizeof w);
    const Lanes u = load(s.unsolved);
    const Quad unsolved = __builtin_shufflevector(u, u, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
    const auto [forced, once, twice] = band_singles(w);
    // Each band lane with the next two of its digit.
    const Quad once1 = __builtin_shufflevector(once, once, 1, 2, 0, 3, 5, 6, 4, 7, 9, 10, 8, 11, 13, 14, 12, 15);
    const Quad once2 = __builtin_shufflevector(once, once, 2, 0, 1, 3, 6, 4, 5, 7, 10, 8, 9, 11, 14, 12, 13, 15);
    const Quad twice1 = __builtin_shufflevector(twice, twice, 1, 2, 0, 3, 5, 6, 4, 7, 9, 10, 8, 11, 13, 14, 12, 15);
    const Quad twice2 = __builtin_shufflevector(twice, twice, 2, 0, 1, 3, 6, 4, 5, 7, 10, 8, 9, 11, 14, 12, 13, 15);
    const Quad col_once = once | once1 | once2;
    const Quad col_twice = twice | twice1 | twice2 | (once & once1) | (once2 & (once | once1));
    if (nonzero_lanes(col_once ^ kRow) & kBandLanes) return false;  // a column without the digit
    const Quad col_single = col_once & ~col_twice;
    const Quad spread = col_single | (col_single << 9) | (col_single << 18);
    const Quad fresh = (forced | (w & spread)) & unsolved;
    unsigned lanes = nonzero_lanes(fresh) & kBandLanes;
    if (!lanes) return true;  // the common case, decided at once
    progress = true;
    alignas(64) std::uint32_t cells[16];
    __builtin_memcpy(cells, &fresh, sizeof cells);
    for (; lanes; lanes &= lanes - 1) {
        const int lane = lowest(lanes);
        if (!place_all(s, 4 * group + lane / 4, lane % 4, cells[lane])) return false;
    }
    return true;
}
#endif

// The segment pattern (see Tables::locked) of a band word, and the cells of a pattern: segment
// (r,k) is the three bits from 9r+3k, its flag bit 3r+k. With BMI2 (the wide kernels) both are
// one instruction; the portable kernel looks them up.
constexpr std::uint32_t kSegmentLow = 01111111111;  // the lowest bit of each of the 9 segments
inline unsigned segments(std::uint32_t w) {
#if defined(__BMI2__)
    return __builtin_ia32_pext_si((w | (w >> 1) | (w >> 2)) & kSegmentLow, kSegmentLow);
#else
    return tables.row_segments[w & kRow] | tables.row_segments[(w >> 9) & kRow] << 3 |
           tables.row_segments[w >> 18] << 6;
#endif
}
inline std::uint32_t segment_cells(unsigned m) {
#if defined(__BMI2__)
    return __builtin_ia32_pdep_si(m, kSegmentLow) * 7;
#else
    return tables.segment_cells[m];
#endif
}

// The segment patterns of the three bands of one digit.
inline Lanes segments_of(Lanes w) {
#if defined(__BMI2__)
    const Lanes low = (w | (w >> 1) | (w >> 2)) & kSegmentLow;  // all three bands at once
    return Lanes{__builtin_ia32_pext_si(low[0], kSegmentLow), __builtin_ia32_pext_si(low[1], kSegmentLow),
                 __builtin_ia32_pext_si(low[2], kSegmentLow), 0};
#else
    return Lanes{segments(w[0]), segments(w[1]), segments(w[2]), 0};
#endif
}

// Locked candidates for the digits in `digits`; sets `progress` when it removed any candidate.
inline bool locked_candidates(Board& s, std::uint32_t digits, bool& progress) {
    while (digits) {
        const int d = lowest(digits);
        digits &= digits - 1;
        const Lanes w = load(s.digit[d]);
        const Lanes patterns = segments_of(w);
        Lanes kept = w;
        bool struck = false;
        for (int b = 0; b < 3; ++b) {
            const unsigned m = patterns[b];
            const unsigned keep = tables.locked[m];
            if (!keep) return false;
            if (keep != m) {
                kept[b] = w[b] & segment_cells(keep);
                struck = true;
            }
        }
        if (struck) {
            store(s.digit[d], kept);
            s.changed |= 1u << d;
            progress = true;
        }
    }
    return true;
}

struct CandidateCounts {
    Lanes one, two, three;  // cells with at least 1, 2, 3 candidates
};

inline CandidateCounts count_candidates(const Board& s) {
    Lanes one{}, two{}, three{};
    for (int d = 0; d < 9; ++d) {
        const Lanes w = load(s.digit[d]);
        three |= two & w;
        two |= one & w;
        one |= w;
    }
    return {one, two, three};
}

// The counts up to two, and per cell the OR of its digits' indices as four bit planes: in a cell
// with one candidate that is the candidate's index, read with four shifts instead of nine.
struct NakedScan {
    Lanes one, two;
    Lanes index[4];
};

inline NakedScan scan_naked(const Board& s) {
    NakedScan n{};
    for (int d = 0; d < 9; ++d) {
        const Lanes w = load(s.digit[d]);
        n.two |= n.one & w;
        n.one |= w;
        for (int k = 0; k < 4; ++k)
            if (d >> k & 1) n.index[k] |= w;
    }
    return n;
}

// Singles until nothing changes; false on contradiction.
bool propagate(Board& s) {
    std::uint32_t locked_pending = 0;  // changed digits not yet scanned for locked candidates
    for (;;) {
        const NakedScan c = scan_naked(s);
        const Lanes unsolved = load(s.unsolved);
        const Lanes no_candidate = unsolved & ~c.one, naked = unsolved & ~c.two;
        if (any(no_candidate)) return false;  // lane 3 of `unsolved` is always 0
        if (any(naked)) {
            // Each band's four index planes in one vector: a naked cell's digit is the four planes'
            // bits of the cell, shifted to the lanes' tops and read with one sign-mask move.
            const Lanes t0 = __builtin_shufflevector(c.index[0], c.index[1], 0, 4, 1, 5),
                        t1 = __builtin_shufflevector(c.index[2], c.index[3], 0, 4, 1, 5),
                        t2 = __builtin_shufflevector(c.index[0], c.index[1], 2, 6, 3, 7),
                        t3 = __builtin_shufflevector(c.index[2], c.index[3], 2, 6, 3, 7);
            const Lanes planes[3] = {__builtin_shufflevector(t0, t1, 0, 1, 4, 5),
                                     __builtin_shufflevector(t0, t1, 2, 3, 6, 7),
                                     __builtin_shufflevector(t2, t3, 0, 1, 4, 5)};
            for (int b = 0; b < 3; ++b)
                for (std::uint32_t cells = naked[b]; cells; cells &= cells - 1) {
                    const int bit = lowest(cells);
                    const int d = signs(planes[b] << (31 - bit));
                    if (!(s.digit[d][b] >> bit & 1)) return false;  // lost it to a single placed above
                    place_naked(s, d, b, bit);
                }
            continue;
        }
        bool progress = false;
        // Only digits whose board changed can have new hidden singles or locked candidates.
        const std::uint32_t digits = s.changed;
        s.changed = 0;
        s.moved |= digits;
#if defined(__AVX512F__)
        if ((digits & 0x0f) && !hidden_singles_of_four(s, 0, progress)) return false;
        if ((digits & 0xf0) && !hidden_singles_of_four(s, 1, progress)) return false;
        if ((digits & 0x100) && !hidden_singles(s, 8, progress)) return false;
#else
        for (std::uint32_t rest = digits; rest; rest &= rest - 1)
            if (!hidden_singles(s, lowest(rest), progress)) return false;
#endif
        locked_pending |= digits;
        if (progress) continue;
        if (!locked_candidates(s, locked_pending, progress)) return false;
        locked_pending = 0;
        if (!progress) return true;
    }
}

#if defined(__AVX512F__)
// From this many bivalue cells up, choose_cell scores all 81 cells by vectors (where the CPU has
// VPOPCNTDQ). Serg's grids, with 11.5 bivalue cells a choice, the pinned tree and the first
// solution: about 8 % less time from 3, 6 or 10 up alike.
constexpr int kBivalueForVectors = 6;

__attribute__((target("avx512vpopcntdq"))) inline Quad ones_in(Quad v) {
    return reinterpret_cast<Quad>(_mm512_popcnt_epi32(__m512i(v)));
}

// choose_cell's scored choice, every cell's bivalue peers counted sixteen cells a step. Each score
// and its cell make one key (score x 128 + 127 - cell) whose maximum over the bivalue cells is the
// first cell of the best score, the scalar loop's pick. No branch depends on the board, where the
// scalar loop's exit was what the branch predictor missed.
__attribute__((target("avx512vpopcntdq"))) int most_bivalue_peers(const std::uint32_t (&bivalue)[3]) {
    // Bit i: cell 64 x word + i is bivalue.
    const std::uint64_t cells[2] = {bivalue[0] | std::uint64_t{bivalue[1]} << 27 | std::uint64_t{bivalue[2]} << 54,
                                    bivalue[2] >> 10};
    const auto max = [](Quad a, Quad b, __mmask16 lanes) {
        return reinterpret_cast<Quad>(_mm512_mask_max_epu32(__m512i(a), lanes, __m512i(a), __m512i(b)));
    };
    const Quad first_key = {127, 126, 125, 124, 123, 122, 121, 120, 119, 118, 117, 116, 115, 114, 113, 112};
    Quad best{};  // below every bivalue cell's key
    for (int i = 0; i < 6; ++i) {
        Quad peers[3];
        __builtin_memcpy(peers, tables.peer_planes[0] + 16 * i, sizeof peers[0]);
        __builtin_memcpy(peers + 1, tables.peer_planes[1] + 16 * i, sizeof peers[0]);
        __builtin_memcpy(peers + 2, tables.peer_planes[2] + 16 * i, sizeof peers[0]);
        const Quad score =
            ones_in(peers[0] & bivalue[0]) + ones_in(peers[1] & bivalue[1]) + ones_in(peers[2] & bivalue[2]);
        const Quad key = score << 7 | (first_key - 16 * i);
        best = max(best, key, static_cast<__mmask16>(cells[i / 4] >> (16 * (i % 4))));
    }
    best = max(best, __builtin_shufflevector(best, best, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7), 0xffff);
    best = max(best, __builtin_shufflevector(best, best, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3), 0xffff);
    best = max(best, __builtin_shufflevector(best, best, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1), 0xffff);
    best = max(best, __builtin_shufflevector(best, best, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0), 0xffff);
    return 127 - int(best[0] & 127);
}
#endif

// The cell to branch on: a bivalue cell when there is one, else the unsolved cell with the
// fewest candidates; `c` are the board's candidate counts. Returns -1 when the board is solved.
int choose_cell(const Board& s, const CandidateCounts& c) {
    // Among the bivalue cells, the one with the most bivalue peers: either of its two values
    // tends to settle its neighbours by singles, which cut the tree by a third on the hardest
    // sets against taking the first bivalue cell (figures: bench/results/solver-decisions.md).
    std::uint32_t bivalue[3];
    for (int b = 0; b < 3; ++b) bivalue[b] = s.unsolved[b] & c.two[b] & ~c.three[b];
#if defined(__AVX512F__)
    if (tables.vector_popcount && ones(bivalue[0]) + ones(bivalue[1]) + ones(bivalue[2]) >= kBivalueForVectors)
        return most_bivalue_peers(bivalue);
#endif
    if (bivalue[0] | bivalue[1] | bivalue[2]) {
        int best = -1, best_score = -1;
        for (int b = 0; b < 3; ++b)
            for (std::uint32_t rest = bivalue[b]; rest; rest &= rest - 1) {
                const int cell = b * 27 + lowest(rest);
                const int score = ones(bivalue[0] & tables.peers[cell][0]) + ones(bivalue[1] & tables.peers[cell][1]) +
                                  ones(bivalue[2] & tables.peers[cell][2]);
                const bool better = score > best_score;  // branch-free: the predictor cannot learn it
                best_score = better ? score : best_score;
                best = better ? cell : best;
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

int choose_cell(const Board& s) { return choose_cell(s, count_candidates(s)); }

// Depth-first search, digits in increasing order; false when the sink asked to stop.
bool run(Board& s, SolutionSink sink, void* context, SearchStats& stats) {
    ++stats.nodes;
    if (!propagate(s)) return true;
    const int cell = choose_cell(s);
    if (cell < 0) return sink(context, s);
    const int band = cell / 27, bit = cell % 27;
    const std::uint32_t here = cell_digits(s, band, bit);
    std::uint32_t digits = here;
    for (bool first = true; digits; first = false) {
        const int d = lowest(digits);
        digits &= digits - 1;
        if (!first) ++stats.guesses;
        if (!digits) {  // the last: no copy
            place_guess(s, s, d, band, bit, here);
            return run(s, sink, context, stats);
        }
        Board child;
        place_guess(s, child, d, band, bit, here);
        if (!run(child, sink, context, stats)) return false;
    }
    return true;
}

}  // namespace
}  // namespace sudoku::nine
