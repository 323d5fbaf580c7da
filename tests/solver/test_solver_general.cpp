// The general solver (16x16, 25x25, 4x4) against its pinned reference
// (tests/support/reference_general_solver.*, the solver before its fixed-size rewrite): the same
// completions in the same order with the same guesses and nodes, since the generator's output
// depends on that tree; and the faster counting search with a different tree, which must give
// the same counts and, through count_solutions, the same first solution.
#include <catch2/catch.hpp>
#include <vector>

#include "sudoku/solver/dlx.hpp"
#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/solve.hpp"
#include "sudoku/solver/solved_grid.hpp"
#include "support/reference_general_solver.hpp"

using namespace sudoku;

namespace {

// A solved grid with each cell blanked with probability `blank_percent`/100, and with `wrong`
// a wrong digit (one that repeats no clue of its units) put into a blank cell: from dense grids
// with one completion or none, to sparse ones with very many. (Only dense grids get a wrong
// digit: in a sparse one either search can take very long to refute it.)
Grid random_puzzle(int box, int blank_percent, bool wrong, Rng& random) {
    Grid puzzle = random_solved_grid(box, random);
    const Grid solution = puzzle;
    for (int cell = 0; cell < puzzle.cell_count(); ++cell)
        if (random.between(1, 100) <= blank_percent) puzzle.set(cell, 0);
    if (wrong) {
        for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
            if (puzzle.at(cell)) continue;
            for (int d = 1; d <= puzzle.side(); ++d) {
                if (d == solution.at(cell)) continue;
                puzzle.set(cell, d);
                if (!puzzle.has_conflict()) return puzzle;
                puzzle.set(cell, 0);
            }
        }
    }
    return puzzle;
}

std::vector<Grid> first_completions(const Grid& puzzle, std::size_t limit, bool reference) {
    std::vector<Grid> seen;
    auto visit = [&](const Grid& g) {
        seen.push_back(g);
        return seen.size() < limit;
    };
    SearchStats unused;
    if (reference)
        testing::reference_general_enumerate(puzzle, visit, unused);
    else
        for_each_solution(puzzle, visit);
    return seen;
}

struct Mix {
    int zero = 0, one = 0, many = 0;
};

// Runs `check` on puzzles of every density for one box size; returns how many of each kind met.
// Half-filled 25x25 grids are left out: there either search can take minutes to count to 100.
template <class Check>
Mix over_random_puzzles(int box, int puzzles, std::uint64_t seed, Check check) {
    const std::vector<int> blank =
        box == 5 ? std::vector<int>{3, 5, 8, 10, 12, 95, 97} : std::vector<int>{5, 10, 20, 30, 45, 60, 90};
    Rng random(seed);
    Mix mix;
    for (int i = 0; i < puzzles; ++i) {
        const int blank_percent = blank[i % 7];
        const Grid puzzle = random_puzzle(box, blank_percent, blank_percent <= 20 && i / 7 % 2 == 1, random);
        SearchStats stats;
        const std::uint64_t count = testing::reference_general_count(puzzle, 2, stats).count;
        (count == 0 ? mix.zero : count == 1 ? mix.one : mix.many)++;
        check(puzzle);
    }
    return mix;
}

void check_same_tree(const Grid& puzzle) {
    for (std::uint64_t limit : {1, 2, 100}) {
        SearchStats ours_stats, reference_stats;
        const SolutionCount ours = count_solutions(puzzle, limit, ours_stats);
        const SolutionCount reference = testing::reference_general_count(puzzle, limit, reference_stats);
        CHECK(ours.count == reference.count);
        CHECK(ours.capped == reference.capped);
        CHECK(ours.first == reference.first);
        CHECK(ours_stats.guesses == reference_stats.guesses);
        CHECK(ours_stats.nodes == reference_stats.nodes);
    }
    CHECK(first_completions(puzzle, 50, false) == first_completions(puzzle, 50, true));
}

void check_fast_count(const Grid& puzzle) {
    for (std::uint64_t limit : {1, 2, 3, 1000}) {
        SearchStats unused;
        const SolutionCount reference = testing::reference_general_count(puzzle, limit, unused);
        const SolutionCount fast = count_solutions(puzzle, limit);
        CHECK(fast.count == reference.count);
        CHECK(fast.capped == reference.capped);
        CHECK(fast.first == reference.first);
        CHECK(count_completions(puzzle, limit) == reference.count);
    }
}

}  // namespace

TEST_CASE("general solver: 16x16 grids with none, one and many completions walk the pinned tree") {
    const Mix mix = over_random_puzzles(4, 42, 16, check_same_tree);
    CHECK(mix.zero > 0);
    CHECK(mix.one > 0);
    CHECK(mix.many > 0);
}

TEST_CASE("general solver: 25x25 grids with none, one and many completions walk the pinned tree") {
    const Mix mix = over_random_puzzles(5, 21, 25, check_same_tree);
    CHECK(mix.zero > 0);
    CHECK(mix.one > 0);
    CHECK(mix.many > 0);
}

TEST_CASE("general solver: 4x4 grids, the empty one included, walk the pinned tree") {
    over_random_puzzles(2, 70, 4, check_same_tree);
    check_same_tree(Grid(2));
    CHECK(first_completions(Grid(2), 1000, false).size() == 288);
}

TEST_CASE("general solver: the faster count gives the pinned count and first solution on 16x16") {
    const Mix mix = over_random_puzzles(4, 42, 1616, check_fast_count);
    CHECK(mix.zero > 0);
    CHECK(mix.one > 0);
    CHECK(mix.many > 0);
}

TEST_CASE("general solver: the faster count gives the pinned count and first solution on 25x25", "[heavy]") {
    const Mix mix = over_random_puzzles(5, 21, 2525, check_fast_count);
    CHECK(mix.zero > 0);
    CHECK(mix.one > 0);
    CHECK(mix.many > 0);
}

TEST_CASE("general solver: the faster count agrees with dancing links on exact counts of 4x4 and 16x16") {
    CHECK(count_completions(Grid(2), 0) == 288);
    CHECK(count_solutions(Grid(2), 0).count == 288);
    Rng random(99);
    for (int i = 0; i < 20; ++i) {
        const Grid puzzle = random_puzzle(4, 70, false, random);
        CHECK(count_completions(puzzle, 500) == dlx_count(puzzle, 500).count);
        // Count to 2 takes stages of its own (search/general.cpp): on puzzle 6 a search that branched
        // on the busiest cell from the start had not found two completions in minutes.
        CHECK(count_completions(puzzle, 2) == dlx_count(puzzle, 2).count);
    }
}
