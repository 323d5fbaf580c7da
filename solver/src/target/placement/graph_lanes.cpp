#include "target/placement/graph_lanes.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

// The passes below are inlined into one entry point per instruction set (the end of this file):
// the baseline x86-64-v2 build holds four 32-bit integers a vector, AVX2 eight.
#define SUDOKU_LANE_INLINE inline __attribute__((always_inline))
#if defined(__x86_64__)
#define SUDOKU_LANE_AVX2 __attribute__((target("avx2")))
#endif

namespace sudoku::target_detail {

namespace {

using Row = PlacementGraphLanes::Row;
using Scaled = PlacementGraphLanes::Scaled;
using Octet = PlacementGraphLanes::Octet;
using Useful = PlacementGraphLanes::Useful;
constexpr int kGroup = PlacementGraphLanes::kGroup;
constexpr double kNone = -std::numeric_limits<double>::infinity();
// The scaled integers: every profit within +-2^23, so a placement's sum (16 profits) lies within
// +-2^27. -infinity is kNoProfit on a cell and kUnreached on a state; a sum that takes either
// lies below kValidFloor, and none of the passes' sums (at most three terms of -2^29) overflows.
constexpr int kMaxScaledExponent = 23;
constexpr std::int32_t kNoProfit = -(1 << 29);
constexpr std::int32_t kUnreached = -(1 << 29);
constexpr std::int32_t kValidFloor = -(1 << 28);

typedef double Vec __attribute__((vector_size(32)));
typedef long long Mask __attribute__((vector_size(32)));
typedef std::int32_t Int8 __attribute__((vector_size(32)));
typedef std::int32_t Int4 __attribute__((vector_size(16)));

// The graph's passes take a vector type V: four 32-bit lanes on the baseline (SSE4.1's pmaxsd),
// eight under AVX2. Loads and stores go through memcpy into out-parameters (no 32-byte vector
// crosses a call boundary).
template <class V>
SUDOKU_LANE_INLINE void load(V& out, const std::int32_t* at) {
    std::memcpy(&out, at, sizeof out);
}
template <class V>
SUDOKU_LANE_INLINE void store(std::int32_t* at, const V& in) {
    std::memcpy(at, &in, sizeof in);
}
template <class V>
SUDOKU_LANE_INLINE void keep_larger(V& kept, const V& other) {
    kept = kept > other ? kept : other;  // pmaxsd
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
            const Vec out = candidate ? value : Vec{kNone, kNone, kNone, kNone};
            std::memcpy(profit[cell].data() + 4 * i, &out, sizeof out);
        }
    }
}

// The largest |profit| of any lane with one, for scale_profits.
SUDOKU_LANE_INLINE double largest_profit(const Row* profit) {
    Vec most[4] = {};  // one per vector of the row: four chains, not one
    for (int cell = 0; cell < PlacementGraphLanes::kCells; ++cell)
        for (int q = 0; q < 4; ++q) {
            Vec value;
            std::memcpy(&value, profit[cell].data() + 4 * q, sizeof value);
            const Vec size = value == kNone ? Vec{} : value < 0 ? -value : value;
            most[q] = size > most[q] ? size : most[q];
        }
    double top = 0;
    for (const Vec& m : most) top = std::max({top, m[0], m[1], m[2], m[3]});
    return top;
}

// Every profit x the returned scale, rounded up (kNoProfit for -infinity): the scale is the
// largest power of two that keeps every profit within 2^23. The products then lie within +-2^23,
// so truncating them to integers and back is exact, and adding 1 where that fell below is ceil.
SUDOKU_LANE_INLINE double scale(const Row* profit, Scaled* scaled) {
    int exponent = 0;
    std::frexp(largest_profit(profit), &exponent);  // the largest < 2^exponent
    const double scale = std::ldexp(1.0, std::min(kMaxScaledExponent - exponent, 60));
    for (int cell = 0; cell < PlacementGraphLanes::kCells; ++cell)
        for (int k = 0; k < PlacementGraphLanes::kLanes; k += 4) {
            Vec value;
            std::memcpy(&value, profit[cell].data() + k, sizeof value);
            const Mask none = value == kNone;
            const Vec product = none ? Vec{} : value * scale;
            const Vec whole = __builtin_convertvector(__builtin_convertvector(product, Int4), Vec);
            const Vec up = whole < product ? whole + 1 : whole;
            const Int4 out = __builtin_convertvector(none ? Vec{} + double(kNoProfit) : up, Int4);
            std::memcpy(scaled[cell].data() + k, &out, sizeof out);
        }
    return scale;
}

// run_of.operator()<k>(run) with k the run's number of moves (0: more than four), so that the
// loop over a run's states takes a fixed number of moves each.
template <class RunOf>
SUDOKU_LANE_INLINE void by_moves(const PlacementGraphLanes::Run& run, RunOf& run_of) {
    switch (run.moves) {
        case 1:
            return run_of.template operator()<1>(run);
        case 2:
            return run_of.template operator()<2>(run);
        case 3:
            return run_of.template operator()<3>(run);
        case 4:
            return run_of.template operator()<4>(run);
        default:
            return run_of.template operator()<0>(run);
    }
}

// The backward pass of PlacementGraph::best for the eight lanes from `first`, into the group's
// table of busy states (PlacementGraphLanes::Useful, at most 19,442 x 32 bytes), over the group's
// useful moves: the moves left out add -infinity to every lane, which changes no maximum, so every
// state a useful move leads to gets the value the whole graph gives it.
template <class V>
SUDOKU_LANE_INLINE void backward(const PlacementGraphLanes::Useful& useful, const Scaled* scaled, int first,
                                 Octet* rest) {
    constexpr int kWidth = sizeof(V) / sizeof(std::int32_t), kParts = kGroup / kWidth;
    const std::uint32_t* step = useful.step.data();
    const int *stop = useful.stop.data(), count = int(useful.busy.size());
    rest[count].fill(0);  // the last state
    // The best of move m's lanes: its cell's profit plus its next state's rest.
    auto keep_move = [&](V * top, int m) __attribute__((always_inline)) {
        const int cell = int(step[m] & 255), next = int(step[m] >> 8);
        for (int p = 0; p < kParts; ++p) {
            V gain, after;
            load(gain, scaled[cell].data() + first + p * kWidth);
            load(after, rest[next].data() + p * kWidth);
            keep_larger(top[p], gain + after);
        }
    };
    auto run_of = [&]<int kMoves>(const PlacementGraphLanes::Run& run) __attribute__((always_inline)) {
        for (int i = run.first, m = run.move; i < run.end; ++i) {
            V top[kParts];
            for (V& t : top) t = V{} + kUnreached;
            if constexpr (kMoves == 0) {
                for (const int end = stop[i]; m < end; ++m) keep_move(top, m);
            } else {
                for (int k = 0; k < kMoves; ++k) keep_move(top, m + k);
                m += kMoves;
            }
            for (int p = 0; p < kParts; ++p) store(rest[i].data() + p * kWidth, top[p]);
        }
    };
    for (const PlacementGraphLanes::Run& run : useful.runs) by_moves(run, run_of);
}

// The forward pass of PlacementGraph::best_through for the eight lanes from `first`, over the
// group's useful moves from the first state on (the others raise no state and no cell); a state no
// lane reaches by a placement's cells is skipped (what it adds lies below kValidFloor anyway).
template <class V>
SUDOKU_LANE_INLINE void forward(const PlacementGraphLanes::Useful& useful, const Scaled* scaled, int first,
                                const Octet* rest, Octet* so_far, Scaled* through) {
    constexpr int kWidth = sizeof(V) / sizeof(std::int32_t), kParts = kGroup / kWidth;
    const std::uint32_t* step = useful.step.data();
    for (int c = 0; c < PlacementGraphLanes::kCells; ++c)
        for (int k = 0; k < kGroup; ++k) through[c][first + k] = kUnreached;
    const int start = useful.first_state();
    if (start < 0) return;  // no lane of the group has a placement
    for (int i = 0; i < start; ++i) so_far[i].fill(kUnreached);
    so_far[start].fill(0);
    // A move's lanes: what the steps so far add through it, into its cell and its next state.
    auto take_move = [&](const Octet& reached, int m) __attribute__((always_inline)) {
        const int cell = int(step[m] & 255), next = int(step[m] >> 8);
        for (int p = 0; p < kParts; ++p) {
            V here, gain, before, after, old;
            load(here, reached.data() + p * kWidth);
            load(gain, scaled[cell].data() + first + p * kWidth);
            load(before, so_far[next].data() + p * kWidth);
            load(after, rest[next].data() + p * kWidth);
            load(old, through[cell].data() + first + p * kWidth);
            const V value = here + gain;
            keep_larger(before, value);
            keep_larger(old, value + after);
            store(so_far[next].data() + p * kWidth, before);
            store(through[cell].data() + first + p * kWidth, old);
        }
    };
    // The runs of PlacementGraphLanes::Useful from the first state on: the last place first.
    auto run_of = [&]<int kMoves>(const PlacementGraphLanes::Run& run) __attribute__((always_inline)) {
        for (int i = run.end - 1; i >= run.first; --i) {
            const Octet& reached = so_far[i];
            bool any = false;
            for (std::int32_t x : reached) any |= x >= kValidFloor;
            if (!any) continue;
            if constexpr (kMoves == 0) {
                for (int m = useful.begin(i); m < useful.stop[i]; ++m) take_move(reached, m);
            } else {
                for (int k = 0, m = run.move + (i - run.first) * kMoves; k < kMoves; ++k) take_move(reached, m + k);
            }
        }
    };
    for (auto run = useful.runs.rbegin(); run != useful.runs.rend(); ++run) by_moves(*run, run_of);
}

// One entry point per instruction set and pass, the same source inlined into each.
void profits_portable(const std::uint32_t* cand, const int* weight, const double* mu, Row* profit) {
    fill_profits(cand, weight, mu, profit);
}
double scale_portable(const Row* profit, Scaled* scaled) { return scale(profit, scaled); }
void backward_portable(const Useful* const* useful, const Scaled* scaled, Octet* rest, int lanes, int states) {
    for (int first = 0; first < lanes; first += kGroup)
        backward<Int4>(*useful[first / kGroup], scaled, first, rest + first / kGroup * states);
}
void forward_portable(const Useful* const* useful, const Scaled* scaled, const Octet* rest, Octet* so_far,
                      Scaled* through, int states) {
    for (int first = 0; first < PlacementGraphLanes::kLanes; first += kGroup)
        forward<Int4>(*useful[first / kGroup], scaled, first, rest + first / kGroup * states, so_far, through);
}
#if defined(__x86_64__)
SUDOKU_LANE_AVX2 void profits_avx2(const std::uint32_t* cand, const int* weight, const double* mu, Row* profit) {
    fill_profits(cand, weight, mu, profit);
}
SUDOKU_LANE_AVX2 double scale_avx2(const Row* profit, Scaled* scaled) { return scale(profit, scaled); }
SUDOKU_LANE_AVX2 void backward_avx2(const Useful* const* useful, const Scaled* scaled, Octet* rest, int lanes,
                                    int states) {
    for (int first = 0; first < lanes; first += kGroup)
        backward<Int8>(*useful[first / kGroup], scaled, first, rest + first / kGroup * states);
}
SUDOKU_LANE_AVX2 void forward_avx2(const Useful* const* useful, const Scaled* scaled, const Octet* rest, Octet* so_far,
                                   Scaled* through, int states) {
    for (int first = 0; first < PlacementGraphLanes::kLanes; first += kGroup)
        forward<Int8>(*useful[first / kGroup], scaled, first, rest + first / kGroup * states, so_far, through);
}
#endif

// The whole graph as useful moves: every state, every move (each pattern's are found among them).
const Useful& whole_graph() {
    static const Useful whole = [] {
        const PlacementGraph::Layout& layout = PlacementGraph::layout_for(4);
        Useful all;
        all.open.fill(0xff);
        for (int s = layout.states() - 2; s >= 0; --s) {
            for (int m = layout.move_start[s]; m < layout.move_start[s + 1]; ++m)
                all.move.push_back(std::uint32_t(layout.move_next[m]) << 8 | std::uint32_t(layout.move_cell[m]));
            all.busy.push_back(s);
            all.stop.push_back(int(all.move.size()));
        }
        return all;
    }();
    return whole;
}

double unscaled(std::int32_t value, double scale) { return value < kValidFloor ? kNone : double(value) / scale; }

}  // namespace

PlacementGraphLanes::PlacementGraphLanes(Isa isa)
    : profit(kCells),
      wide_(isa != Isa::portable && isa_supported(isa)),
      layout_(PlacementGraph::layout_for(4)),
      scaled_(kCells),
      rest_(std::size_t(kLanes / kGroup) * layout_.states()),
      so_far_(layout_.states()),
      scaled_through_(kCells),
      through_(kCells) {
    static_assert(kCells <= 256, "a useful move keeps its cell in 8 bits");
    static_assert(kGroup <= 8, "a cell's open lanes of a group fit in 8 bits");
    if (layout_.states() >= 1 << 24) throw std::logic_error("a useful move keeps its state in 24 bits");
}

void PlacementGraphLanes::set_profits(const std::uint32_t* cand, const int* weight, const double* mu) {
#if defined(__x86_64__)
    if (wide_) return profits_avx2(cand, weight, mu, profit.data());
#endif
    profits_portable(cand, weight, mu, profit.data());
}

// The largest power of two that keeps every profit within 2^23; a product by a power of two is
// exact, so the rounding up is the only change. Every lane, used or not: solve_through runs them
// all.
void PlacementGraphLanes::scale_profits() {
#if defined(__x86_64__)
    if (wide_) {
        scale_ = scale_avx2(profit.data(), scaled_.data());
        return;
    }
#endif
    scale_ = scale_portable(profit.data(), scaled_.data());
}

double PlacementGraphLanes::best(int lane) const {
    const int start = useful(lane / kGroup).first_state();
    return start < 0 ? kNone : unscaled(group(lane)[start][lane % kGroup], scale_);
}

void PlacementGraphLanes::solve(int lanes) {
    scale_profits();
    // Every group the passes below run, the last one perhaps only in part (lanes 5 and 6 of a
    // batch of six once ran on the moves found for other bars, and came out too low).
    const Useful* useful[kLanes / kGroup] = {};
    for (int group = 0; group < (lanes + kGroup - 1) / kGroup; ++group) {
        find_useful(group);
        useful[group] = &this->useful(group);
    }
#if defined(__x86_64__)
    if (wide_) return backward_avx2(useful, scaled_.data(), rest_.data(), lanes, layout_.states());
#endif
    backward_portable(useful, scaled_.data(), rest_.data(), lanes, layout_.states());
}

// A move is useful to a group when some lane of it has a profit on the move's cell and a
// placement from the move's next state on; the others add -infinity to every lane. Which ones
// they are depends only on where the profits are -infinity (the candidates), so the lists are
// rebuilt only when that changes: a descent's steps change the multipliers alone. When the new
// pattern lies within a kept one, only that one's useful moves can be useful: a node's are found
// among its parent's (on a 41-80 clue grid a fifth of the graph or less), not among all 100,000.
void PlacementGraphLanes::find_useful(int group) {
    std::array<std::uint8_t, kCells> open;  // per cell, bit k: lane 8 group + k has a profit here
    for (int cell = 0; cell < kCells; ++cell) {
        open[cell] = 0;
        for (int k = 0; k < kGroup; ++k)
            open[cell] |= std::uint8_t((scaled_[cell][kGroup * group + k] != kNoProfit) << k);
    }
    std::vector<Useful>& found = found_[group];
    int& top = top_[group];
    auto within = [&](const Useful& kept) {
        for (int cell = 0; cell < kCells; ++cell)
            if (open[cell] & ~kept.open[cell]) return false;
        return true;
    };
    while (top >= 0 && !within(found[top])) --top;
    if (top >= 0 && open == found[top].open) return;
    if (++top == int(found.size())) found.emplace_back();
    Useful& useful = found[top];
    const Useful& kept = top == 0 ? whole_graph() : found[top - 1];
    const int kept_states = int(kept.busy.size());
    useful.open = open;
    useful.move.resize(kept.stop.empty() ? 0 : kept.stop.back());
    useful.busy.resize(kept_states);
    useful.stop.resize(kept_states);
    std::vector<std::uint8_t>& reaches = reaches_;  // per state, bit k: lane k can finish from it
    reaches.resize(layout_.states());
    reaches[layout_.states() - 1] = 0xff;
    // Every move and state is written and only the useful ones advance: a third of the moves are
    // useful on sparse grids, a branch the predictor cannot learn. A state's reaches is written
    // before any move into it is read (layers from the last to the first, and a move leads to the
    // next layer).
    int size = 0, busy = 0;
    for (int i = 0, m = 0; i < kept_states; ++i) {
        const int s = kept.busy[i], before = size;
        std::uint8_t from_here = 0;
        for (const int end = kept.stop[i]; m < end; ++m) {
            const std::uint32_t move = kept.move[m];
            const std::uint8_t both = open[move & 255] & reaches[move >> 8];
            from_here |= both;
            useful.move[size] = move;
            size += both != 0;
        }
        reaches[s] = from_here;
        useful.busy[busy] = s;
        useful.stop[busy] = size;
        busy += size != before;
    }
    useful.busy.resize(busy);
    useful.stop.resize(busy);
    order_by_moves(useful, size);
    // The passes' form: the next state by its place (a useful move's next state is busy or last).
    place_.resize(layout_.states());
    for (int i = 0; i < busy; ++i) place_[useful.busy[i]] = i;
    place_[layout_.states() - 1] = busy;
    useful.step.resize(size);
    for (int m = 0; m < size; ++m)
        useful.step[m] = std::uint32_t(place_[useful.move[m] >> 8]) << 8 | (useful.move[m] & 255);
}

// Reorders each layer's busy states (a run of places, since the kept list keeps the layers in
// order) by their number of moves: one, two, three, four, then the rest, each in the order found.
// The passes need only that a state's moves lead to states before it in the list, which moves to
// the next layer keep.
void PlacementGraphLanes::order_by_moves(Useful& useful, int moves) {
    constexpr int kClasses = 5;  // runs of one to four moves, then the rest (`moves` 0)
    const int count = int(useful.busy.size());
    ordered_move_.resize(moves);
    ordered_busy_.resize(count);
    ordered_stop_.resize(count);
    useful.runs.clear();
    for (int a = 0, b = 0; a < count; a = b) {
        const int layer = layout_.layer[useful.busy[a]];
        while (b < count && layout_.layer[useful.busy[b]] == layer) ++b;
        // A counting sort of the layer's states by class: where each class's places and moves begin.
        std::array<int, kClasses> states{}, class_moves{};
        for (int i = a; i < b; ++i) {
            const int n = useful.stop[i] - useful.begin(i), k = std::min(n, kClasses) - 1;
            ++states[k];
            class_moves[k] += n;
        }
        std::array<int, kClasses> place, move;
        for (int k = 0, p = a, m = useful.begin(a); k < kClasses; p += states[k], m += class_moves[k], ++k) {
            place[k] = p;
            move[k] = m;
            if (states[k] > 0) useful.runs.push_back({p, p + states[k], m, k + 1 < kClasses ? k + 1 : 0});
        }
        for (int i = a; i < b; ++i) {
            const int begin = useful.begin(i), n = useful.stop[i] - begin, k = std::min(n, kClasses) - 1;
            std::copy_n(useful.move.begin() + begin, n, ordered_move_.begin() + move[k]);
            move[k] += n;
            ordered_busy_[place[k]] = useful.busy[i];
            ordered_stop_[place[k]++] = move[k];
        }
    }
    useful.move.swap(ordered_move_);
    useful.busy.swap(ordered_busy_);
    useful.stop.swap(ordered_stop_);
}

void PlacementGraphLanes::solve_through() {
    const Useful* useful[kLanes / kGroup];
    for (int group = 0; group < kLanes / kGroup; ++group) useful[group] = &this->useful(group);
#if defined(__x86_64__)
    if (wide_)
        forward_avx2(useful, scaled_.data(), rest_.data(), so_far_.data(), scaled_through_.data(), layout_.states());
    else
#endif
        forward_portable(useful, scaled_.data(), rest_.data(), so_far_.data(), scaled_through_.data(),
                         layout_.states());
    for (int cell = 0; cell < kCells; ++cell)
        for (int k = 0; k < kLanes; ++k) through_[cell][k] = unscaled(scaled_through_[cell][k], scale_);
}

// The first of the best moves at each state, from the start, on this lane's scaled values: the
// first among the group's useful moves, which keep the graph's order within a state (the others
// add -infinity).
void PlacementGraphLanes::add_covered(int lane, int* covered) const {
    const Octet* rest = group(lane);
    const Useful& useful = this->useful(lane / kGroup);
    const int last = int(useful.busy.size());
    for (int i = useful.first_state(); i != last;) {
        std::uint32_t chosen = 0;
        std::int32_t top = std::numeric_limits<std::int32_t>::min();
        for (int m = useful.begin(i); m < useful.stop[i]; ++m) {
            const std::uint32_t step = useful.step[m];
            const std::int32_t value = scaled_[step & 255][lane] + rest[step >> 8][lane % kGroup];
            if (value > top) {
                top = value;
                chosen = step;
            }
        }
        ++covered[chosen & 255];
        i = int(chosen >> 8);
    }
}

}  // namespace sudoku::target_detail
