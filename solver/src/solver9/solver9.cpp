// The 9x9 bitboard solver: the board and its tables (solver9/board.hpp), the search kernels
// (solver9/search.hpp, compiled once per instruction set) and the choice between them.
#include "solver9/solver9.hpp"

#include <array>
#include <bit>
#include <cstring>
#include <stdexcept>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "solver9/board.hpp"
#include "solver9/kernel.hpp"
#include "sudoku/solver/geometry.hpp"

namespace sudoku {
namespace nine {

Tables::Tables() {
    for (unsigned row = 0; row < 512; ++row)
        row_segments[row] = static_cast<std::uint8_t>((row & 7 ? 1 : 0) | (row & 070 ? 2 : 0) | (row & 0700 ? 4 : 0));
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
    std::memset(peer_planes, 0, sizeof peer_planes);
    for (int a = 0; a < 81; ++a)
        for (int band = 0; band < 3; ++band) peer_planes[band][a] = peers[a][band];
#if defined(__x86_64__)
    __builtin_cpu_init();
    vector_popcount = __builtin_cpu_supports("avx512vpopcntdq");
#else
    vector_popcount = false;
#endif
}
const Tables tables;

namespace {

#if defined(__x86_64__)
// The CPU turns bytes into bit masks and back (AVX-512 BW, as the AVX-512 kernel needs): the
// clues are read and the solution written by the functions below that carry their own target.
const bool byte_masks = isa_supported(Isa::avx512);

// Each band's 27 bytes compared with each digit into a mask at once: 27 compares where the
// 16-byte compares below take 54 and as many mask moves.
__attribute__((target("avx2,avx512f,avx512bw,avx512vl"))) void clue_words_by_masks(const Grid& puzzle,
                                                                                   std::uint32_t (&clue)[9][3]) {
    for (int band = 0; band < 3; ++band) {
        const __m256i value = _mm256_maskz_loadu_epi8(kBand, puzzle.cells().data() + band * 27);
        for (int d = 0; d < 9; ++d)
            clue[d][band] = _mm256_cmpeq_epi8_mask(value, _mm256_set1_epi8(static_cast<char>(d + 1)));
    }
}
#endif

// Each digit's clues as three band words, from the grid's 81 bytes.
void clue_words(const Grid& puzzle, std::uint32_t (&clue)[9][3]) {
#if defined(__x86_64__)
    if (byte_masks) return clue_words_by_masks(puzzle, clue);
#endif
#if defined(__SSE2__)
    alignas(16) std::uint8_t value[96] = {};  // padded: each band reads 32 bytes
    std::memcpy(value, puzzle.cells().data(), 81);
    for (int band = 0; band < 3; ++band) {
        const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(value + band * 27));
        const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(value + band * 27 + 16));
        for (int d = 0; d < 9; ++d) {
            const __m128i digit = _mm_set1_epi8(static_cast<char>(d + 1));
            const auto low = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(lo, digit)));
            const auto high = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(hi, digit)));
            clue[d][band] = (low | high << 16) & kBand;
        }
    }
#else
    for (auto& d : clue) d[0] = d[1] = d[2] = 0;
    for (int cell = 0; cell < 81; ++cell)
        if (const int v = puzzle.at(cell)) clue[v - 1][cell / 27] |= 1u << (cell % 27);
#endif
}

// Places the clues of `puzzle`; false when two clues clash (the same digit twice in a unit).
// A digit keeps no cell that is taken or a peer of one of its clues, and two of its clues clash
// when one lies among the other's peers. The peers are OR-ed in registers, a digit at a time:
// placing clue after clue read and wrote the same board words back to back (on solved grids that
// chain took 2/3 of the whole call), and walking each digit's rows and boxes took 1,900
// instructions a serg puzzle where this takes about 1,080, reading the clues included.
bool start(const Grid& puzzle, Board& s) {
    using Lanes = std::uint32_t __attribute__((vector_size(16)));
    std::uint32_t clue[9][3];
    clue_words(puzzle, clue);
    Lanes free{kBand, kBand, kBand, 0};
    for (const auto& d : clue) free &= ~Lanes{d[0], d[1], d[2], 0};
    Lanes clash{};
    for (int d = 0; d < 9; ++d) {
        const Lanes own{clue[d][0], clue[d][1], clue[d][2], 0};
        Lanes seen{};
        for (int band = 0; band < 3; ++band)
            for (std::uint32_t w = clue[d][band]; w; w &= w - 1) {
                Lanes peers;
                std::memcpy(&peers, tables.peers[band * 27 + std::countr_zero(w)], sizeof peers);
                seen |= peers;
            }
        clash |= own & seen;
        const Lanes kept = (free & ~seen) | own;
        std::memcpy(s.digit[d], &kept, sizeof kept);
    }
    if (clash[0] | clash[1] | clash[2]) return false;
    std::memcpy(s.unsolved, &free, sizeof free);
    s.changed = 0x1ff;
    s.moved = 0x1ff;
    return true;
}

// Bit i of a byte to byte i of a word.
constexpr std::array<std::uint64_t, 256> kSpread = [] {
    std::array<std::uint64_t, 256> t{};
    for (unsigned x = 0; x < 256; ++x)
        for (int i = 0; i < 8; ++i) t[x] |= std::uint64_t{(x >> i) & 1} << (8 * i);
    return t;
}();

#if defined(__x86_64__)
// With AVX-512 BW each band word of a digit is a byte mask: 27 masked byte moves write the grid,
// where the bit planes below take about 300 instructions.
__attribute__((target("avx2,avx512f,avx512bw,avx512vl"))) Grid to_grid_by_masks(const Board& s) {
    __m256i band[3] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
    for (int d = 0; d < 9; ++d)
        for (int b = 0; b < 3; ++b)
            band[b] = _mm256_mask_mov_epi8(band[b], s.digit[d][b], _mm256_set1_epi8(static_cast<char>(d + 1)));
    std::uint8_t value[86];  // band 2's 32 bytes from cell 54; each band's 5 spare bytes are overwritten
    for (int b = 0; b < 3; ++b) _mm256_storeu_si256(reinterpret_cast<__m256i*>(value + 27 * b), band[b]);
    return Grid(3, std::span<const std::uint8_t>(value, 81));
}
#endif

// A solved board's grid. Each cell holds one digit, so its value's four bits are four planes of
// cell bits, which are spread to bytes eight cells at a time: writing cell after cell was 3 % of
// the uniqueness check on serg's grids, which meet two solutions in a few nodes.
Grid to_grid(const Board& s) {
#if defined(__x86_64__)
    if (byte_masks) return to_grid_by_masks(s);
#endif
    std::uint64_t low[4] = {}, high[4] = {};  // cells 0..63 and 64..80 of each plane
    for (int d = 0; d < 9; ++d) {
        const std::uint64_t cells_low =
            s.digit[d][0] | std::uint64_t{s.digit[d][1]} << 27 | std::uint64_t{s.digit[d][2]} << 54;
        const std::uint64_t cells_high = s.digit[d][2] >> 10;
        for (int k = 0; k < 4; ++k)
            if ((d + 1) >> k & 1) low[k] |= cells_low, high[k] |= cells_high;
    }
    std::uint8_t value[88];
    for (int chunk = 0; chunk < 11; ++chunk) {
        std::uint64_t bytes = 0;
        for (int k = 0; k < 4; ++k) {
            const std::uint64_t plane = chunk < 8 ? low[k] >> (8 * chunk) : high[k] >> (8 * (chunk - 8));
            bytes |= kSpread[plane & 0xff] << k;
        }
        std::memcpy(value + 8 * chunk, &bytes, sizeof bytes);
    }
    return Grid(3, std::span<const std::uint8_t>(value, 81));
}

// In the order of Isa.
constexpr const Kernels* kKernels[] = {&portable::kernels, &avx2::kernels, &avx512::kernels};

const Kernels& kernels_of(Isa kernel) {
    if (!isa_supported(kernel)) throw std::invalid_argument("9x9 kernel not supported on this CPU");
    return *kKernels[static_cast<int>(kernel)];
}

const Kernels active = kernels_of(widest_isa());

SolutionCount count_with(Kernel kernel, const Grid& puzzle, std::uint64_t limit, SearchStats& stats) {
    struct Counting {
        SolutionCount result;
        std::uint64_t limit;
    } counting{{}, limit};
    Board s;
    if (!start(puzzle, s)) return counting.result;
    // Only the first solution is materialised: the per-solution cost is what limits counting
    // throughput on puzzles with many completions.
    kernel(
        s,
        [](void* context, const Board& solved) {
            auto& c = *static_cast<Counting*>(context);
            if (c.result.count++ == 0) c.result.first = to_grid(solved);
            if (c.limit && c.result.count >= c.limit) {
                c.result.capped = true;
                return false;
            }
            return true;
        },
        &counting, stats);
    return counting.result;
}

// The uniqueness check (limit 2) without statistics: the pinned search's own steps for its first
// nodes, where it finishes easy grids and meets the two solutions of most grids that have several,
// then the counting search below them (solver9/count_search.hpp), whose tree is smaller on hard
// grids. The count is the same in any tree, and so is the solution of a grid with exactly one;
// with two or more, `first` is the pinned search's first solution: met before the hand-over, or
// found again by the pinned search.
constexpr std::uint64_t kPinnedNodes = 12;

SolutionCount count_to_two(Kernel kernel, CountKernel counting, const Grid& puzzle) {
    SearchStats unused;
    SolutionCount result;
    Board s, first;
    if (!start(puzzle, s)) return result;
    bool first_in_pinned_order = false;
    result.count = counting(s, 2, kPinnedNodes, first, first_in_pinned_order);
    result.capped = result.count >= 2;
    if (result.count == 1 || (result.count >= 2 && first_in_pinned_order))
        result.first = to_grid(first);
    else if (result.count >= 2)
        result.first = count_with(kernel, puzzle, 1, unused).first;
    return result;
}

// The count alone (count_completions: the generator's uniqueness check): a search of its own for
// limits 1 and 2 (solver9/count_alone.hpp), the part counter past them
// (solver9/component_count.hpp). No first solution, so no pinned search to find it again.
std::uint64_t count_completions_with(const Kernels& kernels, const Grid& puzzle, std::uint64_t limit) {
    Board s;
    if (!start(puzzle, s)) return 0;
    if (limit == 1 || limit == 2) return kernels.alone(s, limit, kPinnedNodes);
    return kernels.parts(s, limit ? limit : ~std::uint64_t{0});  // no limit: saturates at 2^64-1
}

// Without statistics the tree is not observable. The first solution alone (limit 1) is the pinned
// search's; counting past two is by independent parts (solver9/component_count.hpp), with `first`
// from the pinned search.
SolutionCount count_any_order_with(const Kernels& kernels, const Grid& puzzle, std::uint64_t limit) {
    SearchStats unused;
    if (limit == 1) return count_with(kernels.search, puzzle, limit, unused);
    if (limit == 2) return count_to_two(kernels.search, kernels.counting, puzzle);
    SolutionCount result;
    result.count = count_completions_with(kernels, puzzle, limit);
    result.capped = limit && result.count >= limit;
    if (result.count) result.first = count_with(kernels.search, puzzle, 1, unused).first;
    return result;
}

std::uint64_t enumerate_with(Kernel kernel, const Grid& puzzle, const std::function<bool(const Grid&)>& visit,
                             SearchStats& stats) {
    struct Visiting {
        const std::function<bool(const Grid&)>& visit;
        std::uint64_t found = 0;
    } visiting{visit};
    Board s;
    if (!start(puzzle, s)) return 0;
    kernel(
        s,
        [](void* context, const Board& solved) {
            auto& v = *static_cast<Visiting*>(context);
            ++v.found;
            return v.visit(to_grid(solved));
        },
        &visiting, stats);
    return visiting.found;
}

}  // namespace

std::uint64_t enumerate(const Grid& puzzle, const std::function<bool(const Grid&)>& visit, SearchStats& stats) {
    return enumerate_with(active.search, puzzle, visit, stats);
}

SolutionCount count(const Grid& puzzle, std::uint64_t limit, SearchStats& stats) {
    return count_with(active.search, puzzle, limit, stats);
}

SolutionCount count(const Grid& puzzle, std::uint64_t limit) { return count_any_order_with(active, puzzle, limit); }

std::uint64_t count_completions(const Grid& puzzle, std::uint64_t limit) {
    return count_completions_with(active, puzzle, limit);
}

}  // namespace nine

namespace {
void require_nine(const Grid& puzzle) {
    if (puzzle.box() != 3) throw std::invalid_argument("9x9 kernels solve 9x9 grids only");
}
}  // namespace

SolutionCount count_solutions(Isa kernel, const Grid& puzzle, std::uint64_t limit, SearchStats& stats) {
    require_nine(puzzle);
    return nine::count_with(nine::kernels_of(kernel).search, puzzle, limit, stats);
}

SolutionCount count_solutions(Isa kernel, const Grid& puzzle, std::uint64_t limit) {
    require_nine(puzzle);
    return nine::count_any_order_with(nine::kernels_of(kernel), puzzle, limit);
}

SolutionCount count_by_counting_search(Isa kernel, const Grid& puzzle, std::uint64_t limit) {
    require_nine(puzzle);
    SolutionCount result;
    nine::Board s, first;
    if (!nine::start(puzzle, s)) return result;
    bool first_in_pinned_order = false;
    result.count = nine::kernels_of(kernel).counting(s, limit, 0, first, first_in_pinned_order);
    result.capped = limit && result.count >= limit;
    if (result.count) result.first = nine::to_grid(first);
    return result;
}

std::uint64_t for_each_solution(Isa kernel, const Grid& puzzle, const std::function<bool(const Grid&)>& visit) {
    require_nine(puzzle);
    SearchStats stats;
    return nine::enumerate_with(nine::kernels_of(kernel).search, puzzle, visit, stats);
}

}  // namespace sudoku
