// Malformed input is a Diagnostic naming file, line and column; tolerated noise is not.
#include <catch2/catch.hpp>
#include <sstream>

#include "sudoku/solver/formats.hpp"

using sudoku::Format;
using sudoku::Grid;

namespace {

// Rows of the NOIP target sample 1, the base of the malformed variants below.
const char* const target_rows[9] = {"7 0 0 9 0 0 0 0 1", "1 0 0 0 0 5 9 0 0", "0 0 0 2 0 0 0 8 0",
                                    "0 0 5 0 2 0 0 0 3", "0 0 0 0 0 0 6 4 8", "4 1 3 0 0 0 0 0 0",
                                    "0 0 7 0 0 2 0 9 0", "2 0 1 0 6 0 8 0 4", "0 8 0 5 0 4 0 1 2"};
// POJ 2676's sample grid.
const char* const packed_rows[9] = {"103000509", "002109400", "000704000", "300502006", "060000050",
                                    "700803004", "000401000", "009205800", "804000107"};
const std::string line81 = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

// The first eight rows of the target sample, each ending in '\n', then `last_row` as given.
std::string target_with_last_row(const std::string& last_row) {
    std::string text;
    for (int r = 0; r < 8; ++r) text += std::string(target_rows[r]) + "\n";
    return text + last_row;
}

std::string packed_grid() {
    std::string text;
    for (const char* row : packed_rows) text += std::string(row) + "\n";
    return text;
}

sudoku::Diagnostic diagnostic_of(Format format, const std::string& text) {
    auto parsed = sudoku::parse_puzzles(format, text, "sudoku.in");
    if (auto* grids = std::get_if<std::vector<Grid>>(&parsed))
        FAIL("parsed " << grids->size() << " puzzles from a malformed input:\n" << text);
    return std::get<sudoku::Diagnostic>(parsed);
}

std::vector<Grid> grids_of(Format format, const std::string& text) {
    auto parsed = sudoku::parse_puzzles(format, text, "sudoku.in");
    if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&parsed)) FAIL(diagnostic->to_string());
    return std::get<std::vector<Grid>>(parsed);
}

}  // namespace

TEST_CASE("formats: a letter in a digit grid names its line and column") {
    CHECK(diagnostic_of(Format::target, target_with_last_row("0 8 0 5 0 4 0 1 x\n")).to_string() ==
          "sudoku.in:9:17: expected a digit 0-9, found 'x'");
    CHECK(diagnostic_of(Format::poj2676, "1\n1030005a9\n").to_string() ==
          "sudoku.in:2:8: expected a digit 0-9, found 'a'");
    CHECK(diagnostic_of(Format::uva1309, "ABCDEFGHIJKLMNOi\n").to_string() ==
          "sudoku.in:1:16: expected a letter A-P or '-', found 'i'");
}

TEST_CASE("formats: a short line says how many cells it has") {
    CHECK(diagnostic_of(Format::target, target_with_last_row("0 8 0 5 0 4 0 1\n")).to_string() ==
          "sudoku.in:9:16: expected a digit 0-9, found end of line (the line has 8 of 9 numbers)");
    CHECK(diagnostic_of(Format::poj2676, "1\n10300050\n").to_string() ==
          "sudoku.in:2:9: expected a digit 0-9, found end of line (the line has 8 of 9 cells)");
    CHECK(diagnostic_of(Format::line81, line81.substr(0, 80) + "\n").to_string() ==
          "sudoku.in:1:81: expected a digit 1-9, '.' or '0', found end of line (the line has 80 of 81 cells)");
}

TEST_CASE("formats: ten numbers on a line are one too many") {
    CHECK(diagnostic_of(Format::target, target_with_last_row("0 8 0 5 0 4 0 1 2 3\n")).to_string() ==
          "sudoku.in:9:19: expected end of line after 9 numbers, found '3'");
    CHECK(diagnostic_of(Format::poj3074, line81 + "5\nend\n").to_string() ==
          "sudoku.in:1:82: expected end of line after 81 cells, found '5'");
}

TEST_CASE("formats: a value of 10 is not a digit") {
    CHECK(diagnostic_of(Format::target, target_with_last_row("0 8 0 5 0 4 0 1 10\n")).to_string() ==
          "sudoku.in:9:17: expected a digit 0-9, found '10'");
    CHECK(diagnostic_of(Format::sudogob, "1\n" + target_with_last_row("0 8 0 5 0 4 0 1 -1\n")).to_string() ==
          "sudoku.in:10:17: expected a digit 0-9, found '-1'");
}

TEST_CASE("formats: poj3074 without its closing 'end' is cut short") {
    CHECK(diagnostic_of(Format::poj3074, line81 + "\n").to_string() ==
          "sudoku.in:2:1: expected another puzzle or a line 'end', found end of file");
    CHECK(diagnostic_of(Format::poj3074, line81 + "\nend\nmore\n").to_string() ==
          "sudoku.in:3:1: expected end of file after the line 'end', found 'more'");
    CHECK(diagnostic_of(Format::poj3074, "end\n").to_string() ==
          "sudoku.in:1:1: expected at least one puzzle before 'end', found 'end'");
}

TEST_CASE("formats: an empty file is an error in every format") {
    for (Format format : sudoku::all_formats()) {
        INFO(sudoku::format_name(format));
        for (const char* empty : {"", "\n", " \r\n\t\n"}) {
            auto diagnostic = diagnostic_of(format, empty);
            CHECK(diagnostic.line == 1);
            CHECK_THAT(diagnostic.message, Catch::Contains("found an empty file"));
        }
    }
    CHECK(diagnostic_of(Format::line81, "# only a comment\n").to_string() ==
          "sudoku.in:2:1: expected at least one puzzle, found end of file");
}

TEST_CASE("formats: a T that does not match the grids is wrong either way") {
    CHECK(diagnostic_of(Format::poj2676, "2\n" + packed_grid()).to_string() ==
          "sudoku.in:11:1: expected puzzle 2 of 2 (T = 2), found end of file");
    CHECK(diagnostic_of(Format::poj2676, "1\n" + packed_grid() + packed_grid()).to_string() ==
          "sudoku.in:11:1: expected end of file after 1 puzzle (T = 1), found '103000509'");
    CHECK(diagnostic_of(Format::poj2676, "0\n").to_string() ==
          "sudoku.in:1:1: expected the number of puzzles T (1-1000000), found '0'");
    CHECK(diagnostic_of(Format::sudogob, "x\n").to_string() ==
          "sudoku.in:1:1: expected the number of puzzles T (1-1000000), found 'x'");
}

TEST_CASE("formats: trailing garbage after the last grid is named") {
    CHECK(diagnostic_of(Format::target, target_with_last_row("0 8 0 5 0 4 0 1 2\n\nxyz\n")).to_string() ==
          "sudoku.in:11:1: expected end of file after the grid, found 'xyz'");
    CHECK(diagnostic_of(Format::target, target_with_last_row("")).to_string() ==
          "sudoku.in:9:1: expected row 9 of 9, found end of file");
}

TEST_CASE("formats: qmark and uva1309 grids need an empty line between them") {
    std::string qmark_grid;
    for (int r = 0; r < 9; ++r) qmark_grid += "? ? ? ? ? ? ? ? ?\n";
    CHECK(diagnostic_of(Format::qmark, qmark_grid + qmark_grid).to_string() ==
          "sudoku.in:10:1: expected an empty line between puzzles, found '?'");
    CHECK(grids_of(Format::qmark, qmark_grid + "\n" + qmark_grid).size() == 2);
    CHECK(diagnostic_of(Format::qmark, "? ? 0 ? ? ? ? ? ?\n").to_string() ==
          "sudoku.in:1:5: expected a digit 1-9 or '?', found '0'");
}

TEST_CASE("formats: leading spaces and tabs inside a row are not tolerated") {
    CHECK(diagnostic_of(Format::target, std::string(" ") + target_with_last_row("0 8 0 5 0 4 0 1 2\n")).to_string() ==
          "sudoku.in:1:1: expected a digit 0-9, found a space");
    CHECK(diagnostic_of(Format::poj2676, "1\n1 3000509\n").to_string() ==
          "sudoku.in:2:2: expected a digit 0-9, found a space");
}

TEST_CASE("formats: CRLF, trailing spaces, no final newline and trailing empty lines are accepted") {
    std::string plain = target_with_last_row("0 8 0 5 0 4 0 1 2\n");
    std::string noisy;
    for (int r = 0; r < 9; ++r) noisy += std::string(target_rows[r]) + (r == 8 ? " \t" : "  \r\n");
    auto expected = grids_of(Format::target, plain);
    CHECK(grids_of(Format::target, noisy) == expected);
    CHECK(grids_of(Format::target, plain + "\r\n\n  \n") == expected);
    CHECK(grids_of(Format::target, target_with_last_row("0  8 0\t5 0 4 0 1 2\n")) == expected);
    CHECK(grids_of(Format::poj3074, line81 + "\r\nend") == grids_of(Format::poj3074, line81 + "\nend\n"));
}

TEST_CASE("formats: a repeated clue is valid input, not a parse error") {
    auto grids = grids_of(Format::target, target_with_last_row("7 8 0 5 0 4 0 1 2\n"));  // 7 twice in column 1
    REQUIRE(grids.size() == 1);
    CHECK(grids[0].has_conflict());
}

TEST_CASE("formats: line81 skips comments and empty lines and takes 0 or . as blank") {
    auto grids = grids_of(Format::line81, "# a comment\n\n" + line81 + "\n#another\n" + std::string(81, '0') + "\n");
    REQUIRE(grids.size() == 2);
    CHECK(grids[0].to_line() == line81);
    CHECK(grids[1] == Grid(3));
}

TEST_CASE("formats: puzzles remember the line they start on") {
    auto parsed = sudoku::parse_puzzle_file(Format::poj2676, "2\n" + packed_grid() + "\n\n" + packed_grid(), "a.in");
    REQUIRE(std::holds_alternative<sudoku::PuzzleFile>(parsed));
    CHECK(std::get<sudoku::PuzzleFile>(parsed).first_lines == std::vector<int>{2, 13});
}

TEST_CASE("formats: a missing file is a Diagnostic naming it") {
    auto read = sudoku::read_puzzles(Format::target, "/nonexistent/sudoku.in");
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(read));
    CHECK(std::get<sudoku::Diagnostic>(read).to_string() ==
          "/nonexistent/sudoku.in: cannot read: No such file or directory");
}

TEST_CASE("formats: weights are a 9x9 matrix of integers of any sign") {
    std::string text;
    for (int r = 0; r < 9; ++r) text += "-1 2 3 4 5 6 7 8 1000000\n";
    auto weights = sudoku::parse_weights(text, "w.txt");
    REQUIRE(std::holds_alternative<sudoku::Weights>(weights));
    CHECK(std::get<sudoku::Weights>(weights).w.size() == 81);
    CHECK(std::get<sudoku::Weights>(weights).at(0) == -1);
    CHECK(std::get<sudoku::Weights>(weights).at(80) == 1000000);
    auto bad = sudoku::parse_weights(text.substr(0, text.size() - 8) + "1000001\n", "w.txt");
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(bad));
    CHECK(std::get<sudoku::Diagnostic>(bad).to_string() ==
          "w.txt:9:18: expected an integer weight (-1000000..1000000), found '1000001'");
}

TEST_CASE("formats: writing a grid the format cannot hold is a programmer error") {
    CHECK_THROWS_AS(sudoku::write_puzzles(Format::uva1309, {Grid(3)}), std::invalid_argument);
    CHECK_THROWS_AS(sudoku::write_puzzles(Format::target, {Grid(3), Grid(3)}), std::invalid_argument);
    CHECK_THROWS_AS(sudoku::write_puzzles(Format::line81, {}), std::invalid_argument);
}
