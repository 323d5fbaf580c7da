// The target optimiser's shared rounds (TargetTuning::threads): the long rounds of a 16x16 tree
// run on several threads that hand each other subtrees and share the incumbent. Also run under
// ThreadSanitizer (scripts/test-sanitizers).
#include <catch2/catch.hpp>

#include "sudoku/solver/target.hpp"
#include "support/target_cases.hpp"
#include "target/instrumented.hpp"

using namespace sudoku;
using namespace sudoku::testing;

// bench_target16's puzzles (seed 20091120, 10 per band) whose trees take the placement bound and
// run 100-500 nodes: the rounds the threads share.
TEST_CASE("target threads: 16x16 trees shared by two threads give the optimum of one") {
    const Weights ring = Weights::ring(4);
    const std::vector<Target16Band> bands = target16_bands(20091120, 10);
    const struct { int band, index; } cases[] = {{2, 9}, {3, 2}, {3, 3}, {3, 5}, {3, 6}};
    TargetTuning two;
    two.threads = 2;
    std::uint64_t shared = 0;
    for (const auto& c : cases) {
        const Grid& puzzle = bands[c.band].puzzles[c.index];
        INFO(bands[c.band].name << " #" << c.index << ": " << puzzle.to_line());
        const MeasuredTarget alone = target_max_score_measured(puzzle, ring);
        const MeasuredTarget both = target_max_score_measured(puzzle, ring, two);
        REQUIRE(alone.score);
        REQUIRE(both.score == alone.score);
        REQUIRE(both.certificate);
        REQUIRE(both.certificate->is_solution_of(puzzle));
        REQUIRE(target_score(*both.certificate, ring) == both.score);
        CHECK(alone.stats.shared_nodes == 0);
        CHECK(both.stats.shared_nodes <= both.stats.nodes);
        shared += both.stats.shared_nodes;
    }
    // The other thread starts hungry and gets the root's later children at once: it runs nodes
    // in every shared round that has them (several rounds here), however the threads are timed.
    CHECK(shared > 0);
}

// The neighbourhood searches run their own short trees inside a shared round; the answer and the
// certificate stay right on the grid whose optimum only they find (test_target_mip.cpp).
TEST_CASE("target threads: a 16x16 grid whose optimum the neighbourhoods find, on two threads") {
    const Weights ring = Weights::ring(4);
    const Grid puzzle = target16_bands(26, 10).at(2).puzzles.at(6);
    TargetTuning two;
    two.threads = 2;
    const MeasuredTarget result = target_max_score_measured(puzzle, ring, two);
    REQUIRE(result.certificate);
    REQUIRE(result.certificate->is_solution_of(puzzle));
    REQUIRE(target_score(*result.certificate, ring) == result.score);
    CHECK(result.score == target_max_score_measured(puzzle, ring).score);
}
