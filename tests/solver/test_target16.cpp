// Target on 16x16 grids: the placement graph (box 4's placement bound), its bound, and the
// digit-by-digit incumbent, each against an exhaustive answer.
#include <algorithm>
#include <catch2/catch.hpp>
#include <limits>
#include <numeric>
#include <optional>
#include <vector>

#include "solver9/kernel.hpp"
#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/solve.hpp"
#include "sudoku/solver/solved_grid.hpp"
#include "sudoku/solver/target.hpp"
#include "support/placements.hpp"
#include "support/target_cases.hpp"
#include "target/board.hpp"
#include "target/digit_sums.hpp"
#include "target/instrumented.hpp"
#include "target/placement/dp.hpp"
#include "target/placement/graph_lanes.hpp"

using namespace sudoku;
using namespace sudoku::testing;
using sudoku::target_detail::PlacementGraph;

namespace {

constexpr double kNone = -std::numeric_limits<double>::infinity();

Grid random_puzzle(int box, int lo, int hi, Rng& random) {
    const Grid solved = random_solved_grid(box, random);
    std::vector<int> cells(box * box * box * box);
    std::iota(cells.begin(), cells.end(), 0);
    return keep_random_clues(solved, cells, random.between(lo, hi), random);
}

}  // namespace

// The graph's paths must be exactly the placements: a missing move loses placements (a bound
// below the optimum), an extra one admits non-placements. Brute force over all placements of
// box 2 (16 of the 24 permutations) and box 3 (46,656 of 9!) checks the best value, the cells of
// the path it reports, and every cell's best placement through it.
TEST_CASE("target: the placement graph finds the best placement and the best through every cell") {
    Rng random(1616);
    for (int box : {2, 3}) {
        const int n = box * box;
        const auto placements = all_placements(box);
        PlacementGraph graph(box);
        for (int trial = 0; trial < (box == 2 ? 200 : 12); ++trial) {
            const std::vector<double> profit = random_profits(n, random, trial % 3 == 0 ? 40 : 5);
            double best = kNone;
            std::vector<double> through(n * n, kNone);
            for (const auto& column : placements) {
                double sum = 0;
                for (int r = 0; r < n; ++r) sum += profit[r * n + column[r]];
                best = std::max(best, sum);
                for (int r = 0; r < n; ++r) through[r * n + column[r]] = std::max(through[r * n + column[r]], sum);
            }
            std::vector<int> covered(n * n, 0);
            const double value = graph.best(profit.data(), covered.data());
            INFO("box " << box << ", trial " << trial);
            REQUIRE(value == Approx(best).margin(1e-9));
            if (best == kNone) continue;
            double path = 0;
            int cells = 0;
            for (int cell = 0; cell < n * n; ++cell)
                if (covered[cell]) {
                    path += profit[cell];
                    ++cells;
                }
            REQUIRE(cells == n);
            REQUIRE(path == Approx(best).margin(1e-9));
            std::vector<double> graph_through(n * n);
            graph.best_through(profit.data(), graph_through.data());
            for (int cell = 0; cell < n * n; ++cell) {
                if (through[cell] == kNone)
                    REQUIRE(graph_through[cell] == kNone);
                else
                    REQUIRE(graph_through[cell] == Approx(through[cell]).margin(1e-9));
            }
        }
    }
}

// The sixteen-lane graph (target/placement/graph_lanes.hpp) against the digit-by-digit graph,
// checked above by brute force. It adds profits rounded up to its resolution, so per lane its
// best and its best through every cell lie at or above the graph's (a bound stays a bound) and at
// most 16 roundings above, -infinity exactly where the graph's are; the path it reports is a
// placement within 16 roundings of the best. Profits differ per lane, with cells barred in some,
// one lane without any placement; then the profits it derives from candidates, weights and
// multipliers. Every kernel this CPU runs. Odd trials keep the barred cells of the trial before
// and change only the other profits, as a descent's steps do, so that the moves the backward pass
// skips are those it found for the earlier profits (trials 3 and 7 bar a few more cells besides,
// as a strike does). Then batches of fewer lanes than sixteen, as the digit-sum bound's last batch
// runs them, whose lanes past the batch hold no profit: a group only partly used must still take
// the moves its lanes' new bars need (a stale list once gave 873.86 for a best placement of
// 918.71). Then profits in the millions, where the resolution is 1 or more.
namespace {
// Lane `lane` of `lanes` (solved) against the digit-by-digit graph on the same profits.
void require_lane_bounds_graph(PlacementGraph& graph, const target_detail::PlacementGraphLanes& lanes,
                               const std::vector<double>& profit, int lane, bool through_too) {
    const double slack = 16 * lanes.resolution();
    std::vector<int> covered(256, 0), lane_covered(256, 0);
    const double value = graph.best(profit.data(), covered.data());
    if (value == kNone) {
        REQUIRE(lanes.best(lane) == kNone);
    } else {
        REQUIRE(lanes.best(lane) >= value);
        REQUIRE(lanes.best(lane) <= value + slack);
        lanes.add_covered(lane, lane_covered.data());
        std::vector<int> rows(16, 0), columns(16, 0), boxes(16, 0);
        double path = 0;
        for (int cell = 0; cell < 256; ++cell) {
            if (!lane_covered[cell]) continue;
            REQUIRE(lane_covered[cell] == 1);
            REQUIRE(profit[cell] != kNone);
            path += profit[cell];
            ++rows[cell / 16];
            ++columns[cell % 16];
            ++boxes[cell / 64 * 4 + cell % 16 / 4];
        }
        REQUIRE(rows == std::vector<int>(16, 1));
        REQUIRE(columns == std::vector<int>(16, 1));
        REQUIRE(boxes == std::vector<int>(16, 1));
        REQUIRE(path >= value - slack);
    }
    if (!through_too) return;
    std::vector<double> through(256);
    graph.best_through(profit.data(), through.data());
    for (int cell = 0; cell < 256; ++cell) {
        if (through[cell] == kNone) {
            REQUIRE(lanes.through()[cell][lane] == kNone);
        } else {
            REQUIRE(lanes.through()[cell][lane] >= through[cell]);
            REQUIRE(lanes.through()[cell][lane] <= through[cell] + slack);
        }
    }
}
}  // namespace

TEST_CASE("target: the sixteen-lane placement graph bounds each digit's best placement within its resolution") {
    using target_detail::PlacementGraphLanes;
    PlacementGraph graph(4);
    for (Isa kernel : {Isa::portable, Isa::avx2}) {
        if (!isa_supported(kernel)) continue;
        INFO("kernel " << to_string(kernel));
        Rng random(1617);
        PlacementGraphLanes lanes(kernel);
        std::vector<std::vector<double>> profits;
        for (int trial = 0; trial < 8; ++trial) {
            const bool same_bars = trial % 2 == 1;
            for (int lane = 0; lane < 16; ++lane) {
                const int barred = lane == 6 && trial % 3 == 2 ? 95 : trial % 4 ? 40 : 3;
                std::vector<double> fresh = random_profits(16, random, barred);
                if (same_bars) {
                    for (int cell = 0; cell < 256; ++cell)
                        if (profits[lane][cell] == kNone || (trial % 4 == 3 && random.between(1, 100) <= 3))
                            fresh[cell] = kNone;
                        else if (fresh[cell] == kNone)
                            fresh[cell] = profits[lane][cell] + 1;
                    profits[lane] = fresh;
                } else if (trial == 0) {
                    profits.push_back(fresh);
                } else {
                    profits[lane] = fresh;
                }
                for (int cell = 0; cell < 256; ++cell) lanes.profit[cell][lane] = profits[lane][cell];
            }
            lanes.solve();
            lanes.solve_through();
            REQUIRE(lanes.resolution() < 1e-3);  // the profits lie within +-1,000
            for (int lane = 0; lane < 16; ++lane) {
                INFO("trial " << trial << ", lane " << lane);
                require_lane_bounds_graph(graph, lanes, profits[lane], lane, true);
            }
        }
        for (int used : {6, 5, 13, 9, 3}) {
            INFO("lanes used " << used);
            for (int lane = 0; lane < 16; ++lane) {
                profits[lane] =
                    lane < used ? random_profits(16, random, 5 + 3 * lane) : std::vector<double>(256, kNone);
                for (int cell = 0; cell < 256; ++cell) lanes.profit[cell][lane] = profits[lane][cell];
            }
            lanes.solve(used);
            for (int lane = 0; lane < used; ++lane) {
                INFO("lane " << lane);
                require_lane_bounds_graph(graph, lanes, profits[lane], lane, false);
            }
        }
        // Profits of millions (weights of -1e6, say): the scale falls below 1, the bound holds.
        for (int lane = 0; lane < 16; ++lane) {
            profits[lane] = random_profits(16, random, 10);
            for (double& p : profits[lane]) p *= 123457;
            for (int cell = 0; cell < 256; ++cell) lanes.profit[cell][lane] = profits[lane][cell];
        }
        lanes.solve();
        lanes.solve_through();
        REQUIRE(lanes.resolution() >= 1);
        for (int lane = 0; lane < 16; ++lane) {
            INFO("large profits, lane " << lane);
            require_lane_bounds_graph(graph, lanes, profits[lane], lane, true);
        }
        std::vector<std::uint32_t> cand(256);
        std::vector<int> weight(256);
        std::vector<double> mu(256);
        for (int cell = 0; cell < 256; ++cell) {
            cand[cell] = std::uint32_t(random.between(0, 131071)) & ~1u;
            weight[cell] = random.between(-20, 20);
            mu[cell] = double(random.between(-3000, 3000)) / 7.0;
        }
        lanes.set_profits(cand.data(), weight.data(), mu.data());
        for (int cell = 0; cell < 256; ++cell)
            for (int d = 1; d <= 16; ++d)
                REQUIRE(lanes.profit[cell][d - 1] ==
                        ((cand[cell] >> d) & 1 ? double(weight[cell]) * d - mu[cell] : kNone));
    }
}

// The lanes find a pattern's useful moves among those of a kept pattern it lies within, as a
// node's candidates lie within its parent's (PlacementGraphLanes::find_useful). A search's
// patterns: two each within the last, a sibling within the first only, one where a whole group
// of lanes has no placement, the first again, a wider one (found from the whole graph), and a
// batch of five lanes between two full solves. Every step draws new profits on its pattern, and
// each lane is checked against the digit-by-digit graph.
TEST_CASE("target: the sixteen-lane placement graph follows a search's candidate patterns") {
    using target_detail::PlacementGraphLanes;
    PlacementGraph graph(4);
    for (Isa kernel : {Isa::portable, Isa::avx2}) {
        if (!isa_supported(kernel)) continue;
        INFO("kernel " << to_string(kernel));
        Rng random(1618);
        PlacementGraphLanes lanes(kernel);
        using Bars = std::vector<std::vector<bool>>;  // [lane][cell]
        auto bar_more = [&](Bars bars, int percent) {
            for (auto& lane : bars)
                for (std::size_t cell = 0; cell < lane.size(); ++cell)
                    if (random.between(1, 100) <= percent) lane[cell] = true;
            return bars;
        };
        const Bars none(16, std::vector<bool>(256, false));
        const Bars first = bar_more(none, 40);
        const Bars within = bar_more(first, 5);
        Bars without_group = bar_more(first, 5);
        for (int lane = 8; lane < 16; ++lane)
            for (int column = 0; column < 16; ++column) without_group[lane][3 * 16 + column] = true;
        const Bars wider = bar_more(none, 20);
        const std::vector<std::pair<Bars, int>> steps = {{first, 16},
                                                         {within, 16},
                                                         {bar_more(within, 5), 16},
                                                         {bar_more(first, 5), 16},
                                                         {without_group, 16},
                                                         {first, 16},
                                                         {wider, 16},
                                                         {bar_more(wider, 10), 5},
                                                         {wider, 16}};
        for (std::size_t step = 0; step < steps.size(); ++step) {
            const auto& [bars, used] = steps[step];
            std::vector<std::vector<double>> profits(16);
            for (int lane = 0; lane < 16; ++lane) {
                profits[lane] = random_profits(16, random, 0);
                for (int cell = 0; cell < 256; ++cell) {
                    if (bars[lane][cell] || lane >= used) profits[lane][cell] = kNone;
                    lanes.profit[cell][lane] = profits[lane][cell];
                }
            }
            lanes.solve(used);
            if (used == 16) lanes.solve_through();
            for (int lane = 0; lane < used; ++lane) {
                INFO("step " << step << ", lane " << lane);
                require_lane_bounds_graph(graph, lanes, profits[lane], lane, used == 16);
                if (step == 4 && lane >= 8) REQUIRE(lanes.best(lane) == kNone);
            }
        }
    }
}

// Box 4 has no brute force, but the bound must hold: never below the optimum, which the
// optimiser gives on puzzles with many clues (cross-checked with enumeration just below), under
// ring, random and negative weights.
TEST_CASE("target: the 16x16 placement bound is never below the optimum") {
    Rng random(1617);
    for (int i = 0; i < 12; ++i) {
        const Grid puzzle = random_puzzle(4, 120, 170, random);
        const Weights weights = i % 3 == 0   ? Weights::ring(4)
                                : i % 3 == 1 ? random_weights(4, 1, 20, random)
                                             : random_weights(4, -20, 20, random);
        const MeasuredTarget best = target_max_score_measured(puzzle, weights);
        const auto bound = target_placement_bound(puzzle, weights, 60);
        INFO(puzzle.to_line());
        REQUIRE(best.has_completion());
        REQUIRE(bound.has_value());
        REQUIRE(*bound >= double(*best.score) - 1e-6);
    }
    // The empty grid: a completion of 11,784 exists (the optimiser's first incumbent), and the
    // bound lies between it and the LP (11,892.7).
    const auto empty = target_placement_bound(Grid(4), Weights::ring(4), 60);
    REQUIRE(empty.has_value());
    REQUIRE(*empty >= 11784);
    REQUIRE(*empty < 11892);
}

// The placement bound's strikes (penalties from the best placement through each cell) at every
// node from the first round on, the digit-by-digit incumbent, and the settled root descent of
// sparse grids, against enumeration.
TEST_CASE("target: 16x16 puzzles with the placement bound at every node agree with enumeration", "[heavy]") {
    Rng random(1618);
    TargetTuning eager;
    eager.placement_after_nodes = 0;
    eager.placement_at_every_node = true;
    // The settled root of sparse grids, here on every grid whose root does not close.
    TargetTuning settled;
    settled.settle_root_free_cells = 0;
    int compared = 0, with_placement = 0, with_settling = 0;
    for (int i = 0; i < 20; ++i) {
        const Grid puzzle = random_puzzle(4, 105, 135, random);
        const Weights weights = i % 3 == 0   ? Weights::ring(4)
                                : i % 3 == 1 ? random_weights(4, 1, 20, random)
                                             : random_weights(4, -20, 20, random);
        const auto enumerated = target_by_enumeration(puzzle, weights, 200000);
        if (!enumerated) continue;
        const TargetTuning runs[] = {TargetTuning{}, eager, settled};
        std::uint64_t root_evaluations[3] = {};
        for (int run = 0; run < 3; ++run) {
            const MeasuredTarget optimised = target_max_score_measured(puzzle, weights, runs[run]);
            INFO(puzzle.to_line());
            REQUIRE(optimised.score == enumerated->score);
            REQUIRE(optimised.certificate->is_solution_of(puzzle));
            REQUIRE(target_score(*optimised.certificate, weights) == optimised.score);
            if (optimised.stats.placement_nodes > 0) ++with_placement;
            root_evaluations[run] = optimised.stats.root_evaluations;
        }
        if (root_evaluations[2] > root_evaluations[0]) ++with_settling;
        ++compared;
    }
    CHECK(compared >= 15);
    CHECK(with_placement >= 6);
    CHECK(with_settling >= 5);
}

// The digit-sum bound on its own (no pattern limit): never below the optimum, against enumeration
// on 4x4 grids (few clues, so the clue-free digits share their candidates) and against the
// optimiser on 16x16 grids with many clues, under ring, random and negative weights.
TEST_CASE("target: the digit-sum bound is never below the optimum") {
    Rng random(1619);
    for (int box : {2, 4}) {
        target_detail::PlacementGraph graph(box);
        for (int i = 0; i < (box == 2 ? 150 : 9); ++i) {
            const Grid puzzle = box == 2 ? random_puzzle(2, 0, 5, random) : random_puzzle(4, 140, 170, random);
            const Weights weights = i % 3 == 0   ? Weights::ring(box)
                                    : i % 3 == 1 ? random_weights(box, 1, 20, random)
                                                 : random_weights(box, -20, 20, random);
            const auto best = box == 2 ? target_by_enumeration(puzzle, weights, 1000000)
                                       : std::optional<MeasuredTarget>(target_max_score_measured(puzzle, weights));
            REQUIRE(best.has_value());
            INFO(puzzle.to_line());
            REQUIRE(best->has_completion());
            target_detail::Board board;
            REQUIRE(board.load(puzzle));
            std::vector<std::uint8_t> digit(puzzle.cell_count());
            for (int cell = 0; cell < puzzle.cell_count(); ++cell)
                digit[cell] = std::uint8_t(best->certificate->at(cell));
            // Aimed at the optimum itself: the steps stop once the bound floors to it.
            const auto bound = target_detail::digit_sum_bound(board, weights, digit, 300, 99);
            REQUIRE(bound.has_value());
            REQUIRE(*bound >= *best->score);
        }
    }
}

// The empty 16x16 grid with ring weights: the digit-sum bound proves the digit-by-digit
// completion (11,784) optimal at the root; it did not finish in 60 s before.
TEST_CASE("target: the empty 16x16 grid scores 11784 with a valid certificate", "[heavy]") {
    const Weights ring = Weights::ring(4);
    const MeasuredTarget result = target_max_score_measured(Grid(4), ring);
    REQUIRE(result.score == 11784);
    REQUIRE(result.certificate->is_solution_of(Grid(4)));
    REQUIRE(target_score(*result.certificate, ring) == 11784);
}

// Sparse grids whose trees the row bound's nodes were slow to close, from bench_target16's bands
// (seed 20091120, 10 per band): puzzle 3 of random 41-80 (41 clues, 215 free cells) took 14,200 nodes
// and 13 s when the nodes evaluated the placement bound at their parent's multipliers; puzzle 3 of
// random 81-120 (under 176 free cells) took 2,080 when only grids of 200 free cells or more
// took the placement bound at their nodes. Descending it at each node for up to 30 steps prunes
// most of them (634 and 152 nodes). Exactness is checked against enumeration above (the
// placement bound at every node).
TEST_CASE("target: sparse 16x16 grids close in few nodes that each descend the placement bound", "[heavy]") {
    const Weights ring = Weights::ring(4);
    const std::vector<Target16Band> bands = target16_bands(20091120, 10);
    const struct {
        int band, index;
        std::uint64_t most_nodes;
    } cases[] = {{2, 3, 2000}, {3, 3, 1000}};
    for (const auto& c : cases) {
        const Grid& puzzle = bands[c.band].puzzles[c.index];
        INFO(bands[c.band].name << " #" << c.index << ": " << puzzle.to_line());
        const MeasuredTarget result = target_max_score_measured(puzzle, ring);
        REQUIRE(result.certificate);
        REQUIRE(result.certificate->is_solution_of(puzzle));
        REQUIRE(target_score(*result.certificate, ring) == result.score);
        CHECK(result.stats.placement_nodes > 10);
        CHECK(result.stats.nodes < c.most_nodes);
    }
}

// The digit-sum bound runs on grids whose digits have at most three candidate patterns: the
// clues are of two digits or fewer. Puzzle 0 of seed 99's random 1-40 clue band (two clues, 8 and 9)
// took 328 nodes when only two patterns were allowed; the sums prove its first incumbent optimal.
TEST_CASE("target: a 16x16 grid with clues of two digits is proven at the root by the digit sums", "[heavy]") {
    const Weights ring = Weights::ring(4);
    const std::vector<Target16Band> bands = target16_bands(99, 1);
    const Grid& puzzle = bands[1].puzzles[0];
    INFO(bands[1].name << " #0: " << puzzle.to_line());
    DigitMask clue_digits = 0;
    for (int cell = 0; cell < puzzle.cell_count(); ++cell)
        if (puzzle.at(cell)) clue_digits |= digit_bit(puzzle.at(cell));
    REQUIRE(digit_count(clue_digits) == 2);
    const MeasuredTarget result = target_max_score_measured(puzzle, ring);
    REQUIRE(result.certificate);
    REQUIRE(result.certificate->is_solution_of(puzzle));
    REQUIRE(target_score(*result.certificate, ring) == result.score);
    CHECK(result.stats.nodes == 0);
}
