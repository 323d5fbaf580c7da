// The placement bound: sound on every kind of puzzle, and strong where the LP bound is not.
#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "solver9/kernel.hpp"
#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/solve.hpp"
#include "sudoku/solver/solved_grid.hpp"
#include "sudoku/solver/target.hpp"
#include "sudoku/solver/target_mip.hpp"
#include "support/datasets.hpp"
#include "support/placements.hpp"
#include "support/target_cases.hpp"
#include "target/instrumented.hpp"
#include "target/placement/lanes.hpp"
#include "target/placement/placement.hpp"

using namespace sudoku;
using namespace sudoku::testing;

namespace {

// Sound: no completion scores more than the bound (the optimiser's answer is cross-checked with
// CBC and the enumerator elsewhere).
void require_not_below_optimum(const Grid& puzzle, const Weights& weights) {
    const TargetResult best = target_max_score(puzzle, weights);
    const auto bound = target_placement_bound(puzzle, weights, 100);
    INFO(puzzle.to_line());
    REQUIRE(bound.has_value());
    REQUIRE(best.has_completion());
    REQUIRE(*bound >= double(*best.score) - 1e-6);
}

// The same against CBC's optimum, which may be negative.
void require_not_below_mip_optimum(const Grid& puzzle, const Weights& weights) {
    const TargetResult best = target_by_mip(puzzle, weights);
    const auto bound = target_placement_bound(puzzle, weights, 100);
    INFO(puzzle.to_line());
    REQUIRE(bound.has_value());
    REQUIRE(best.certificate.has_value());
    REQUIRE(*bound >= double(*best.score) - 1e-6);
}

}  // namespace

TEST_CASE("target placement: never below the optimum on 30 puzzles of every family") {
    Rng random(31);
    const Weights ring = Weights::ring(3);
    for (const TargetFamily& family : target_families())
        for (int i = 0; i < 30; ++i) require_not_below_optimum(make_target_case(family, random), ring);
}

TEST_CASE("target placement: never below the optimum under random and negative weights") {
    Rng random(32);
    const TargetFamily sparse{"random 0-30", 0, 30, [] {
                                  std::vector<int> all(81);
                                  std::iota(all.begin(), all.end(), 0);
                                  return all;
                              }()};
    for (int i = 0; i < 20; ++i) {
        Weights weights;
        for (int cell = 0; cell < 81; ++cell) weights.w.push_back(random.between(-20, 20));
        require_not_below_mip_optimum(make_target_case(sparse, random), weights);
    }
}

TEST_CASE("target placement: never below the optimum on 4x4 puzzles, against enumeration") {
    Rng random(33);
    const Weights ring = Weights::ring(2);
    std::vector<int> all(16);
    std::iota(all.begin(), all.end(), 0);
    for (int i = 0; i < 50; ++i) {
        const Grid puzzle = keep_random_clues(random_solved_grid(2, random), all, random.between(0, 8), random);
        const auto enumerated = target_by_enumeration(puzzle, ring, 1000);
        REQUIRE(enumerated.has_value());
        const auto bound = target_placement_bound(puzzle, ring);
        REQUIRE(bound.has_value());
        REQUIRE(*bound >= double(*enumerated->score) - 1e-6);
    }
}

TEST_CASE("target placement: the empty grid's bound is its optimum, 2906") {
    const auto bound = target_placement_bound(Grid(3), Weights::ring(3));
    REQUIRE(bound.has_value());
    REQUIRE(*bound >= 2906 - 1e-6);
    REQUIRE(*bound < 2907);
}

TEST_CASE("target placement: closes LP gaps of 1.5 to 3 points") {
    // Puzzles whose LP bound (CBC's relaxation) is 2899.0, 2890.5 and 2893.5 against optima of
    // 2896, 2889 and 2892: the row bound cannot prove them without 10^5 nodes; the placement
    // bound is below optimum + 1, a proof by itself.
    const char* lines[] = {
        "......7..................46...........6.......1................................8.",
        "....................9...................6...2.................9...............7..",
        "9.8.....5......4..75.........9...................4..........56......4............",
    };
    for (const char* line : lines) {
        const Grid puzzle = grid_from_line(line);
        const TargetResult best = target_max_score(puzzle, Weights::ring(3));
        const auto bound = target_placement_bound(puzzle, Weights::ring(3));
        INFO(line);
        REQUIRE(bound.has_value());
        REQUIRE(*bound >= double(*best.score) - 1e-6);
        REQUIRE(*bound < double(*best.score) + 1);
    }
}

TEST_CASE("target placement: no completion gives -infinity, larger boxes give no bound") {
    Grid repeated(3);
    repeated.set(0, 0, 5);
    repeated.set(0, 8, 5);
    const auto bound = target_placement_bound(repeated, Weights::ring(3));
    REQUIRE(bound.has_value());
    REQUIRE(std::isinf(*bound));
    REQUIRE(*bound < 0);
    REQUIRE(target_placement_bound(Grid(4), Weights::ring(4)).has_value());  // box 4: the placement graph
    REQUIRE_FALSE(target_placement_bound(Grid(5), Weights::ring(5)).has_value());
}

// The 9x9 kernel runs every digit at once, one lane each (target/placement/lanes.hpp), from one
// source compiled for the baseline, AVX2 and AVX-512: brute force over all 46,656 placements checks
// each lane's best value, the cells it reports, and every cell's best placement through it, with
// profits that differ per lane and cells barred in some; that the values-only solve gives the same
// values and through-cell bests to the bit; then the profits it derives from candidates, weights
// and multipliers. Every kernel this CPU runs.
TEST_CASE("target placement: the nine-lane kernel finds each digit's best placement and best through every cell") {
    using target_detail::PlacementLanes;
    constexpr double kNone = -std::numeric_limits<double>::infinity();
    const auto placements = all_placements(3);
    for (Isa kernel : {Isa::portable, Isa::avx2, Isa::avx512}) {
        if (!isa_supported(kernel)) continue;
        INFO("kernel " << to_string(kernel));
        Rng random(909);
        PlacementLanes lanes(kernel);
        for (int trial = 0; trial < 8; ++trial) {
            for (int lane = 0; lane < PlacementLanes::kLanes; ++lane) {
                // Lane 4 of some trials is barred almost everywhere: a digit without a placement.
                const int barred = lane == 4 && trial % 4 == 3 ? 90 : trial % 2 ? 30 : 3;
                const std::vector<double> profit = random_profits(9, random, barred);
                for (int cell = 0; cell < 81; ++cell) lanes.profit[cell][lane] = profit[cell];
            }
            // solve_values gives the values of solve, to the bit, and the same through-cell bests.
            lanes.solve_values();
            lanes.solve_through();
            std::vector<double> values_alone(9);
            for (int lane = 0; lane < 9; ++lane) values_alone[lane] = lanes.best(lane);
            const auto through_alone = lanes.through();
            lanes.solve();
            lanes.solve_through();
            const auto bits = [](double x) { return std::bit_cast<std::uint64_t>(x); };
            for (int lane = 0; lane < 9; ++lane) {
                REQUIRE(bits(values_alone[lane]) == bits(lanes.best(lane)));
                for (int cell = 0; cell < 81; ++cell)
                    REQUIRE(bits(through_alone[cell][lane]) == bits(lanes.through()[cell][lane]));
            }
            for (int lane = 0; lane < 9; ++lane) {
                double best = kNone;
                std::vector<double> through(81, kNone);
                for (const auto& column : placements) {
                    double sum = 0;
                    for (int r = 0; r < 9; ++r) sum += lanes.profit[r * 9 + column[r]][lane];
                    best = std::max(best, sum);
                    for (int r = 0; r < 9; ++r) through[r * 9 + column[r]] = std::max(through[r * 9 + column[r]], sum);
                }
                INFO("trial " << trial << ", lane " << lane);
                REQUIRE(lanes.best(lane) == Approx(best).margin(1e-9));
                for (int cell = 0; cell < 81; ++cell) {
                    if (through[cell] == kNone)
                        REQUIRE(lanes.through()[cell][lane] == kNone);
                    else
                        REQUIRE(lanes.through()[cell][lane] == Approx(through[cell]).margin(1e-9));
                }
                if (best == kNone) continue;
                std::vector<int> covered(81, 0);
                lanes.add_covered(lane, covered.data());
                double path = 0;
                for (int r = 0; r < 9; ++r) {
                    int in_row = 0;
                    for (int c = 0; c < 9; ++c)
                        if (covered[r * 9 + c]) {
                            path += lanes.profit[r * 9 + c][lane];
                            ++in_row;
                        }
                    REQUIRE(in_row == 1);
                }
                REQUIRE(path == Approx(best).margin(1e-9));
            }
        }
        std::vector<std::uint32_t> cand(81);
        std::vector<int> weight(81);
        std::vector<double> mu(81);
        for (int cell = 0; cell < 81; ++cell) {
            cand[cell] = std::uint32_t(random.between(0, 1023)) & ~1u;
            weight[cell] = random.between(-20, 20);
            mu[cell] = double(random.between(-3000, 3000)) / 7.0;
        }
        lanes.set_profits(cand.data(), weight.data(), mu.data());
        for (int cell = 0; cell < 81; ++cell)
            for (int d = 1; d <= 9; ++d)
                REQUIRE(lanes.profit[cell][d - 1] ==
                        ((cand[cell] >> d) & 1 ? double(weight[cell]) * d - mu[cell] : kNone));
    }
}

// Each digit's losses at fixed multipliers, against brute force on 4x4 grids (16 placements a
// digit): forced through a cell, its best placement less its best through the cell; barred from
// a cell, its best less its best avoiding the cell; infinite where no placement can.
TEST_CASE("target placement: each digit's losses through and around every cell are exact") {
    using target_detail::Board;
    using target_detail::PlacementBound;
    constexpr double kNone = -std::numeric_limits<double>::infinity();
    constexpr double kNever = std::numeric_limits<double>::infinity();
    const auto placements = all_placements(2);
    Rng random(1125);
    std::vector<int> all(16);
    std::iota(all.begin(), all.end(), 0);
    int finite_barred = 0, positive_barred = 0;
    for (int trial = 0; trial < 200; ++trial) {
        const Grid puzzle = keep_random_clues(random_solved_grid(2, random), all, random.between(0, 6), random);
        const Weights weights = random_weights(2, -20, 20, random);
        Board board;
        REQUIRE(board.load(puzzle));
        PlacementBound bound(weights);
        std::vector<double> mu(16);
        for (double& m : mu) m = random.between(-300, 300) / 7.0;
        INFO("trial " << trial << ": " << puzzle.to_line());

        std::vector<double> top(5, kNone);
        std::vector<std::vector<double>> through(5, std::vector<double>(16, kNone)), avoiding = through;
        for (int d = 1; d <= 4; ++d)
            for (const auto& column : placements) {
                double sum = 0;
                bool open = true;
                for (int r = 0; r < 4; ++r) {
                    const int cell = r * 4 + column[r];
                    open = open && (board.cand[cell] & digit_bit(d));
                    sum += weights.at(cell) * d - mu[cell];
                }
                if (!open) continue;
                top[d] = std::max(top[d], sum);
                for (int cell = 0; cell < 16; ++cell) {
                    double& kept = column[cell / 4] == cell % 4 ? through[d][cell] : avoiding[d][cell];
                    kept = std::max(kept, sum);
                }
            }

        Board after = board;
        if (bound.strike_hopeless(after, mu, -1e18) < 0) continue;  // a loaded 4x4 board always has placements
        PlacementBound::DigitLosses losses;
        bound.digit_losses(4, losses);
        REQUIRE(losses.forced.size() == 16 * 5);
        REQUIRE(losses.barred.size() == 16 * 5);
        for (int cell = 0; cell < 16; ++cell)
            for (int d = 1; d <= 4; ++d) {
                INFO("cell " << cell << ", digit " << d);
                const double forced = losses.forced[cell * 5 + d], barred = losses.barred[cell * 5 + d];
                if (through[d][cell] == kNone)
                    REQUIRE(forced == kNever);
                else
                    REQUIRE(forced == Approx(top[d] - through[d][cell]).margin(1e-9));
                if (avoiding[d][cell] == kNone) {
                    REQUIRE(barred == kNever);
                } else {
                    REQUIRE(barred == Approx(top[d] - avoiding[d][cell]).margin(1e-9));
                    ++finite_barred;
                    positive_barred += barred > 1e-9;
                }
            }
    }
    // The cases that matter: digits whose best placements all take the cell.
    REQUIRE(positive_barred > 100);
    REQUIRE(finite_barred > positive_barred);
}
