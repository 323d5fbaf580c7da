#include "target_placement_graph_lanes.hpp"

#include <cstring>
#include <limits>

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
// table of states (19,442 x 32 bytes).
template <class V>
SUDOKU_LANE_INLINE void backward(const Layout& layout, const Row* profit, int first, Quad* rest) {
    constexpr int kWidth = sizeof(V) / sizeof(double), kParts = 4 / kWidth;
    const int count = layout.states();
    const int* start = layout.move_start.data();
    const int* next = layout.move_next.data();
    const int* cell = layout.move_cell.data();
    for (int k = 0; k < 4; ++k) rest[count - 1][k] = 0;
    for (int s = count - 2; s >= 0; --s) {
        V top[kParts];
        for (V& t : top) fill(t, kNone);
        for (int m = start[s]; m < start[s + 1]; ++m)
            for (int p = 0; p < kParts; ++p) {
                V gain, after;
                load(gain, profit[cell[m]].data() + first + p * kWidth);
                load(after, rest[next[m]].data() + p * kWidth);
                const V value = gain + after;
                top[p] = top[p] < value ? value : top[p];  // std::max's choice
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
void backward_portable(const Layout& layout, const Row* profit, Quad* rest, int lanes) {
    for (int first = 0; first < lanes; first += 4)
        backward<Vec2>(layout, profit, first, rest + first / 4 * layout.states());
}
void forward_portable(const Layout& layout, const Row* profit, const Quad* rest, Quad* so_far, Row* through) {
    for (int first = 0; first < PlacementGraphLanes::kLanes; first += 4)
        forward<Vec2>(layout, profit, first, rest + first / 4 * layout.states(), so_far, through);
}
#if defined(__x86_64__)
SUDOKU_LANE_AVX2 void profits_avx2(const std::uint32_t* cand, const int* weight, const double* mu, Row* profit) {
    fill_profits(cand, weight, mu, profit);
}
SUDOKU_LANE_AVX2 void backward_avx2(const Layout& layout, const Row* profit, Quad* rest, int lanes) {
    for (int first = 0; first < lanes; first += 4)
        backward<Vec>(layout, profit, first, rest + first / 4 * layout.states());
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
      rest_(std::size_t(kLanes / 4) * layout_.states()),
      so_far_(layout_.states()),
      through_(kCells) {}

void PlacementGraphLanes::set_profits(const std::uint32_t* cand, const int* weight, const double* mu) {
#if defined(__x86_64__)
    if (wide_) return profits_avx2(cand, weight, mu, profit.data());
#endif
    profits_portable(cand, weight, mu, profit.data());
}

void PlacementGraphLanes::solve(int lanes) {
#if defined(__x86_64__)
    if (wide_) return backward_avx2(layout_, profit.data(), rest_.data(), lanes);
#endif
    backward_portable(layout_, profit.data(), rest_.data(), lanes);
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
