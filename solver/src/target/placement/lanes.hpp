// The placement bound's kernel for 9x9 grids: every digit's best placement at once, one lane per
// digit, so that each addition and comparison of the stack tables and of the 216 combinations
// (target/placement/placement.hpp explains both) serves all nine digits in one vector instruction.
//
// The sums are formed in the same order and ties broken the same way as digit by digit, so the
// values, the placements chosen and the search built on them do not change; only the time does.
// One source compiled for the baseline, AVX2 and AVX-512 (the levels of core/isa.hpp): the widest
// this CPU runs, unless a test pins one.
#pragma once

#include <array>
#include <cstdint>

#include "core/isa.hpp"

namespace sudoku::target_detail {

class PlacementLanes {
public:
    static constexpr int kLanes = 12;  // digits 1..9 in lanes 0..8; three vectors of four doubles
    static constexpr int kCells = 81;
    using Row = std::array<double, kLanes>;

    // Isa::avx2 runs the AVX2 code where the CPU has it, avx512 the AVX-512 code for the
    // stack tables and combinations; else the portable one.
    explicit PlacementLanes(Isa isa = widest_isa());

    // profit[cell][lane]: weight x digit - mu where the digit is a candidate, -infinity elsewhere.
    // Lanes 9..11 are ignored.
    std::array<Row, kCells> profit;
    // Fills `profit` from each cell's candidates (bit d for digit d), weight and multiplier.
    void set_profits(const std::uint32_t* cand, const int* weight, const double* mu);

    // Every lane's best placement: its value (-infinity when the digit has none).
    void solve();
    // The same values without the choices add_covered reads: a maximum where solve() keeps a
    // maximum and its index. The node strikes want values alone.
    void solve_values();
    // After solve() or solve_values() on the same profits: each cell's best placement through it,
    // per lane (-infinity: none).
    void solve_through();
    double best(int lane) const { return best_[lane]; }
    // Adds 1 to covered[cell] for each cell of lane's best placement (which must exist), after solve().
    void add_covered(int lane, int* covered) const;
    const std::array<Row, kCells>& through() const { return through_; }

private:
    Isa isa_;  // the instruction set its passes run: the one asked for where the CPU has it, else portable
    static constexpr int kTuples = 27;                    // a stack's rows, one per band
    static constexpr int kEntries = 81;                   // stack x tuple
    std::array<Row, kEntries> stack_best_, stack_sigma_;  // best sigma per entry, and its index
    std::array<Row, kEntries> others_;                    // the best the other stacks add
    Row best_, combo_;
    std::array<Row, kCells> through_;
};

}  // namespace sudoku::target_detail
