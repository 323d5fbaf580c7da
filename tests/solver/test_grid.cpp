#include <catch2/catch.hpp>

#include "sudoku/grid.hpp"
#include "sudoku/solve.hpp"

using sudoku::Grid;

TEST_CASE("grid: a repeated clue is a conflict, not an error") {
    Grid g(3);
    g.set(0, 0, 5);
    g.set(0, 8, 5);
    CHECK(g.has_conflict());
    CHECK(sudoku::count_solutions(g, 2).count == 0);
}

TEST_CASE("grid: units cover every cell three times") {
    for (int box = 2; box <= 5; ++box) {
        std::vector<int> seen(box * box * box * box, 0);
        for (const auto& unit : sudoku::units_of(box))
            for (int cell : unit) ++seen[cell];
        for (int count : seen) CHECK(count == 3);
    }
}

TEST_CASE("solve: the empty grid of every size has a solution") {
    for (int box = 2; box <= 5; ++box) {
        Grid empty(box);
        auto solution = sudoku::solve(empty);
        REQUIRE(solution);
        CHECK(solution->is_solution_of(empty));
    }
}

TEST_CASE("count: the empty 4x4 grid has exactly 288 completions") {
    auto result = sudoku::count_solutions(Grid(2), 0);
    CHECK(result.count == 288);
    CHECK_FALSE(result.capped);
}
