// Any text at all gives grids or a Diagnostic with a place: never an exception, never a crash.
#include <catch2/catch.hpp>

#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/problems.hpp"
#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/solve.hpp"

using sudoku::Format;
using sudoku::Grid;

namespace {

// A valid input of the format with one random edit: a byte replaced, inserted or deleted.
std::string mutated(const std::string& text, sudoku::Rng& rng) {
    static const std::string bytes = "0123456789.?-ABPQx \t\r\n#end\x01\xff";
    std::string s = text;
    std::size_t at = rng.below(s.size() + 1);
    char byte = bytes[rng.below(bytes.size())];
    switch (rng.below(3)) {
        case 0:
            if (at < s.size()) s[at] = byte;
            break;
        case 1:
            s.insert(s.begin() + at, byte);
            break;
        default:
            if (at < s.size()) s.erase(at, 1);
            break;
    }
    return s;
}

}  // namespace

TEST_CASE("formats: randomly damaged inputs parse or name a place, and never throw") {
    sudoku::Rng rng(74);
    for (Format format : sudoku::all_formats()) {
        const int box = sudoku::format_box(format);
        Grid puzzle = *sudoku::solve(Grid(box));
        for (int cell = 0; cell < puzzle.cell_count(); cell += 2) puzzle.set(cell, 0);
        const std::vector<Grid> puzzles(format == Format::target ? 1 : 2, puzzle);
        const std::string valid = sudoku::write_puzzles(format, puzzles);
        for (int trial = 0; trial < 300; ++trial) {
            const std::string text = mutated(valid, rng);
            INFO(sudoku::format_name(format) << " <<<" << text << ">>>");
            std::variant<std::vector<Grid>, sudoku::Diagnostic> parsed;
            REQUIRE_NOTHROW(parsed = sudoku::parse_puzzles(format, text, "fuzz.in"));
            if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&parsed)) {
                CHECK(diagnostic->file == "fuzz.in");
                CHECK(diagnostic->line >= 1);
                CHECK(diagnostic->column >= 1);
                CHECK_THAT(diagnostic->message, Catch::StartsWith("expected "));
            } else {
                for (const Grid& grid : std::get<std::vector<Grid>>(parsed)) CHECK(grid.box() == box);
            }
        }
    }
}

TEST_CASE("check: randomly damaged answers are accepted only when still valid") {
    sudoku::Rng rng(2676);
    for (const auto& problem : sudoku::all_problems()) {
        if (!problem.any_valid_solution) continue;
        const int box = sudoku::format_box(problem.input);
        Grid puzzle = *sudoku::solve(Grid(box));
        for (int cell = 0; cell < puzzle.cell_count(); cell += 3) puzzle.set(cell, 0);
        const std::vector<Grid> puzzles(2, puzzle);
        const std::string answer = std::get<std::string>(sudoku::answer(problem, puzzles));
        for (int trial = 0; trial < 300; ++trial) {
            const std::string output = mutated(answer, rng);
            INFO(problem.name << " <<<" << output << ">>>");
            std::optional<sudoku::Diagnostic> verdict;
            REQUIRE_NOTHROW(verdict = sudoku::check_output(problem, puzzles, output, "fuzz.out"));
            auto grids = sudoku::parse_solutions(problem, output, "fuzz.out");
            if (!verdict) {  // accepted: then it really is two valid completions
                REQUIRE(std::holds_alternative<std::vector<Grid>>(grids));
                const auto& solutions = std::get<std::vector<Grid>>(grids);
                REQUIRE(solutions.size() == 2);
                for (const Grid& grid : solutions) CHECK(grid.is_solution_of(puzzle));
            } else {
                CHECK(verdict->file == "fuzz.out");
                CHECK(verdict->line >= 1);
            }
        }
    }
}
