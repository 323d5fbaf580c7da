// Reading and checking contestants' output: tolerant of layout noise, never of wrong content.
#include <catch2/catch.hpp>

#include "sudoku/solver/problems.hpp"
#include "sudoku/solver/solve.hpp"

using sudoku::Format;
using sudoku::Grid;

namespace {

const sudoku::Problem& problem(const char* name) { return *sudoku::find_problem(name); }

std::vector<Grid> puzzles_of(Format format, const std::string& text) {
    auto parsed = sudoku::parse_puzzles(format, text, "sudoku.in");
    if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&parsed)) FAIL(diagnostic->to_string());
    return std::get<std::vector<Grid>>(parsed);
}

const std::string poj2676_input =
    "1\n103000509\n002109400\n000704000\n300502006\n060000050\n700803004\n000401000\n009205800\n804000107\n";

std::string expected(const char* name, const std::vector<Grid>& puzzles) {
    return std::get<std::string>(sudoku::answer(problem(name), puzzles));
}

std::string rejection(const char* name, const std::vector<Grid>& puzzles, const std::string& output) {
    auto verdict = sudoku::check_output(problem(name), puzzles, output, "sudoku.out");
    if (!verdict) FAIL("accepted:\n" << output);
    return verdict->to_string();
}

bool accepted(const char* name, const std::vector<Grid>& puzzles, const std::string& output) {
    auto verdict = sudoku::check_output(problem(name), puzzles, output, "sudoku.out");
    if (verdict) UNSCOPED_INFO(verdict->to_string());
    return !verdict;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    return s;
}

}  // namespace

TEST_CASE("check: the reference answer is accepted, with CRLF, indents, blank lines or no final newline") {
    auto puzzles = puzzles_of(Format::poj2676, poj2676_input);
    const std::string answer = expected("poj2676", puzzles);
    CHECK(accepted("poj2676", puzzles, answer));
    CHECK(accepted("poj2676", puzzles, replace_all(answer, "\n", " \r\n")));
    CHECK(accepted("poj2676", puzzles, "\n  " + replace_all(answer, "\n", "\n  ") + "\n\n"));
    CHECK(accepted("poj2676", puzzles, answer.substr(0, answer.size() - 1)));
}

TEST_CASE("check: any valid completion is accepted, not only the solver's") {
    Grid puzzle(3);  // the empty grid: every solved grid is a valid answer
    Grid other = *sudoku::solve(Grid(3));
    for (int cell = 0; cell < 81; ++cell) other.set(cell, 10 - other.at(cell));  // relabel digits d -> 10-d
    REQUIRE(other != *sudoku::solve(Grid(3)));
    CHECK(accepted("poj3074", {puzzle}, other.to_line() + "\n"));
}

TEST_CASE("check: a changed clue is rejected at its row") {
    auto puzzles = puzzles_of(Format::poj2676, poj2676_input);
    std::string answer = expected("poj2676", puzzles);
    answer[0] = answer[0] == '9' ? '8' : '9';  // row 1 column 1 holds the clue 1
    CHECK(rejection("poj2676", puzzles, answer) ==
          "sudoku.out:1:1: grid 1 changes the clue at row 1 column 1: expected 1, found " + answer.substr(0, 1));
}

TEST_CASE("check: a repeated digit is rejected naming the unit") {
    Grid puzzle(3);
    Grid solved = *sudoku::solve(puzzle);
    std::string line = solved.to_line();
    std::swap(line[0], line[1]);  // keeps rows right, breaks columns 1 and 2
    CHECK_THAT(rejection("line81", {puzzle}, line + "\n"), Catch::StartsWith("sudoku.out:1:1: grid 1 repeats"));
    CHECK_THAT(rejection("line81", {puzzle}, line + "\n"), Catch::Contains("column 1"));
}

TEST_CASE("check: a blank marker, a short row or a letter is wrong content") {
    auto puzzles = puzzles_of(Format::poj2676, poj2676_input);
    std::string answer = expected("poj2676", puzzles);
    std::string blank = answer, short_row = answer, letter = answer;
    blank[12] = '0';
    short_row.erase(12, 1);
    letter[12] = 'x';
    CHECK(rejection("poj2676", puzzles, blank) == "sudoku.out:2:3: expected a digit 1-9, found '0'");
    CHECK(rejection("poj2676", puzzles, short_row) ==
          "sudoku.out:2:9: expected a digit 1-9, found end of line (the line has 8 of 9 cells)");
    CHECK(rejection("poj2676", puzzles, letter) == "sudoku.out:2:3: expected a digit 1-9, found 'x'");
}

TEST_CASE("check: too few or too many grids are rejected") {
    auto puzzles = puzzles_of(Format::poj2676, poj2676_input);
    std::string answer = expected("poj2676", puzzles);
    CHECK(rejection("poj2676", puzzles, "") == "sudoku.out:1:1: expected grid 1 of 1, found end of file");
    CHECK(rejection("poj2676", puzzles, answer + answer) ==
          "sudoku.out:10:1: expected end of output after 1 grid, found another grid");
    CHECK(rejection("poj2676", puzzles, answer.substr(0, 40)) ==
          "sudoku.out:5:1: expected row 5 of 9 of puzzle 1, found end of file");
}

TEST_CASE("check: qmark and uva1309 answers may omit the empty line between grids") {
    std::string qmark_input;
    for (int r = 0; r < 9; ++r) qmark_input += "? ? ? ? ? ? ? ? ?\n";
    auto puzzles = puzzles_of(Format::qmark, qmark_input + "\n" + qmark_input);
    std::string answer = expected("qmark", puzzles);
    CHECK(accepted("qmark", puzzles, answer));
    CHECK(accepted("qmark", puzzles, replace_all(answer, "\n\n", "\n")));
    CHECK(accepted("qmark", puzzles, replace_all(answer, " ", "   ")));

    std::string uva_input;
    for (int r = 0; r < 16; ++r) uva_input += std::string(16, '-') + "\n";
    auto big = puzzles_of(Format::uva1309, uva_input + "\n" + uva_input);
    std::string uva_answer = expected("uva1309", big);
    REQUIRE(uva_answer.find("\n\n") != std::string::npos);
    CHECK(accepted("uva1309", big, replace_all(uva_answer, "\n\n", "\n")));
}

TEST_CASE("check: exact problems compare the answer token by token") {
    std::string target_input =
        "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n"
        "4 1 3 0 0 0 0 0 0\n0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n";
    auto puzzles = puzzles_of(Format::target, target_input);
    CHECK(accepted("target", puzzles, "2829"));
    CHECK(accepted("target", puzzles, "  2829 \r\n\n"));
    CHECK(rejection("target", puzzles, "2828\n") == "sudoku.out:1:1: expected '2829', found '2828'");
    CHECK(rejection("target", puzzles, "") == "sudoku.out:1:1: expected '2829', found end of file");
    CHECK(rejection("target", puzzles, "2829 0\n") == "sudoku.out:1:6: expected end of output, found '0'");
}

TEST_CASE("check: sudogob's count and grid are both compared") {
    Grid puzzle = *sudoku::solve(Grid(3));
    puzzle.set(0, 0);
    const std::string answer = expected("sudogob", {puzzle});
    CHECK(answer.substr(0, 2) == "1\n");
    CHECK(accepted("sudogob", {puzzle}, answer));
    CHECK_THAT(rejection("sudogob", {puzzle}, "2\n"), Catch::StartsWith("sudoku.out:1:1: expected '1', found '2'"));
    CHECK_THAT(rejection("sudogob", {puzzle}, "1\n"), Catch::Contains("found end of file"));
}

TEST_CASE("check: exact problems have no grids to parse") {
    auto parsed = sudoku::parse_solutions(problem("target"), "2829\n", "sudoku.out");
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(parsed));
    CHECK_THAT(std::get<sudoku::Diagnostic>(parsed).message, Catch::Contains("exact answer"));
}
