// The LP's prices (target/lp_duals.hpp): the row bound at them against Clp's LP value, and the
// sparse 16x16 grids they prove, with the aims that follow the bound.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/solved_grid.hpp"
#include "sudoku/solver/target.hpp"
#include "sudoku/solver/target_mip.hpp"
#include "support/target_cases.hpp"
#include "target/board.hpp"
#include "target/bound.hpp"
#include "target/instrumented.hpp"
#include "target/lp_duals.hpp"

using namespace sudoku;
using namespace sudoku::testing;
using namespace sudoku::target_detail;

namespace {

constexpr double kNone = -std::numeric_limits<double>::infinity();

// The row bound of `puzzle` at the prices of `iterations` PDHG steps, or at the end of the
// subgradient descent's `iterations` steps (chunks as the optimiser's nodes take them).
double row_bound_at_lp_prices(const Grid& puzzle, const Weights& weights, int iterations) {
    Board board;
    REQUIRE(board.load(puzzle));
    LagrangianBound rows(weights);
    rows.load(board);
    LpDuals lp(board, weights);
    lp.run(iterations);
    Multipliers m = initial_multipliers(*board.geo, weights);
    lp.to_multipliers(m);
    return rows.tighten(m, 0, kNone, kNone).value;
}

double row_bound_by_descent(const Grid& puzzle, const Weights& weights, int iterations) {
    Board board;
    REQUIRE(board.load(puzzle));
    LagrangianBound rows(weights);
    rows.load(board);
    Multipliers m = initial_multipliers(*board.geo, weights);
    double value = std::numeric_limits<double>::infinity();
    for (int spent = 0; spent < iterations; spent += 29) value = rows.tighten(m, 29, kNone, kNone).value;
    return value;
}

// The optimiser's answer, its certificate checked: a completion of the puzzle scoring the answer.
MeasuredTarget solved_with_certificate(const Grid& puzzle, const Weights& weights) {
    INFO(puzzle.to_line());
    MeasuredTarget result = target_max_score_measured(puzzle, weights);
    REQUIRE(result.certificate);
    REQUIRE(result.certificate->is_solution_of(puzzle));
    REQUIRE(target_score(*result.certificate, weights) == result.score);
    return result;
}

}  // namespace

// The measured failure: on sparse 16x16 grids the subgradient descent of the row bound stalls
// points above the LP (puzzle 2 of bench_target16's random 1-40 clue band, seed 99: 11,762.3 after
// 5,800 steps, LP 11,759), and the tree had to close the difference. At the LP's prices the row
// bound is the LP value, to a few hundredths. (The board's singles can only lower the LP below
// Clp's, which sees the clues alone.)
TEST_CASE("target: at the LP's prices the row bound of a sparse 16x16 grid is the LP value") {
    const Weights ring = Weights::ring(4);
    const std::vector<Target16Band> bands = target16_bands(99, 10);
    for (int index : {2, 7}) {
        const Grid& puzzle = bands[1].puzzles[index];
        INFO(bands[1].name << " #" << index << ": " << puzzle.to_line());
        const double lp = target_lp_value(puzzle, ring);
        CHECK(row_bound_by_descent(puzzle, ring, 2000) > lp + 1);
        CHECK(row_bound_at_lp_prices(puzzle, ring, 3000) < lp + 0.05);
    }
    // The steps scale with the weights (the primal weight): ring weights times 10,000, the same
    // accuracy relative to them.
    Weights heavy = ring;
    for (int& w : heavy.w) w *= 10000;
    const Grid& puzzle = bands[1].puzzles[2];
    CHECK(row_bound_at_lp_prices(puzzle, heavy, 3000) < target_lp_value(puzzle, heavy) + 0.05 * 10000);
}

// Any prices give a bound: never below the optimum, whatever the weights (ring, random, negative),
// and near the LP on the grids of every size: 4x4 against enumeration, 9x9 and 16x16 against the
// optimiser (itself checked against CBC and enumeration elsewhere), each against Clp's LP value.
TEST_CASE("target: the row bound at the LP's prices is never below the optimum and close to the LP") {
    Rng random(1620);
    for (int box : {2, 3, 4}) {
        for (int i = 0; i < 9; ++i) {
            const int cells = box * box * box * box;
            std::vector<int> all(cells);
            std::iota(all.begin(), all.end(), 0);
            // 16x16 grids with random weights and few clues are beyond the optimiser's reach.
            const int clues = box == 2   ? random.between(0, 4)
                              : box == 3 ? random.between(0, 20)
                                         : random.between(120, 170);
            const Grid puzzle = keep_random_clues(random_solved_grid(box, random), all, clues, random);
            const Weights weights = i % 3 == 0   ? Weights::ring(box)
                                    : i % 3 == 1 ? random_weights(box, 1, 20, random)
                                                 : random_weights(box, -20, 20, random);
            INFO("box " << box << ", weights " << i % 3 << ": " << puzzle.to_line());
            const TargetResult best = box == 2 ? *target_by_enumeration(puzzle, weights, 1000000)
                                               : target_max_score_measured(puzzle, weights);
            REQUIRE(best.has_completion());
            const double bound = row_bound_at_lp_prices(puzzle, weights, 3000);
            REQUIRE(bound >= double(*best.score) - 1e-6);
            const double lp = target_lp_value(puzzle, weights);
            CHECK(bound < lp + 0.01 * std::abs(lp) + 0.5);
        }
    }
}

// The optimiser takes the LP's prices at the root of a 16x16 grid: puzzle 2 of seed 99's random 1-40
// clue band (13 clues), whose LP is its optimum, took 7,549 nodes and 22.3 s with the descent's
// multipliers, 6,800 of them proving that nothing reaches 11,760. Clp's LP value bounds it from
// above, the certificate from below.
TEST_CASE("target: a sparse 16x16 grid whose LP is its optimum is proven from the LP's prices") {
    const Weights ring = Weights::ring(4);
    const Grid puzzle = target16_bands(99, 10)[1].puzzles[2];
    const MeasuredTarget result = solved_with_certificate(puzzle, ring);
    REQUIRE(double(*result.score) == std::floor(target_lp_value(puzzle, ring) + 1e-6));
    CHECK(result.stats.nodes < 1000);
}

// With the LP's prices the root bound of a sparse grid lies near the LP, often within a point or
// two of the optimum: the round after the first failure aims one point lower, not two. Puzzle 8 of seed
// 4's random 1-40 clue band (35 clues, LP 11,692.8): round 2 proves nothing reaches 11,692; aimed
// at 11,690 next, round 3 took 3,783 nodes to find 11,690 and then the optimum, 11,691; aimed at
// 11,691 it finds it in 380.
TEST_CASE("target: a sparse 16x16 grid aims one point lower after its first failed round") {
    const Weights ring = Weights::ring(4);
    const Grid puzzle = target16_bands(4, 10)[1].puzzles[8];
    const MeasuredTarget result = solved_with_certificate(puzzle, ring);
    CHECK(result.stats.rounds == 3);
    CHECK(result.stats.nodes < 1000);
}
