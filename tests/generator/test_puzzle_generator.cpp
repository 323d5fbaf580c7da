#include <catch2/catch.hpp>

#include "../support/datasets.hpp"
#include "sudoku/generator/difficulty.hpp"
#include "sudoku/generator/puzzle_generator.hpp"
#include "sudoku/solver/dlx.hpp"
#include "sudoku/solver/solved_grid.hpp"

using namespace sudoku;

namespace {

PuzzleRequest request(int min, int max, PuzzleKind kind, Symmetry symmetry = Symmetry::none, int box = 3) {
    PuzzleRequest r;
    r.box = box;
    r.min_clues = min;
    r.max_clues = max;
    r.kind = kind;
    r.symmetry = symmetry;
    return r;
}

GeneratedPuzzle make(const PuzzleRequest& r, std::uint64_t seed) {
    Rng rng(seed);
    auto made = generate_puzzle(r, rng);
    INFO((std::holds_alternative<std::string>(made) ? std::get<std::string>(made) : ""));
    REQUIRE(std::holds_alternative<GeneratedPuzzle>(made));
    return std::get<GeneratedPuzzle>(made);
}

// The symmetry maps written out again here, independently of symmetry.cpp's orbits.
int mirror_image(Symmetry s, int n, int r, int c) {
    switch (s) {
        case Symmetry::rot180:
            return (n - 1 - r) * n + (n - 1 - c);
        case Symmetry::rot90:
            return c * n + (n - 1 - r);
        case Symmetry::mirror:
            return r * n + (n - 1 - c);
        case Symmetry::diagonal:
            return c * n + r;
        default:
            return r * n + c;
    }
}

}  // namespace

TEST_CASE("generator: random solved grids are solved, differ by seed, repeat by seed") {
    for (int box : {2, 3, 4}) {
        Rng a(1), b(1), c(2);
        const Grid g = random_solved_grid(box, a);
        CHECK(g.is_solved());
        CHECK(g == random_solved_grid(box, b));
        CHECK(!(g == random_solved_grid(box, c)));
    }
}

TEST_CASE("generator: unique puzzles have exactly one solution, counted by dancing links") {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const auto made = make(request(24, 32, PuzzleKind::unique), seed);
        CHECK(made.puzzle.clue_count() >= 24);
        CHECK(made.puzzle.clue_count() <= 32);
        const DlxCount count = dlx_count(made.puzzle, 2);
        CHECK(count.count == 1);
        CHECK(*count.first == made.solution);
        CHECK(made.solution.is_solution_of(made.puzzle));
    }
}

TEST_CASE("generator: the same request and seed give the same puzzle") {
    for (auto kind : {PuzzleKind::unique, PuzzleKind::solvable, PuzzleKind::unsolvable}) {
        const auto r = request(24, 30, kind, Symmetry::rot180);
        CHECK(make(r, 77).puzzle == make(r, 77).puzzle);
        CHECK(!(make(r, 77).puzzle == make(r, 78).puzzle));
    }
}

TEST_CASE("generator: few-clue unique puzzles (21 and 20 clues) by neighbourhood search") {
    for (int clues : {21, 20}) {
        auto r = request(clues, clues, PuzzleKind::unique);
        const auto made = make(r, 5);
        CHECK(made.puzzle.clue_count() == clues);
        CHECK(dlx_count(made.puzzle, 2).count == 1);
    }
}

TEST_CASE("generator: solvable puzzles keep their solution and respect max_solutions") {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        auto r = request(24, 26, PuzzleKind::solvable);
        r.max_solutions = 50;
        const auto made = make(r, seed);
        CHECK(made.solution.is_solution_of(made.puzzle));
        const DlxCount count = dlx_count(made.puzzle, 51);
        CHECK(count.count >= 1);
        CHECK(count.count <= 50);
    }
}

TEST_CASE("generator: unsolvable puzzles have no completion and no repeated digit") {
    for (std::uint64_t seed = 1; seed <= 15; ++seed) {
        const auto made = make(request(24, 30, PuzzleKind::unsolvable), seed);
        CHECK(!made.puzzle.has_conflict());
        CHECK(dlx_count(made.puzzle, 1).count == 0);
        CHECK(made.puzzle.clue_count() >= 24);
        CHECK(made.puzzle.clue_count() <= 30);
    }
}

TEST_CASE("generator: every symmetry is kept by the clue pattern") {
    for (Symmetry s : {Symmetry::rot180, Symmetry::rot90, Symmetry::mirror, Symmetry::diagonal}) {
        for (auto kind : {PuzzleKind::unique, PuzzleKind::solvable}) {
            const auto made = make(request(22, 36, kind, s), 11);
            const Grid& p = made.puzzle;
            for (int r = 0; r < 9; ++r)
                for (int c = 0; c < 9; ++c) CHECK((p.at(r, c) != 0) == (p.at(mirror_image(s, 9, r, c)) != 0));
            CHECK(has_symmetric_pattern(p, s));
            if (kind == PuzzleKind::unique) CHECK(dlx_count(p, 2).count == 1);
        }
    }
}

TEST_CASE("generator: 16x16 unique puzzles") {
    const auto made = make(request(110, 130, PuzzleKind::unique, Symmetry::rot180, 4), 3);
    CHECK(made.puzzle.side() == 16);
    CHECK(made.puzzle.clue_count() >= 110);
    CHECK(made.puzzle.clue_count() <= 130);
    CHECK(dlx_count(made.puzzle, 2).count == 1);
}

TEST_CASE("generator: impossible requests are refused with a reason") {
    CHECK(impossible_request(request(16, 16, PuzzleKind::unique)).value().find("17") != std::string::npos);
    CHECK(impossible_request(request(81, 81, PuzzleKind::unsolvable)).has_value());
    CHECK(impossible_request(request(30, 20, PuzzleKind::solvable)).value().find("MIN > MAX") != std::string::npos);
    CHECK(impossible_request(request(0, 82, PuzzleKind::solvable)).has_value());
    CHECK(!impossible_request(request(17, 17, PuzzleKind::unique)).has_value());
    Rng rng(1);
    CHECK(std::holds_alternative<std::string>(generate_puzzle(request(16, 16, PuzzleKind::unique), rng)));
}

TEST_CASE("generator: a minimal request is unique, without symmetry, and every clue is needed") {
    PuzzleRequest request;
    request.minimal = true;
    request.min_clues = 20, request.max_clues = 30;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        Rng rng(seed);
        auto made = generate_puzzle(request, rng);
        REQUIRE(std::holds_alternative<GeneratedPuzzle>(made));
        const Grid& puzzle = std::get<GeneratedPuzzle>(made).puzzle;
        CHECK(dlx_count(puzzle, 2).count == 1);
        for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
            if (!puzzle.at(cell)) continue;
            Grid fewer = puzzle;
            fewer.set(cell, 0);
            CHECK(dlx_count(fewer, 2).count == 2);
        }
    }
    PuzzleRequest solvable = request;
    solvable.kind = PuzzleKind::solvable;
    CHECK(impossible_request(solvable).value_or("").find("minimal") != std::string::npos);
    PuzzleRequest symmetric = request;
    symmetric.symmetry = Symmetry::rot180;
    CHECK(impossible_request(symmetric).value_or("").find("symmetry") != std::string::npos);
}

TEST_CASE("generator: a request beyond the attempt budget says so instead of hanging") {
    auto r = request(17, 17, PuzzleKind::unique);
    r.max_attempts = 2;
    r.search_steps = 50;
    Rng rng(1);
    auto made = generate_puzzle(r, rng);
    REQUIRE(std::holds_alternative<std::string>(made));
    CHECK(std::get<std::string>(made).find("2 attempts") != std::string::npos);
}

TEST_CASE("difficulty: a grid missing a few cells needs singles only") {
    Rng rng(4);
    Grid g = random_solved_grid(3, rng);
    for (int cell : {0, 10, 20, 30, 40, 50}) g.set(cell, 0);
    CHECK(techniques_needed(g) == Technique::singles);
    CHECK(rate_difficulty(g).guesses == 0);
}

TEST_CASE("difficulty: the forum's hardest puzzles need more than pairs and locked candidates") {
    const auto hardest = sudoku::testing::load_dataset("puzzles6_forum_hardest_1106.txt", 20);
    REQUIRE(!hardest.empty());
    for (const Grid& p : hardest) CHECK(techniques_needed(p) == Technique::beyond);
    std::uint64_t guesses = 0;
    for (const Grid& p : hardest) guesses += rate_difficulty(p).guesses;
    CHECK(guesses > 0);
}

TEST_CASE("difficulty: locked candidates and pairs solve some puzzles singles cannot") {
    // Over a sample of generated puzzles all three levels occur, and the levels are monotone:
    // a puzzle solved by singles is solved by the richer level too.
    int counts[3] = {0, 0, 0};
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const auto made = make(request(22, 26, PuzzleKind::unique), seed);
        ++counts[static_cast<int>(techniques_needed(made.puzzle))];
    }
    CHECK(counts[0] > 0);
    CHECK(counts[1] > 0);
    CHECK(counts[2] > 0);
}

TEST_CASE("generator: most unsolvable puzzles hide their contradiction from singles") {
    int hidden = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed)
        hidden += !singles_refute(make(request(24, 30, PuzzleKind::unsolvable), seed).puzzle);
    CHECK(hidden >= 15);
}

TEST_CASE("difficulty: singles expose a digit with no place left in a unit") {
    Rng rng(8);
    Grid g = random_solved_grid(3, rng);
    // Blank row 0, then put row 0's digit of cell 0 into cell 1: the solution's digit for cell 1
    // now has no place to go once singles fill the rest... or a cell runs dry. Either way, broken.
    const int d0 = g.at(0, 0);
    for (int c = 0; c < 9; ++c) g.set(0, c, 0);
    g.set(0, 1, d0);
    CHECK(singles_refute(g));
    CHECK(!singles_refute(random_solved_grid(3, rng)));
}

TEST_CASE("generator: a request past its time budget gives up and says so") {
    auto r = request(17, 17, PuzzleKind::unique);
    r.time_budget_s = 0.2;
    Rng rng(1);
    auto made = generate_puzzle(r, rng);
    REQUIRE(std::holds_alternative<std::string>(made));
    CHECK(std::get<std::string>(made).find("time budget") != std::string::npos);
}
