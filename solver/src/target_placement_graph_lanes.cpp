#include "target_placement_graph_lanes.hpp"

#include <cstring>
#include <limits>
#include <stdexcept>

// The passes below are inlined into one entry point per instruction set (the end of this file):
// the baseline x86-64-v2 build holds two doubles a vector, AVX2 four.
#define SUDOKU_LANE_INLINE inline __attribute__((always_inline))
#if defined(__x86_64__)
#define SUDOKU_LANE_AVX2 __attribute__((target("avx2")))
#endif

namespace sudoku::target_detail {

namespace {

using Row = PlacementGraphLanes::Row;
using Layout = PlacementGraph::Layout;
constexpr double kNone = -std::numeric_limits<double>::infinity();

typedef double Vec __attribute__((vector_size(32)));
typedef double Vec2 __attribute__((vector_size(16)));
typedef long long Mask __attribute__((vector_size(32)));
using Quad = PlacementGraphLanes::Quad;

// The graph's passes take a vector type V: two doubles on the baseline, where a 32-byte vector of
// g++'s extension ran 14x slower than the scalar passes, four under AVX2. Loads and stores go
// through memcpy into out-parameters (no 32-byte vector crosses a call boundary).
template <class V>
SUDOKU_LANE_INLINE void load(V& out, const double* at) {
    std::memcpy(&out, at, sizeof out);
}
template <class V>
SUDOKU_LANE_INLINE void store(double* at, const V& in) {
    std::memcpy(at, &in, sizeof in);
}
template <class V>
SUDOKU_LANE_INLINE void fill(V& out, double x) {
    out = V{} + x;
}

SUDOKU_LANE_INLINE void fill_profits(const std::uint32_t* cand, const int* weight, const double* mu, Row* profit) {
    for (int cell = 0; cell < PlacementGraphLanes::kCells; ++cell) {
        const double w = weight[cell], m = mu[cell];
        const long long bits = cand[cell];
        for (int i = 0; i < PlacementGraphLanes::kLanes / 4; ++i) {
            const int d = 4 * i + 1;  // the digit of the vector's first lane
            const Vec digit = {double(d), double(d + 1), double(d + 2), double(d + 3)};
            const Mask shift = {d, d + 1, d + 2, d + 3};
            const Mask candidate = ((Mask{bits, bits, bits, bits} >> shift) & 1) != 0;
            const Vec value = Vec{w, w, w, w} * digit - Vec{m, m, m, m};
            store(profit[cell].data() + 4 * i, candidate ? value : Vec{kNone, kNone, kNone, kNone});
        }
    }
}

// The backward pass of PlacementGraph::best for the four lanes from `first`, into the group's
// table of states (19,442 x 32 bytes), over the group's useful moves (PlacementGraphLanes::Useful):
// the moves left out add -infinity to every lane, which changes no maximum, so every state gets
// the value the whole graph gives it.
template <class V>
SUDOKU_LANE_INLINE void backward(const PlacementGraphLanes::Useful& useful, const Row* profit, int first, Quad* rest) {
    constexpr int kWidth = sizeof(V) / sizeof(double), kParts = 4 / kWidth;
    const int count = int(useful.end.size()) + 1;
    const std::uint32_t* move = useful.move.data();
    for (int k = 0; k < 4; ++k) rest[count - 1][k] = 0;
    int m = 0;
    for (int s = count - 2; s >= 0; --s) {
        V top[kParts];
        for (V& t : top) fill(t, kNone);
        for (const int end = useful.end[s]; m < end; ++m) {
            const int cell = int(move[m] & 255), next = int(move[m] >> 8);
            for (int p = 0; p < kParts; ++p) {
                V gain, after;
                load(gain, profit[cell].data() + first + p * kWidth);
                load(after, rest[next].data() + p * kWidth);
                const V value = gain + after;
                top[p] = top[p] < value ? value : top[p];  // std::max's choice
            }
        }
        for (int p = 0; p < kParts; ++p) store(rest[s].data() + p * kWidth, top[p]);
    }
}

// The forward pass of PlacementGraph::best_through for the four lanes from `first`: a state no
// lane reaches is skipped, as there (-infinity plus anything changes no maximum).
template <class V>
SUDOKU_LANE_INLINE void forward(const Layout& layout, const Row* profit, int first, const Quad* rest, Quad* so_far,
                                Row* through) {
    constexpr int kWidth = sizeof(V) / sizeof(double), kParts = 4 / kWidth;
    const int count = layout.states();
    const int* start = layout.move_start.data();
    const int* next = layout.move_next.data();
    const int* cell = layout.move_cell.data();
    for (int c = 0; c < PlacementGraphLanes::kCells; ++c)
        for (int k = 0; k < 4; ++k) through[c][first + k] = kNone;
    for (int s = 1; s < count; ++s) so_far[s].fill(kNone);
    so_far[0].fill(0);
    for (int s = 0; s < count - 1; ++s) {
        const Quad& reached = so_far[s];
        if (reached[0] == kNone && reached[1] == kNone && reached[2] == kNone && reached[3] == kNone) continue;
        for (int m = start[s]; m < start[s + 1]; ++m)
            for (int p = 0; p < kParts; ++p) {
                V here, gain, before, after, old;
                load(here, reached.data() + p * kWidth);
                load(gain, profit[cell[m]].data() + first + p * kWidth);
                load(before, so_far[next[m]].data() + p * kWidth);
                load(after, rest[next[m]].data() + p * kWidth);
                load(old, through[cell[m]].data() + first + p * kWidth);
                const V value = here + gain, whole = value + after;
                store(so_far[next[m]].data() + p * kWidth, before < value ? value : before);
                store(through[cell[m]].data() + first + p * kWidth, old < whole ? whole : old);
            }
    }
}

// One entry point per instruction set and pass, the same source inlined into each.
void profits_portable(const std::uint32_t* cand, const int* weight, const double* mu, Row* profit) {
    fill_profits(cand, weight, mu, profit);
}
void backward_portable(const PlacementGraphLanes::Useful* useful, const Row* profit, Quad* rest, int lanes,
                       int states) {
    for (int first = 0; first < lanes; first += 4)
        backward<Vec2>(useful[first / 4], profit, first, rest + first / 4 * states);
}
void forward_portable(const Layout& layout, const Row* profit, const Quad* rest, Quad* so_far, Row* through) {
    for (int first = 0; first < PlacementGraphLanes::kLanes; first += 4)
        forward<Vec2>(layout, profit, first, rest + first / 4 * layout.states(), so_far, through);
}
#if defined(__x86_64__)
SUDOKU_LANE_AVX2 void profits_avx2(const std::uint32_t* cand, const int* weight, const double* mu, Row* profit) {
    fill_profits(cand, weight, mu, profit);
}
SUDOKU_LANE_AVX2 void backward_avx2(const PlacementGraphLanes::Useful* useful, const Row* profit, Quad* rest, int lanes,
                                    int states) {
    for (int first = 0; first < lanes; first += 4)
        backward<Vec>(useful[first / 4], profit, first, rest + first / 4 * states);
}
SUDOKU_LANE_AVX2 void forward_avx2(const Layout& layout, const Row* profit, const Quad* rest, Quad* so_far,
                                   Row* through) {
    for (int first = 0; first < PlacementGraphLanes::kLanes; first += 4)
        forward<Vec>(layout, profit, first, rest + first / 4 * layout.states(), so_far, through);
}
#endif

}  // namespace

PlacementGraphLanes::PlacementGraphLanes(Kernel9 kernel)
    : profit(kCells),
      wide_(kernel != Kernel9::portable && kernel9_supported(kernel)),
      layout_(PlacementGraph::layout_for(4)),
      useful_(kLanes / 4),
      rest_(std::size_t(kLanes / 4) * layout_.states()),
      so_far_(layout_.states()),
      through_(kCells) {
    static_assert(kCells <= 256, "a useful move keeps its cell in 8 bits");
    if (layout_.states() >= 1 << 24) throw std::logic_error("a useful move keeps its state in 24 bits");
}

void PlacementGraphLanes::set_profits(const std::uint32_t* cand, const int* weight, const double* mu) {
#if defined(__x86_64__)
    if (wide_) return profits_avx2(cand, weight, mu, profit.data());
#endif
    profits_portable(cand, weight, mu, profit.data());
}

void PlacementGraphLanes::solve(int lanes) {
    // Every group the passes below run, the last one perhaps only in part (lanes 5 and 6 of a
    // batch of six once ran on the moves found for other bars, and came out too low).
    for (int group = 0; group < (lanes + 3) / 4; ++group) find_useful(group);
#if defined(__x86_64__)
    if (wide_) return backward_avx2(useful_.data(), profit.data(), rest_.data(), lanes, layout_.states());
#endif
    backward_portable(useful_.data(), profit.data(), rest_.data(), lanes, layout_.states());
}

// A move is useful to a group when some lane of it has a profit on the move's cell and a
// placement from the move's next state on; the others add -infinity to every lane. Which ones
// they are depends only on where the profits are -infinity (the candidates), so the lists are
// rebuilt only when that changes: a descent's steps change the multipliers alone.
void PlacementGraphLanes::find_useful(int group) {
    Useful& useful = useful_[group];
    std::array<std::uint8_t, kCells> open;  // per cell, bit k: lane 4 group + k has a profit here
    for (int cell = 0; cell < kCells; ++cell) {
        open[cell] = 0;
        for (int k = 0; k < 4; ++k) open[cell] |= std::uint8_t(profit[cell][4 * group + k] != kNone) << k;
    }
    if (!useful.end.empty() && open == useful.open) return;
    useful.open = open;
    const int count = layout_.states();
    std::vector<std::uint8_t>& reaches = reaches_;  // per state, bit k: lane k can finish from it
    reaches.assign(count, 0);
    reaches[count - 1] = 15;
    useful.end.assign(count - 1, 0);
    useful.move.resize(layout_.moves());
    // Every move is written and only the useful ones advance: a third of them are useful on
    // sparse grids, a branch the predictor cannot learn.
    int size = 0;
    for (int s = count - 2; s >= 0; --s) {
        std::uint8_t from_here = 0;
        for (int m = layout_.move_start[s]; m < layout_.move_start[s + 1]; ++m) {
            const int cell = layout_.move_cell[m], next = layout_.move_next[m];
            const std::uint8_t both = open[cell] & reaches[next];
            from_here |= both;
            useful.move[size] = std::uint32_t(next) << 8 | std::uint32_t(cell);
            size += both != 0;
        }
        reaches[s] = from_here;
        useful.end[s] = size;
    }
}

void PlacementGraphLanes::solve_through() {
#if defined(__x86_64__)
    if (wide_) return forward_avx2(layout_, profit.data(), rest_.data(), so_far_.data(), through_.data());
#endif
    forward_portable(layout_, profit.data(), rest_.data(), so_far_.data(), through_.data());
}

// The comparisons of PlacementGraph::best's trace, on this lane's values.
void PlacementGraphLanes::add_covered(int lane, int* covered) const {
    const int count = layout_.states();
    const Quad* rest = group(lane);
    for (int s = 0; s != count - 1;) {
        int chosen = layout_.move_start[s];
        double top = kNone;
        for (int m = layout_.move_start[s]; m < layout_.move_start[s + 1]; ++m) {
            const double value = profit[layout_.move_cell[m]][lane] + rest[layout_.move_next[m]][lane % 4];
            if (value > top) {
                top = value;
                chosen = m;
            }
        }
        ++covered[layout_.move_cell[chosen]];
        s = layout_.move_next[chosen];
    }
}

}  // namespace sudoku::target_detail
