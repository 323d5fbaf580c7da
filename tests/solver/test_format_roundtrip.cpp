// Every format prints what it parses: parse(write(x)) == x, on real puzzles of every size.
#include <catch2/catch.hpp>

#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/problems.hpp"
#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/solve.hpp"

using sudoku::Format;
using sudoku::Grid;

namespace {

// Puzzles made from a solved grid by blanking random cells (a fixed seed: the test is reproducible).
std::vector<Grid> random_puzzles(int box, int count, unsigned seed) {
    sudoku::Rng rng(seed);
    Grid full = *sudoku::solve(Grid(box));
    std::vector<Grid> puzzles;
    for (int i = 0; i < count; ++i) {
        Grid puzzle = full;
        for (int cell = 0; cell < puzzle.cell_count(); ++cell)
            if (rng.below(2)) puzzle.set(cell, 0);
        puzzles.push_back(puzzle);
    }
    return puzzles;
}

}  // namespace

TEST_CASE("formats: every format reads back exactly what it writes") {
    for (Format format : sudoku::all_formats()) {
        INFO("format " << sudoku::format_name(format));
        const int count = format == Format::target ? 1 : 3;
        auto puzzles = random_puzzles(sudoku::format_box(format), count, 2009);
        puzzles.back().set(0, 0);  // a blank in the first cell, and a full grid too, round trip as well
        if (format != Format::target) puzzles.front() = *sudoku::solve(Grid(sudoku::format_box(format)));
        const std::string text = sudoku::write_puzzles(format, puzzles);
        auto parsed = sudoku::parse_puzzles(format, text, "round.in");
        if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&parsed)) FAIL(diagnostic->to_string() << "\n" << text);
        CHECK(std::get<std::vector<Grid>>(parsed) == puzzles);
    }
}

TEST_CASE("formats: names look up their format and back") {
    for (Format format : sudoku::all_formats()) CHECK(sudoku::format_by_name(sudoku::format_name(format)) == format);
    CHECK_FALSE(sudoku::format_by_name("poj9999"));
    CHECK(sudoku::format_box(Format::uva1309) == 4);
    CHECK(sudoku::format_box(Format::poj2676) == 3);
}

TEST_CASE(
    "formats: each is named after the problem that reads it, in the registry's order, and defaults by grid size") {
    CHECK(sudoku::format_names("|") == "target|poj2676|qmark|poj3074|uva1309|sudogob|line81");
    const auto& problems = sudoku::all_problems();
    REQUIRE(problems.size() == sudoku::all_formats().size());
    for (std::size_t i = 0; i < problems.size(); ++i) {
        CHECK(problems[i].input == sudoku::all_formats()[i]);
        CHECK(problems[i].name == sudoku::format_name(problems[i].input));
    }
    CHECK(sudoku::default_format(3) == Format::line81);
    CHECK(sudoku::default_format(4) == Format::uva1309);
}
