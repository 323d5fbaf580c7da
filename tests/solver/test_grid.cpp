#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <vector>

#include "sudoku/solver/digit_mask.hpp"
#include "sudoku/solver/geometry.hpp"
#include "sudoku/solver/grid.hpp"
#include "sudoku/solver/solve.hpp"

using sudoku::Grid;

TEST_CASE("grid: a repeated clue is a conflict, not an error") {
    Grid g(3);
    g.set(0, 0, 5);
    g.set(0, 8, 5);
    CHECK(g.has_conflict());
    CHECK(sudoku::count_solutions(g, 2).count == 0);
}

TEST_CASE("grid: made from its cells, as cells() gives them, and another count of cells is refused") {
    Grid g(2);
    for (int cell = 0; cell < 16; ++cell) g.set(cell, cell % 5);
    const Grid copy(2, g.cells());
    CHECK(copy == g);
    CHECK(copy.at(3, 2) == 14 % 5);
    const std::vector<std::uint8_t> short_by_one(80, 1);
    CHECK_THROWS_AS(Grid(3, short_by_one), std::invalid_argument);
    CHECK_THROWS_AS(Grid(6, short_by_one), std::invalid_argument);
}

TEST_CASE("grid: units cover every cell three times") {
    for (int box = 2; box <= 5; ++box) {
        std::vector<int> seen(box * box * box * box, 0);
        for (const auto& unit : sudoku::units_of(box))
            for (int cell : unit) ++seen[cell];
        for (int count : seen) CHECK(count == 3);
    }
}

TEST_CASE("geometry: peers are the other cells sharing a unit, ascending, 3(n-1) - 2(b-1) of them") {
    for (int box = 2; box <= 5; ++box) {
        const auto& g = sudoku::GridGeometry::of(box);
        REQUIRE(g.peers.size() == std::size_t(g.cells));
        for (int cell = 0; cell < g.cells; ++cell) {
            const auto& peers = g.peers[cell];
            CHECK(int(peers.size()) == 3 * (g.side - 1) - 2 * (box - 1));
            CHECK(std::is_sorted(peers.begin(), peers.end()));
            for (int u : g.unit_of[cell]) {
                const auto& unit = g.units[u];
                CHECK(std::find(unit.begin(), unit.end(), cell) != unit.end());
                for (int other : unit)
                    if (other != cell) CHECK(std::binary_search(peers.begin(), peers.end(), other));
            }
        }
    }
    const std::vector<int> peers_of_10 = {0, 1, 2, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 28, 37, 46, 55, 64, 73};
    CHECK(sudoku::peers_of(3)[10] == peers_of_10);
    CHECK(sudoku::GridGeometry::of(3).unit_of[10] == std::array<int, 3>{1, 10, 18});
}

TEST_CASE("geometry: a box size outside 2..5 is refused") {
    CHECK_THROWS_AS(sudoku::GridGeometry::of(1), std::invalid_argument);
    CHECK_THROWS_AS(sudoku::GridGeometry::of(6), std::invalid_argument);
}

TEST_CASE("digit mask: bit d is digit d, for every size up to 25") {
    using namespace sudoku;
    const DigitMask mask = digit_bit(1) | digit_bit(4) | digit_bit(9);
    CHECK(mask == 0b10'0001'0010u);
    CHECK(lowest_digit(mask) == 1);
    CHECK(highest_digit(mask) == 9);
    CHECK(digit_count(mask) == 3);
    CHECK(all_digits(9) == 0b11'1111'1110u);
    CHECK(digit_count(all_digits(25)) == 25);
    CHECK(lowest_digit(all_digits(25)) == 1);
    CHECK(highest_digit(all_digits(25)) == 25);
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
