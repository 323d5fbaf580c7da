// Each problem's answer, computed by the exact solver from the bundled samples and small
// hand-made puzzles whose right answer follows from how they were made.
#include <catch2/catch.hpp>
#include <set>
#include <sstream>

#include "sudoku/solver/problems.hpp"
#include "sudoku/solver/solve.hpp"

using sudoku::Format;
using sudoku::Grid;

namespace {

const std::string samples_dir = std::string(SUDOKU_SOURCE_DIR) + "/examples/samples/";

sudoku::PuzzleFile sample(const std::string& name, Format format) {
    auto parsed = sudoku::read_puzzle_file(format, samples_dir + name);
    if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&parsed)) FAIL(diagnostic->to_string());
    return std::get<sudoku::PuzzleFile>(parsed);
}

std::string answer_text(const std::string& problem, const std::vector<Grid>& puzzles,
                        const sudoku::AnswerOptions& options = {}) {
    auto result = sudoku::answer(*sudoku::find_problem(problem), puzzles, options);
    if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&result)) FAIL(diagnostic->to_string());
    return std::get<std::string>(result);
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// The grid printed on lines [first, first + 9) in the target layout.
Grid grid_on_lines(const std::vector<std::string>& lines, std::size_t first) {
    std::string text;
    for (std::size_t i = first; i < first + 9 && i < lines.size(); ++i) text += lines[i] + "\n";
    auto parsed = sudoku::parse_puzzles(Format::target, text, "answer");
    if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&parsed)) FAIL(diagnostic->to_string());
    return std::get<std::vector<Grid>>(parsed).front();
}

// A solvable-looking grid with no solution: no clue repeats, yet row 1 needs a 9 in its last cell
// and column 9 already has one.
Grid no_solution_without_conflict() {
    Grid grid(3);
    for (int c = 0; c < 8; ++c) grid.set(0, c, c + 1);
    grid.set(4, 8, 9);
    return grid;
}

// A solved grid with four cells blanked that can be filled in exactly two ways: two rows of one
// band and two columns of different stacks where the two digits swap (a "deadly pattern").
Grid two_solutions() {
    Grid grid = *sudoku::solve(Grid(3));
    for (int r1 = 0; r1 < 9; ++r1)
        for (int r2 = r1 + 1; r2 < r1 / 3 * 3 + 3; ++r2)
            for (int c1 = 0; c1 < 9; ++c1)
                for (int c2 = (c1 / 3 + 1) * 3; c2 < 9; ++c2)
                    if (grid.at(r1, c1) == grid.at(r2, c2) && grid.at(r1, c2) == grid.at(r2, c1)) {
                        for (int cell : {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2}) grid.set(cell, 0);
                        return grid;
                    }
    FAIL("no deadly pattern in the solver's first grid");
    return grid;
}

}  // namespace

TEST_CASE("target: NOIP 2009 sample 1 scores 2829") {
    auto input = sample("target-1.in", Format::target);
    CHECK(answer_text("target", input.puzzles) == "2829\n");
}

TEST_CASE("target: NOIP 2009 sample 2 scores 2852") {
    auto input = sample("target-2.in", Format::target);
    CHECK(answer_text("target", input.puzzles) == "2852\n");
}

TEST_CASE("target: the certificate is a completion that reaches the printed score") {
    auto input = sample("target-1.in", Format::target);
    sudoku::AnswerOptions options;
    options.certificate = true;
    auto lines = lines_of(answer_text("target", input.puzzles, options));
    REQUIRE(lines.size() == 10);
    Grid certificate = grid_on_lines(lines, 1);
    CHECK(certificate.is_solution_of(input.puzzles[0]));
    CHECK(std::to_string(sudoku::target_score(certificate, sudoku::Weights::ring(3))) == lines[0]);
}

TEST_CASE("target: with every weight 1 every completion scores 405") {
    sudoku::AnswerOptions options;
    options.weights.w.assign(81, 1);
    CHECK(answer_text("target", sample("target-2.in", Format::target).puzzles, options) == "405\n");
}

TEST_CASE("target: a repeated clue has no solution and scores -1") {
    Grid grid = sample("target-1.in", Format::target).puzzles[0];
    grid.set(0, 1, 7);  // 7 is already at row 1 column 1
    CHECK(answer_text("target", {grid}) == "-1\n");
}

TEST_CASE("target: a solvable-looking grid with no completion scores -1") {
    Grid grid = no_solution_without_conflict();
    REQUIRE_FALSE(grid.has_conflict());
    CHECK(answer_text("target", {grid}) == "-1\n");
}

TEST_CASE("sudogob: a unique puzzle prints 1 and its solution") {
    auto input = sample("sudogob-1.in", Format::sudogob);
    REQUIRE(input.puzzles.size() == 3);
    auto lines = lines_of(answer_text("sudogob", {input.puzzles[0]}));
    REQUIRE(lines.size() == 10);
    CHECK(lines[0] == "1");
    CHECK(grid_on_lines(lines, 1).is_solution_of(input.puzzles[0]));
}

TEST_CASE("sudogob: a multi-solution puzzle prints its exact count, checked against enumeration") {
    const Grid puzzle = sample("sudogob-1.in", Format::sudogob).puzzles[1];
    std::set<std::vector<std::uint8_t>> distinct;
    sudoku::for_each_solution(puzzle, [&](const Grid& g) {
        CHECK(g.is_solution_of(puzzle));
        distinct.insert(g.cells());
        return true;
    });
    REQUIRE(distinct.size() > 1);
    CHECK(answer_text("sudogob", {puzzle}) == std::to_string(distinct.size()) + "\n");
}

TEST_CASE("sudogob: a deadly pattern has exactly two solutions and prints no grid") {
    CHECK(answer_text("sudogob", {two_solutions()}) == "2\n");
}

TEST_CASE("sudogob: a repeated clue prints 0") {
    auto input = sample("sudogob-1.in", Format::sudogob);
    REQUIRE(input.puzzles[2].has_conflict());
    CHECK(answer_text("sudogob", {input.puzzles[2]}) == "0\n");
    CHECK(answer_text("sudogob", {no_solution_without_conflict()}) == "0\n");
}

TEST_CASE("uva1309: a 16x16 puzzle is solved, and the printed grids are valid completions") {
    auto input = sample("uva1309-1.in", Format::uva1309);
    REQUIRE(input.puzzles.size() == 2);
    const auto& problem = *sudoku::find_problem("uva1309");
    auto grids = sudoku::parse_solutions(problem, answer_text("uva1309", input.puzzles), "answer");
    REQUIRE(std::holds_alternative<std::vector<Grid>>(grids));
    const auto& solutions = std::get<std::vector<Grid>>(grids);
    REQUIRE(solutions.size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        CHECK(solutions[i].box() == 4);
        CHECK(solutions[i].is_solution_of(input.puzzles[i]));
    }
}

TEST_CASE("problems: every grid-answer sample is answered with valid completions in the answer layout") {
    for (const auto& problem : sudoku::all_problems()) {
        if (!problem.any_valid_solution) continue;
        INFO(problem.name);
        auto input = sample(std::string(problem.name) + "-1.in", problem.input);
        auto grids = sudoku::parse_solutions(problem, answer_text(std::string(problem.name), input.puzzles), "out");
        REQUIRE(std::holds_alternative<std::vector<Grid>>(grids));
        const auto& solutions = std::get<std::vector<Grid>>(grids);
        REQUIRE(solutions.size() == input.puzzles.size());
        for (std::size_t i = 0; i < solutions.size(); ++i) CHECK(solutions[i].is_solution_of(input.puzzles[i]));
    }
}

TEST_CASE("problems: a grid-answer puzzle with no solution is bad input naming the puzzle and its line") {
    auto input = sample("poj2676-1.in", Format::poj2676);
    input.puzzles.push_back(no_solution_without_conflict());
    input.first_lines.push_back(11);
    auto result = sudoku::answer(*sudoku::find_problem("poj2676"), input);
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(result));
    CHECK(std::get<sudoku::Diagnostic>(result).to_string() ==
          samples_dir + "poj2676-1.in:11: puzzle 2 has no solution, but poj2676 promises solvable puzzles");
}

TEST_CASE("problems: the registry names every format once, with its kind of answer") {
    for (Format format : sudoku::all_formats()) {
        const auto& problem = sudoku::problem_of(format);
        CHECK(problem.name == sudoku::format_name(format));
        CHECK(sudoku::find_problem(problem.name) == &problem);
        CHECK(problem.any_valid_solution == (format != Format::target && format != Format::sudogob));
    }
    CHECK(sudoku::all_problems().size() == sudoku::all_formats().size());
    CHECK(sudoku::find_problem("nope") == nullptr);
}
