// The target optimiser against the same model solved by COIN-OR CBC, on every benchmark family.
#include <catch2/catch.hpp>

#include <numeric>

#include "sudoku/target.hpp"
#include "sudoku/target_cases.hpp"
#include "sudoku/target_mip.hpp"

using namespace sudoku;

namespace {

void require_same_optimum(const Grid& puzzle, const Weights& weights) {
    const TargetResult ours = target_max_score(puzzle, weights);
    const TargetResult mip = target_by_mip(puzzle, weights);
    INFO(puzzle.to_line());
    REQUIRE(ours.score == mip.score);
    if (mip.score < 0) return;
    REQUIRE(mip.certificate->is_solution_of(puzzle));
    REQUIRE(ours.certificate->is_solution_of(puzzle));
    REQUIRE(target_score(*ours.certificate, weights) == ours.score);
}

}  // namespace

TEST_CASE("target mip: the empty grid scores 2906 under CBC too") {
    const TargetResult mip = target_by_mip(Grid(3), Weights::ring(3));
    REQUIRE(mip.score == 2906);
    REQUIRE(target_score(*mip.certificate, Weights::ring(3)) == 2906);
}

TEST_CASE("target mip: a repeated clue is infeasible for CBC too") {
    Grid puzzle(3);
    puzzle.set(4, 4, 3);
    puzzle.set(4, 8, 3);
    REQUIRE(target_by_mip(puzzle, Weights::ring(3)).score == -1);
}

TEST_CASE("target mip: agrees with the optimiser on every benchmark family") {
    // Few per family here (CBC takes 0.05-0.3 s each); bench_target runs 1,000 per family.
    CaseRandom random(1000);
    const Weights ring = Weights::ring(3);
    for (const TargetFamily& family : target_families()) {
        INFO(family.name);
        for (int i = 0; i < 6; ++i) require_same_optimum(make_target_case(family, random), ring);
    }
}

TEST_CASE("target mip: agrees with the optimiser on random weight matrices") {
    CaseRandom random(20);
    for (int i = 0; i < 3; ++i) {
        Weights weights;
        for (int cell = 0; cell < 81; ++cell) weights.w.push_back(random.between(1, 20));
        Grid puzzle = make_target_case(target_families()[1], random);
        require_same_optimum(puzzle, weights);
    }
}

TEST_CASE("target mip: a 16x16 ring-weight puzzle agrees with the optimiser") {
    CaseRandom random(4);
    std::vector<int> cells(256);
    std::iota(cells.begin(), cells.end(), 0);
    const Grid solved = random_solved_grid(4, random);
    const Grid puzzle = keep_random_clues(solved, cells, 120, random);
    require_same_optimum(puzzle, Weights::ring(4));
}
