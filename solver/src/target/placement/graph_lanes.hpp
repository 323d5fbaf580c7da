// The placement graph of target/placement/dp.hpp run for the sixteen digits of a 16x16 grid at
// once: one lane per digit, so that each move's addition and comparison serves eight digits in
// one vector instead of sixteen scalar passes over the 100,000 moves (80 % of a sparse 16x16
// solve went to those passes).
//
//   profit[cell]  16 lanes: lane d - 1 holds weight x d - mu, -infinity where d is no candidate
//   rest          per group of eight lanes and busy state (Useful): the best the remaining steps
//                 add (backward)
//   so_far        per busy state, for one group at a time: the best the steps so far added (forward)
//
// The passes add 32-bit integers: each profit scaled by a power of two (as large as keeps every
// placement's sum within 2^27) and rounded up. Integer sums are exact in any order, and every
// placement's scaled sum is at least its true value, so each lane's best is an upper bound on the
// digit's best placement, above it by at most 16 roundings (resolution()); a bound built on it
// stays a bound, and a placement it picks is best for the rounded profits. With eight lanes to a
// vector the passes run two groups where doubles ran four, and on sparse grids the useful moves
// of two groups of eight are 1.55-1.99x fewer than those of four groups of four. (A first
// version that ran all sixteen lanes of doubles in one pass, a 2.5 MB table of states, was
// slower than sixteen scalar passes.)
// One source compiled for the baseline and for AVX2, chosen by the instruction-set level (core/isa.hpp) as in
// target/placement/lanes.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/isa.hpp"
#include "target/placement/dp.hpp"

namespace sudoku::target_detail {

class PlacementGraphLanes {
public:
    static constexpr int kLanes = 16;
    static constexpr int kCells = 256;
    static constexpr int kGroup = 8;  // lanes a pass takes
    using Row = std::array<double, kLanes>;
    using Scaled = std::array<std::int32_t, kLanes>;
    using Octet = std::array<std::int32_t, kGroup>;  // lane k at [k / 8][state][k % 8]

    // Isa::avx2 and avx512 run the AVX2 code where the CPU has it, else the portable one.
    explicit PlacementGraphLanes(Isa isa = widest_isa());

    // profit[cell][lane], filled by set_profits from each cell's candidates (bit d for digit d),
    // weight and multiplier.
    std::vector<Row> profit;
    void set_profits(const std::uint32_t* cand, const int* weight, const double* mu);

    // Every lane's best placement for the rounded profits: its value, at most 16 x resolution()
    // above the true best (-infinity when the digit has none). With `lanes`, only the groups of
    // eight that hold lanes 0 .. lanes - 1.
    void solve(int lanes = kLanes);
    double best(int lane) const;
    // What one rounding of the last solve() may add to a profit.
    double resolution() const { return 1 / scale_; }
    // After solve(): adds 1 to covered[cell] for each cell of lane's best placement for the
    // rounded profits (which must exist).
    void add_covered(int lane, int* covered) const;
    // After solve() on the same profits: each cell's best placement through it, per lane, for the
    // rounded profits (-infinity where none).
    void solve_through();
    const std::vector<Row>& through() const { return through_; }

    // Per group of eight lanes, the moves the passes need, in the order the backward pass takes
    // them (layers from the last to the first): next state << 8 | cell. `busy` lists the states
    // that have any, in the same order, and busy[i]'s moves end at stop[i]: a useful move leads
    // to a busy state or to the last one, so the passes visit no other (a node of a 41-80 clue
    // grid has a few thousand of the 19,442). `step` holds the same moves as the passes take them,
    // the next state by its place in busy (busy.size(): the last state), so that the tables of
    // states hold the busy ones side by side (a state's value at the same place as in busy).
    //
    // Within a layer the states are ordered by their number of moves, and `runs` holds each
    // layer's runs of states with one, two, three or four moves (more: `moves` 0), so that the
    // passes loop over a run without a branch per state. Half the busy states of a sparse
    // grid's node have one move and most others two or three: a loop per state mispredicted its
    // end at nearly every state.
    struct Run {
        int first, end;  // places in busy
        int move;        // the first one's first move
        int moves;       // each one's moves, 0 when they differ (more than four)
    };
    struct Useful {
        std::array<std::uint8_t, kCells> open{};  // the pattern they were found for (find_useful)
        std::vector<std::uint32_t> move, step;
        std::vector<int> busy, stop;
        std::vector<Run> runs;
        int begin(int i) const { return i == 0 ? 0 : stop[i - 1]; }
        // The place of the first state in the tables, -1 when it is not busy (no lane has a placement).
        int first_state() const { return !busy.empty() && busy.back() == 0 ? int(busy.size()) - 1 : -1; }
    };

private:
    void scale_profits();
    void find_useful(int group);
    void order_by_moves(Useful& useful, int moves);
    const Useful& useful(int group) const { return found_[group][top_[group]]; }
    bool wide_;  // the AVX2 code
    const PlacementGraph::Layout& layout_;
    const Octet* group(int lane) const { return rest_.data() + std::size_t(lane / kGroup) * layout_.states(); }
    double scale_ = 1;
    std::vector<Scaled> scaled_;  // profit x scale_, rounded up; kNoProfit where -infinity
    // Per group, the lists of a chain of patterns, each within the one before it: a branch and
    // bound node's candidates lie within its parent's, so its useful moves are among the
    // parent's and are found from those (top_: the current one, -1 before the first).
    std::array<std::vector<Useful>, kLanes / kGroup> found_;
    std::array<int, kLanes / kGroup> top_{-1, -1};
    std::vector<Octet> rest_, so_far_;
    std::vector<std::uint8_t> reaches_;
    std::vector<int> place_;                   // find_useful's scratch: each busy state's place in busy
    std::vector<std::uint32_t> ordered_move_;  // order_by_moves' scratch
    std::vector<int> ordered_busy_, ordered_stop_;
    std::vector<Scaled> scaled_through_;
    std::vector<Row> through_;
};

}  // namespace sudoku::target_detail
