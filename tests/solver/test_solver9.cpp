#include <catch2/catch.hpp>
#include <fstream>

#include "sudoku/solver/dlx.hpp"
#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/solve.hpp"
#include "support/datasets.hpp"

using sudoku::Grid;

namespace {
void check_unique_and_valid(const std::vector<Grid>& puzzles) {
    for (const Grid& p : puzzles) {
        auto result = sudoku::count_solutions(p, 2);
        INFO(p.to_line());
        REQUIRE(result.first);
        CHECK(result.first->is_solution_of(p));
        CHECK(result.count == 1);
        CHECK_FALSE(result.capped);
    }
}
}  // namespace

TEST_CASE("solve: every puzzle of the 1106 hardest has one valid solution") {
    auto puzzles = sudoku::testing::load_dataset("puzzles6_forum_hardest_1106.txt");
    REQUIRE(puzzles.size() == 375);
    check_unique_and_valid(puzzles);
}

TEST_CASE("solve: a sample of every unique-solution dataset has one valid solution") {
    for (auto name :
         {"puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt", "puzzles5_forum_hardest_1905_11+.txt"}) {
        INFO(name);
        auto puzzles = sudoku::testing::load_dataset(name, 1500);
        REQUIRE(puzzles.size() >= 1465);
        check_unique_and_valid(puzzles);
    }
}

TEST_CASE("count: the bitboard solver agrees with dancing links on the serg multi-solution set") {
    auto puzzles = sudoku::testing::load_dataset("puzzles7_serg_benchmark.txt", 1000);
    REQUIRE(puzzles.size() == 1000);
    int multi = 0;
    for (const Grid& p : puzzles) {
        auto ours = sudoku::count_solutions(p, 1000);
        auto dlx = sudoku::dlx_count(p, 1000);
        INFO(p.to_line());
        CHECK(ours.count == dlx.count);
        CHECK(ours.capped == dlx.capped);
        if (ours.first) CHECK(ours.first->is_solution_of(p));
        multi += ours.count > 1;
    }
    CHECK(multi > 100);  // the set really exercises counting
}

TEST_CASE("count: exact counts in the thousands agree with dancing links") {
    auto puzzles = sudoku::testing::load_dataset("puzzles2_17_clue.txt", 40);
    sudoku::Rng rng(7);
    int checked = 0, thousands = 0;
    for (const Grid& full_puzzle : puzzles) {
        // Remove clues from a unique puzzle until it has between 1,000 and 100,000 completions.
        Grid p = full_puzzle;
        std::vector<int> clues;
        for (int c = 0; c < 81; ++c)
            if (p.at(c)) clues.push_back(c);
        rng.shuffle(clues);
        for (int c : clues) {
            p.set(c, 0);
            if (sudoku::dlx_count(p, 1000).capped) break;
        }
        auto dlx = sudoku::dlx_count(p, 100000);
        if (dlx.capped) continue;
        auto ours = sudoku::count_solutions(p, 0);
        CHECK(ours.count == dlx.count);
        CHECK_FALSE(ours.capped);
        ++checked;
        thousands += dlx.count >= 1000;
    }
    CHECK(checked >= 20);
    CHECK(thousands >= 10);
}

TEST_CASE("count: a repeated clue and a hidden contradiction both give zero") {
    Grid repeated(3);
    repeated.set(4, 4, 7);
    repeated.set(4, 5, 7);
    CHECK(sudoku::count_solutions(repeated, 2).count == 0);
    CHECK(sudoku::dlx_count(repeated, 2).count == 0);

    // No digit repeats, yet cell (0,0) sees 1..8 in its row and 9 in its column: no completion.
    Grid blocked(3);
    for (int c = 1; c <= 8; ++c) blocked.set(0, c, c);
    blocked.set(5, 0, 9);
    CHECK_FALSE(blocked.has_conflict());
    CHECK(sudoku::count_solutions(blocked, 2).count == 0);
    CHECK(sudoku::dlx_count(blocked, 2).count == 0);
}

// The bitboard's start reads the clues a unit at a time; the grid's own check is the oracle.
TEST_CASE("count: two equal clues clash exactly when they share a unit, wherever they stand") {
    int clashes = 0;
    for (int a = 0; a < 81; ++a)
        for (int b = a + 1; b < 81; ++b)
            for (int d = 1; d <= 9; ++d) {
                Grid g(3);
                g.set(a, d);
                g.set(b, d);
                INFO(g.to_line());
                const bool clash = g.has_conflict();
                clashes += clash;
                REQUIRE(sudoku::count_solutions(g, 1).count == (clash ? 0 : 1));
            }
    CHECK(clashes == 81 * 20 / 2 * 9);
}

// count_completions keeps no first solution, so on 9x9 it never runs the pinned search again for
// one; the pinned search with statistics is the oracle, dancing links the second one.
TEST_CASE("count: count_completions gives the pinned count on every dataset, sparse grids and dead grids") {
    auto check = [](const std::vector<Grid>& grids, std::uint64_t limit) {
        for (const Grid& g : grids) {
            INFO(g.to_line() << " limit " << limit);
            sudoku::SearchStats stats;
            REQUIRE(sudoku::count_completions(g, limit) == sudoku::count_solutions(g, limit, stats).count);
        }
    };
    for (auto name : {"puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt", "puzzles5_forum_hardest_1905_11+.txt",
                      "puzzles6_forum_hardest_1106.txt", "puzzles7_serg_benchmark.txt"})
        for (std::uint64_t limit : {1u, 2u}) check(sudoku::testing::load_dataset(name, 1000), limit);
    for (int clues : {0, 17, 22, 26, 30})
        for (std::uint64_t limit : {1u, 2u, 3u, 500u})
            check(sudoku::testing::random_sparse_grids(clues < 17 ? 2 : 40, clues, 300 + clues), limit);
    std::vector<Grid> dead;
    for (Grid g : sudoku::testing::load_dataset("puzzles5_forum_hardest_1905_11+.txt", 100)) {
        for (int cell = 0; cell < 81; ++cell)
            if (!g.at(cell)) {
                g.set(cell, 1 + cell % 9);  // legal or not, usually leaves no completion
                break;
            }
        dead.push_back(g);
    }
    check(dead, 2);
    int without = 0;
    for (const Grid& g : dead) {
        const std::uint64_t n = sudoku::count_completions(g, 2);
        CHECK(n == sudoku::dlx_count(g, 2).count);
        without += n == 0;
    }
    CHECK(without > 0);
}

// The count alone branches on its own cells where the root leaves many bivalue cells (serg's grids,
// 12.7 on average; solver9/count_alone.hpp): every serg grid and sparse grids with many completions,
// whose counts to 1 and 2 must be the pinned search's.
TEST_CASE("count: count_completions to 1 and 2 on grids with many bivalue cells gives the pinned count") {
    int several = 0;
    auto check = [&](const std::vector<Grid>& grids) {
        for (const Grid& g : grids)
            for (std::uint64_t limit : {1u, 2u}) {
                INFO(g.to_line() << " limit " << limit);
                sudoku::SearchStats stats;
                const std::uint64_t pinned = sudoku::count_solutions(g, limit, stats).count;
                REQUIRE(sudoku::count_completions(g, limit) == pinned);
                several += limit == 2 && pinned == 2;
            }
    };
    check(sudoku::testing::load_dataset("puzzles7_serg_benchmark.txt"));
    for (int clues : {24, 27, 30, 33}) check(sudoku::testing::random_sparse_grids(200, clues, 700 + clues));
    CHECK(several > 5000);
}

TEST_CASE("count: the general solver agrees with dancing links on 4x4 and 16x16") {
    CHECK(sudoku::dlx_count(Grid(2), 0).count == 288);
    Grid big(4);
    for (int c = 0; c < 16; ++c) big.set(0, c, c + 1);
    auto ours = sudoku::count_solutions(big, 50);
    auto dlx = sudoku::dlx_count(big, 50);
    CHECK(ours.count == 50);
    CHECK(dlx.count == 50);
    REQUIRE(ours.first);
    CHECK(ours.first->is_solution_of(big));
    REQUIRE(dlx.first);
    CHECK(dlx.first->is_solution_of(big));
}
