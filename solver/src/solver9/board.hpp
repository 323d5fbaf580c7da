// Internal: the 9x9 bitboard and the search kernels that run on it (see solver9/search.hpp).
//
// Per-digit position bitboards, split into three bands. A band is three rows = 27 cells = 27
// bits of one 32-bit word:
//
//   bit:  0 .. 8   row 3b+0, columns 0..8        band 0: rows 0-2
//         9 ..17   row 3b+1                      band 1: rows 3-5
//        18 ..26   row 3b+2                      band 2: rows 6-8
//
// Each digit's three band words are padded to four lanes (the fourth always 0) so that
// whole-board steps (counting candidates, clearing peers) compile to vector operations.
//
// A placed digit keeps its own bit, so every row, column and box of every digit always has at
// least one bit: an empty one is a contradiction, a single bit in an unsolved cell is a hidden
// single. The board is copied whole at each guess (176 bytes), which is cheaper than undo logs.
#pragma once

#include <cstdint>

#include "sudoku/solver/solution_count.hpp"

namespace sudoku::nine {

constexpr std::uint32_t kBand = (1u << 27) - 1;

struct alignas(16) Board {
    std::uint32_t digit[9][4];
    std::uint32_t unsolved[4];
    std::uint32_t changed;  // digits whose board changed since their last hidden-single and locked scan
    // Digits whose board changed since the counting search last read their patterns
    // (solver9/count_search.hpp); fills the board's padding, so copies cost nothing more.
    std::uint32_t moved;
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
    // peers[cell][band] laid out band by band, cells 81-95 with none: sixteen cells a vector.
    alignas(64) std::uint32_t peer_planes[3][96];
    // The CPU counts the bits of sixteen words at once (AVX-512 VPOPCNTDQ), which the AVX-512
    // kernel's cell choice uses; its other steps need no more than AVX-512 F/VL/BW/DQ/CD.
    bool vector_popcount;
    Tables();
};
// Built once, by portable code: the wide kernels' translation units must run nothing at load
// time, since a machine without their instructions still loads them.
extern const Tables tables;

// A search kernel: depth-first search from a started board, calling `sink(context, board)` with
// each solved board until it returns false. Plain types only at this boundary, so that the wide
// kernels instantiate nothing the portable code could end up sharing.
using SolutionSink = bool (*)(void* context, const Board& solved);
using Kernel = void (*)(Board& start, SolutionSink sink, void* context, SearchStats& stats);
// A counting kernel (solver9/count_search.hpp): counts the completions of a started board up to
// `limit` (0 = all), the pinned search's way for its first `pinned_nodes` nodes and in an order of
// its own below them, keeping the first one met in `first` (and whether it was met in the pinned
// search's order, so is the pinned search's first solution).
using CountKernel = std::uint64_t (*)(Board& start, std::uint64_t limit, std::uint64_t pinned_nodes, Board& first,
                                      bool& first_in_pinned_order);

// A kernel counting alone up to 1 or 2 (solver9/count_alone.hpp), branching on cells for its
// first `cell_nodes` nodes; no solution is kept, so no tree is pinned.
using AloneKernel = std::uint64_t (*)(Board& start, std::uint64_t limit, std::uint64_t cell_nodes);

// A part-counting kernel (solver9/component_count.hpp): the completions of a started board, up to
// `cap`, by independent parts; no solution is kept.
using PartsKernel = std::uint64_t (*)(Board& start, std::uint64_t cap);

// The entry points of one compiled kernel.
struct Kernels {
    Kernel search;
    CountKernel counting;
    PartsKernel parts;
    AloneKernel alone;
};
// One per instruction set, each defined by its kernel_<isa>.cpp (kernel_body.hpp).
namespace portable {
extern const Kernels kernels;
}
namespace avx2 {
extern const Kernels kernels;
}
namespace avx512 {
extern const Kernels kernels;
}

}  // namespace sudoku::nine
