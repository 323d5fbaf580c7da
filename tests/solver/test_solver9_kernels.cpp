// Each 9x9 kernel this CPU runs gives the portable kernel's answers, to the search statistics:
// the same source compiled per instruction set must walk the same tree.
#include <catch2/catch.hpp>

#include "solver9/kernel.hpp"
#include "sudoku/solver/solve.hpp"
#include "support/datasets.hpp"

using sudoku::Grid;
using sudoku::Isa;

namespace {
struct Outcome {
    std::uint64_t count, guesses, nodes;
    std::optional<Grid> first;
    bool operator==(const Outcome&) const = default;
};

Outcome run(Isa kernel, const Grid& puzzle, std::uint64_t limit) {
    sudoku::SearchStats stats;
    auto r = sudoku::count_solutions(kernel, puzzle, limit, stats);
    return {r.count, stats.guesses, stats.nodes, r.first};
}

void check_wide_kernels_agree(const std::vector<Grid>& puzzles, std::uint64_t limit) {
    for (Isa kernel : {Isa::avx2, Isa::avx512}) {
        if (!sudoku::isa_supported(kernel)) {
            WARN("this CPU has no " << to_string(kernel) << ": kernel not checked");
            continue;
        }
        for (const Grid& p : puzzles) {
            INFO(to_string(kernel) << " on " << p.to_line());
            REQUIRE(run(kernel, p, limit) == run(Isa::portable, p, limit));
        }
    }
}
}  // namespace

TEST_CASE("solver9 kernels: avx2 and avx512 give the portable answers on every dataset") {
    for (auto name : {"puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt", "puzzles5_forum_hardest_1905_11+.txt",
                      "puzzles6_forum_hardest_1106.txt", "puzzles7_serg_benchmark.txt"}) {
        INFO(name);
        check_wide_kernels_agree(sudoku::testing::load_dataset(name, 3000), 2);
    }
}

TEST_CASE("solver9 kernels: avx2 and avx512 count and enumerate as the portable one on sparse grids") {
    check_wide_kernels_agree(sudoku::testing::random_sparse_grids(40, 22, 16), 100000);
    for (Isa kernel : {Isa::avx2, Isa::avx512}) {
        if (!sudoku::isa_supported(kernel)) continue;
        std::vector<Grid> wide, portable;
        auto collect = [](std::vector<Grid>& into) {
            return [&into](const Grid& g) {
                into.push_back(g);
                return into.size() < 500;
            };
        };
        sudoku::for_each_solution(kernel, Grid(3), collect(wide));
        sudoku::for_each_solution(Isa::portable, Grid(3), collect(portable));
        CHECK(wide == portable);
    }
}

TEST_CASE("solver9 kernels: names round-trip and the active kernel is one this CPU runs") {
    for (Isa k : {Isa::portable, Isa::avx2, Isa::avx512}) CHECK(sudoku::from_string<Isa>(to_string(k)) == k);
    CHECK_FALSE(sudoku::from_string<Isa>("sse9"));
    CHECK(sudoku::isa_supported(Isa::portable));
    CHECK(sudoku::isa_supported(sudoku::widest_isa()));
}

namespace {
// The counting search (count_solutions without statistics) against the pinned one: the same
// count, capped flag and first solution, with every kernel this CPU runs.
void check_counting_search_agrees(const std::vector<Grid>& puzzles, std::uint64_t limit) {
    for (Isa kernel : {Isa::portable, Isa::avx2, Isa::avx512}) {
        if (!sudoku::isa_supported(kernel)) continue;
        for (const Grid& p : puzzles) {
            INFO(to_string(kernel) << " on " << p.to_line() << " limit " << limit);
            sudoku::SearchStats stats;
            const auto pinned = sudoku::count_solutions(Isa::portable, p, limit, stats);
            const auto fast = sudoku::count_solutions(kernel, p, limit);
            REQUIRE(fast.count == pinned.count);
            REQUIRE(fast.capped == pinned.capped);
            REQUIRE(fast.first == pinned.first);
            // The counting search alone, whichever search count_solutions picked above: the
            // same count; the same solution when it is the only one; the portable one's tree.
            const auto alone = sudoku::count_by_counting_search(kernel, p, limit);
            REQUIRE(alone.count == pinned.count);
            REQUIRE(alone.capped == pinned.capped);
            if (pinned.count == 1) REQUIRE(alone.first == pinned.first);
            if (pinned.count > 1)
                REQUIRE(alone.first == sudoku::count_by_counting_search(Isa::portable, p, limit).first);
        }
    }
}

}  // namespace

TEST_CASE("solver9 counting search: every kernel counts to 2 as the pinned search on every dataset") {
    for (auto name : {"puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt", "puzzles5_forum_hardest_1905_11+.txt",
                      "puzzles6_forum_hardest_1106.txt", "puzzles7_serg_benchmark.txt"}) {
        INFO(name);
        check_counting_search_agrees(sudoku::testing::load_dataset(name, 2000), 2);
    }
}

TEST_CASE("solver9 counting search: grids with many solutions, no solution or a clash count as the pinned search",
          "[heavy]") {
    for (int clues : {17, 20, 24, 30}) {
        const auto grids = sudoku::testing::random_sparse_grids(30, clues, 100 + clues);
        for (std::uint64_t limit : {2u, 3u, 1000u, 20000u}) check_counting_search_agrees(grids, limit);
    }
    // Grids with no completion: a solved grid with two cells swapped and one of them blanked elsewhere.
    std::vector<Grid> broken;
    for (auto& p : sudoku::testing::load_dataset("puzzles5_forum_hardest_1905_11+.txt", 200)) {
        Grid q = p;
        for (int cell = 0; cell < 81; ++cell)
            if (!q.at(cell)) {
                q.set(cell, 1 + cell % 9);
                break;
            }
        broken.push_back(q);
    }
    check_counting_search_agrees(broken, 2);
    check_counting_search_agrees({Grid(3)}, 2);
    check_counting_search_agrees({Grid(3)}, 5000);
}
