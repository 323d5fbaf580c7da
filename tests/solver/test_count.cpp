// Counting with a stated bound (sudoku/solver/count.hpp) against the plain count of solve.hpp.
#include <catch2/catch.hpp>

#include "sudoku/solver/count.hpp"
#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/solve.hpp"
#include "sudoku/solver/solved_grid.hpp"

using namespace sudoku;

namespace {

// A solved grid with two independent blank regions, each keeping a few clues at random: rows
// 0-2 x columns 0-5 and rows 3-8 x columns 6-8 share no row, column or box.
Grid two_part_puzzle(Rng& random) {
    Grid puzzle = random_solved_grid(3, random);
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) {
            const bool region = (r < 3 && c < 6) || (r >= 3 && c >= 6);
            if (region && random.between(0, 3) != 0) puzzle.set(r, c, 0);
        }
    return puzzle;
}

}  // namespace

TEST_CASE("count: an all-blank 9x9 grid is 'more than N' at the default cap, not a count that never ends") {
    const BoundedCount counted = count_up_to(Grid(3), kDefaultCountCap);
    CHECK(counted.above_cap);
    CHECK_FALSE(counted.only.has_value());
}

TEST_CASE("count: below the cap the count is exact, and a unique completion comes with it") {
    Rng random(11);
    const Grid solved = random_solved_grid(3, random);
    Grid puzzle = solved;
    for (int cell : {0, 1, 9, 10}) puzzle.set(cell, 0);  // a 2x2 of one box: 1 or 2 completions
    const BoundedCount counted = count_up_to(puzzle, 1000);
    CHECK(counted.count == count_solutions(puzzle, 0).count);
    CHECK_FALSE(counted.above_cap);
    CHECK(count_up_to(solved, 1).count == 1);
    CHECK(count_up_to(solved, 1).only == solved);
}

TEST_CASE("count: independent parts are counted as the product of their counts, equal to the plain count") {
    Rng random(2016);
    int products = 0;
    for (int i = 0; i < 40; ++i) {
        const Grid puzzle = two_part_puzzle(random);
        const BoundedCount counted = count_up_to(puzzle, kDefaultCountCap);
        INFO(puzzle.to_line());
        REQUIRE_FALSE(counted.above_cap);
        REQUIRE(counted.count == count_solutions(puzzle, 0).count);
        if (counted.count == 1) REQUIRE(counted.only->is_solution_of(puzzle));
        products += counted.count > 1;
    }
    CHECK(products >= 10);
}

TEST_CASE("count: a product above the cap is 'more than N' although every part is within it") {
    Rng random(7);
    int seen = 0;
    for (int i = 0; i < 200 && seen < 5; ++i) {
        const Grid puzzle = two_part_puzzle(random);
        const std::uint64_t total = count_solutions(puzzle, 0).count;
        Grid top = puzzle, right = puzzle;  // each part alone, the other filled in
        const Grid solution = *solve(puzzle);
        for (int cell = 0; cell < 81; ++cell) (cell / 9 < 3 ? right : top).set(cell, solution.at(cell));
        for (int cell = 27; cell < 81; ++cell)
            if (cell % 9 < 6) top.set(cell, solution.at(cell)), right.set(cell, solution.at(cell));
        const std::uint64_t a = count_solutions(top, 0).count, b = count_solutions(right, 0).count;
        if (a < 2 || b < 2) continue;
        REQUIRE(a * b == total);
        const std::uint64_t cap = std::max(a, b);  // each part within it, the product above
        CHECK(count_up_to(puzzle, cap).above_cap);
        CHECK_FALSE(count_up_to(puzzle, total).above_cap);
        CHECK(count_up_to(puzzle, total).count == total);
        ++seen;
    }
    CHECK(seen == 5);
}
