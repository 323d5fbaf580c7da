// The placement graph of target_placement_dp.hpp run for the sixteen digits of a 16x16 grid at
// once: one lane per digit, so that each move's addition and comparison serves every digit in
// four vectors of four doubles instead of sixteen scalar passes over the 100,000 moves (80 % of a
// sparse 16x16 solve went to those passes).
//
//   profit[cell]  16 lanes: lane d - 1 holds weight x d - mu, -infinity where d is no candidate
//   rest          per group of four lanes and state: the best the remaining steps add (backward)
//   so_far        per state, for one group at a time: the best the steps so far added (forward)
//
// Four lanes a pass, not sixteen: a first version that ran all sixteen in one pass (a 2.5 MB
// table of states, against 622 KB for a group of four) was slower than sixteen scalar passes.
//
// Every lane forms the same sums in the same order as the digit-by-digit graph, and the best
// path of a lane is traced by the same comparisons, so values, placements and the search built
// on them do not change; only the time does. One source compiled for the baseline and for AVX2,
// chosen by solver9's Kernel9 names as in target_placement_lanes.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sudoku/solver9_kernel.hpp"
#include "target_placement_dp.hpp"

namespace sudoku::target_detail {

class PlacementGraphLanes {
public:
    static constexpr int kLanes = 16;
    static constexpr int kCells = 256;
    using Row = std::array<double, kLanes>;
    using Quad = std::array<double, 4>;  // four lanes: lane k at [k / 4][state][k % 4]

    // Kernel9::avx2 and avx512 run the AVX2 code where the CPU has it, else the portable one.
    explicit PlacementGraphLanes(Kernel9 kernel = kernel9_active());

    // profit[cell][lane], filled by set_profits from each cell's candidates (bit d for digit d),
    // weight and multiplier.
    std::vector<Row> profit;
    void set_profits(const std::uint32_t* cand, const int* weight, const double* mu);

    // Every lane's best placement: its value (-infinity when the digit has none). With `lanes`,
    // only the groups of four that hold lanes 0 .. lanes - 1.
    void solve(int lanes = kLanes);
    double best(int lane) const { return group(lane)[0][lane % 4]; }
    // After solve(): adds 1 to covered[cell] for each cell of lane's best placement (which must
    // exist), the path PlacementGraph::best would choose.
    void add_covered(int lane, int* covered) const;
    // After solve() on the same profits: each cell's best placement through it, per lane.
    void solve_through();
    const std::vector<Row>& through() const { return through_; }

    // Per group of four lanes, the moves the backward pass needs, in the order it takes them
    // (states from the last to the first): next state << 8 | cell; state s's moves end at end[s].
    struct Useful {
        std::array<std::uint8_t, kCells> open{};  // the pattern they were found for (find_useful)
        std::vector<int> end;
        std::vector<std::uint32_t> move;
    };

private:
    void find_useful(int group);
    bool wide_;  // the AVX2 code
    const PlacementGraph::Layout& layout_;
    const Quad* group(int lane) const { return rest_.data() + std::size_t(lane / 4) * layout_.states(); }
    std::vector<Useful> useful_;
    std::vector<Quad> rest_, so_far_;
    std::vector<std::uint8_t> reaches_;
    std::vector<Row> through_;
};

}  // namespace sudoku::target_detail
