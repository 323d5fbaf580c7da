// Counting past two without statistics goes by independent parts (solver9/component_count.hpp):
// its counts, capped flags and first solutions must be the pinned enumeration's, on every kernel
// this CPU runs. The pinned enumeration (count_solutions with SearchStats) visits every solution
// one by one and shares no code with the part counter, so it is the oracle.
#include <catch2/catch.hpp>

#include "solver9/kernel.hpp"
#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/solve.hpp"
#include "support/datasets.hpp"

using sudoku::Grid;
using sudoku::Isa;

namespace {
std::vector<Isa> kernels_here() {
    std::vector<Isa> here;
    for (Isa k : {Isa::portable, Isa::avx2, Isa::avx512})
        if (sudoku::isa_supported(k)) here.push_back(k);
    return here;
}

void check_parts_count_as_pinned(const std::vector<Grid>& puzzles, std::uint64_t limit) {
    for (Isa kernel : kernels_here())
        for (const Grid& p : puzzles) {
            INFO(to_string(kernel) << " limit " << limit << " on " << p.to_line());
            sudoku::SearchStats stats;
            const auto pinned = sudoku::count_solutions(kernel, p, limit, stats);
            const auto parts = sudoku::count_solutions(kernel, p, limit);
            REQUIRE(parts.count == pinned.count);
            REQUIRE(parts.capped == pinned.capped);
            REQUIRE(parts.first == pinned.first);
        }
}

// A solved grid with the four cells of k rectangles emptied, each rectangle two rows of one band
// and two columns of one stack whose digits swap: k independent parts of two completions each.
Grid with_swappable_rectangles(const Grid& solved, int k) {
    Grid g = solved;
    int found = 0;
    for (int r1 = 0; r1 < 9 && found < k; ++r1)
        for (int r2 = r1 + 1; r2 < r1 / 3 * 3 + 3 && found < k; ++r2)
            for (int c1 = 0; c1 < 9 && found < k; ++c1)
                for (int c2 = c1 + 1; c2 < 9 && found < k; ++c2) {
                    const int a = r1 * 9 + c1, b = r1 * 9 + c2, c = r2 * 9 + c1, d = r2 * 9 + c2;
                    if (c1 / 3 == c2 / 3) continue;  // the rectangle spans two boxes of one band
                    if (solved.at(a) != solved.at(d) || solved.at(b) != solved.at(c)) continue;
                    if (!g.at(a) || !g.at(b) || !g.at(c) || !g.at(d)) continue;
                    bool touches = false;  // no unit shared with an emptied cell: the parts stay apart
                    for (int cell : {a, b, c, d})
                        for (int other = 0; other < 81; ++other)
                            if (!g.at(other) && (other / 9 == cell / 9 || other % 9 == cell % 9 ||
                                                 (other / 27 == cell / 27 && other % 9 / 3 == cell % 9 / 3)))
                                touches = true;
                    if (touches) continue;
                    for (int cell : {a, b, c, d}) g.set(cell, 0);
                    ++found;
                }
    return g;
}
}  // namespace

TEST_CASE("counting past two: the part counter gives the pinned enumeration's counts on every dataset") {
    for (auto name : {"puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt", "puzzles5_forum_hardest_1905_11+.txt",
                      "puzzles6_forum_hardest_1106.txt", "puzzles7_serg_benchmark.txt"}) {
        INFO(name);
        check_parts_count_as_pinned(sudoku::testing::load_dataset(name, 300), 1000);
    }
}

TEST_CASE("counting past two: sparse grids counted exactly and capped where the pinned count caps") {
    for (int clues : {0, 8, 16, 20, 24, 28, 32})
        for (std::uint64_t limit : {3ull, 1000ull, 100000ull}) {
            INFO(clues << " clues");
            check_parts_count_as_pinned(sudoku::testing::random_sparse_grids(clues < 20 ? 3 : 12, clues, 100 + clues),
                                        limit);
        }
}

TEST_CASE("counting past two: grids with no completion count 0 with no first solution") {
    std::vector<Grid> dead;
    for (Grid g : sudoku::testing::random_sparse_grids(40, 30, 7)) {
        // A clue changed to another digit its peers lack: legal at once, usually without a completion.
        for (int cell = 0; cell < 81; ++cell)
            if (g.at(cell)) {
                g.set(cell, g.at(cell) % 9 + 1);
                if (!g.has_conflict()) break;
                g.set(cell, (g.at(cell) + 7) % 9 + 1);
            }
        if (!g.has_conflict()) dead.push_back(g);
    }
    check_parts_count_as_pinned(dead, 1000);
    int none = 0;
    for (const Grid& g : dead) none += sudoku::count_solutions(g, 1000).count == 0;
    CHECK(none > 0);
}

TEST_CASE("counting past two: independent rectangles multiply, exactly and under a cap") {
    int multiplied = 0;
    for (const Grid& puzzle : sudoku::testing::load_dataset("puzzles7_serg_benchmark.txt", 300)) {
        const Grid solved = *sudoku::solve(puzzle);
        for (int k : {1, 3, 6, 10}) {
            const Grid g = with_swappable_rectangles(solved, k);
            const int empty = 81 - g.clue_count();
            if (empty != 4 * k) continue;  // this grid has fewer such rectangles
            INFO(g.to_line());
            multiplied += k >= 3;
            const std::uint64_t expected = std::uint64_t{1} << k;
            CHECK(sudoku::count_solutions(g, 1u << 20).count == expected);
            CHECK(sudoku::count_solutions(g, 0).count == expected);  // no limit: no cap to overflow near
            const auto capped = sudoku::count_solutions(g, expected - 1);
            CHECK(capped.count == expected - 1);
            CHECK(capped.capped);
            check_parts_count_as_pinned({g}, expected + 1);
        }
    }
    CHECK(multiplied >= 10);
}

TEST_CASE("counting past two: the empty grid is counted to its cap") {
    const auto counted = sudoku::count_solutions(Grid(3), 1000000);
    CHECK(counted.count == 1000000);
    CHECK(counted.capped);
    sudoku::SearchStats stats;
    CHECK(counted.first == sudoku::count_solutions(Grid(3), 1, stats).first);
}

namespace {
// Solved grids with `empty` cells emptied at random, and the same with one more clue changed to
// a digit its peers lack: a handful of open cells, where the part counter splits them into
// parts and counts a part whose cells all hold the same two digits without branching.
std::vector<Grid> near_solved(int how_many, int empty, std::uint64_t seed) {
    sudoku::Rng rng(seed);
    std::vector<Grid> grids;
    for (const Grid& puzzle : sudoku::testing::load_dataset("puzzles7_serg_benchmark.txt", how_many)) {
        Grid g = *sudoku::solve(puzzle);
        std::vector<int> cells(81);
        for (int i = 0; i < 81; ++i) cells[i] = i;
        rng.shuffle(cells);
        for (int i = 0; i < empty; ++i) g.set(cells[i], 0);
        grids.push_back(g);
        const int changed = cells[empty];
        for (int digit = 1; digit <= 9; ++digit) {
            g.set(changed, digit);
            if (!g.has_conflict() && digit != grids.back().at(changed)) break;
            g.set(changed, grids.back().at(changed));
        }
        if (g != grids.back()) grids.push_back(g);
    }
    return grids;
}
}  // namespace

TEST_CASE("counting past two: near-solved grids, where parts of one pair of digits are counted whole") {
    for (int empty : {8, 16, 24, 32}) {
        INFO(empty << " cells emptied");
        check_parts_count_as_pinned(near_solved(150, empty, 500 + empty), 1000);
    }
}

TEST_CASE("counting past two: a part of one pair of digits whose links close an odd cycle counts 0") {
    // Hard puzzles on whose dead branches the part counter meets such parts (found by counting
    // them inside it; a rule giving every such part 2 completions counts these wrong).
    const std::vector<Grid> puzzles = {
        sudoku::testing::grid_from_line(
            "98.7..6..75..4......3..8.7.5....7.9..3.2..7......1...6.9...3.5....4....2......1.."),
        sudoku::testing::grid_from_line(
            "98.7.....6...5......4..93..7......4...2..4..3...5...2..6....2.1..9..1.3....8....9"),
        sudoku::testing::grid_from_line(
            "98.7.....6...5......4..83..7......4...2..4..3...5...2..6......1..8..1.3.....9.4.8"),
        sudoku::testing::grid_from_line(
            "98.76.54.7..5..8....6......4..9..3...2...5..4.......1.3...97..8...8.........537.."),
        sudoku::testing::grid_from_line(
            ".234.......6.8....7....35....4....7....8...9.9....7..53....1.5....2....3.6....9.1"),
        sudoku::testing::grid_from_line(
            "........94....9.2..8.1..5.......56..3..6......6..18..5..2....47.3.5..8......7...."),
    };
    check_parts_count_as_pinned(puzzles, 1000);
}
