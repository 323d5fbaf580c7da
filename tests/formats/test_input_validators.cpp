// The input validators the Kattis export carries (formats/checkers/input_validator.cpp), compiled
// from the very text `sudoku-gen export` writes: every test of each shipped problem's built test
// set is valid (exit 42), and the same tests broken the ways a hand edit or a Windows editor breaks
// them are not (exit 43).

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "sudoku/formats/checker_export.hpp"
#include "sudoku/problem/problem_config.hpp"
#include "sudoku/solver/problems.hpp"
#include "support/files.hpp"
#include "support/skip.hpp"

namespace fs = std::filesystem;
using sudoku::testing::exit_status_of;
using sudoku::testing::read_text;
using sudoku::testing::shell_quoted;
using sudoku::testing::write_text;

namespace {

// What the test knows of each input layout, written from docs/problems.md, not from the validator.
struct Spelling {
    bool header;    // a first line T
    bool spaced;    // cells separated by one space
    bool one_line;  // a whole grid on one line
    char symbol;    // a symbol of the alphabet
    bool promises;  // the problem promises a completion: a repeated clue is invalid
};

Spelling spelling_of(const std::string& problem) {
    if (problem == "target") return {false, true, false, '1', false};
    if (problem == "poj2676") return {true, false, false, '1', true};
    if (problem == "qmark") return {false, true, false, '1', true};
    if (problem == "poj3074") return {false, false, true, '1', true};
    if (problem == "uva1309") return {false, false, false, 'A', true};
    if (problem == "sudogob") return {true, true, false, '1', false};
    if (problem == "line81") return {false, false, true, '1', true};
    FAIL("no spelling for the problem " << problem);
    return {};
}

// The first row of the first grid: where every row-level break is made.
size_t first_row(const std::string& text, const Spelling& s) { return s.header ? text.find('\n') + 1 : 0; }

std::string replaced(std::string text, size_t at, size_t length, const std::string& by) {
    return text.replace(at, length, by);
}

struct Broken {
    std::string name;
    std::string input;
};

std::vector<Broken> broken_inputs(const std::string& valid, const Spelling& s) {
    const size_t row = first_row(valid, s), row_end = valid.find('\n', row);
    const size_t second_row_end = valid.find('\n', row_end + 1);
    std::string crlf;
    for (char c : valid) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    std::vector<Broken> cases = {
        {"a space at the end of a row", replaced(valid, row_end, 0, " ")},
        {"a space at the start of a row", replaced(valid, row, 0, " ")},
        {"a tab for a newline", replaced(valid, row_end, 1, "\t")},
        {"CRLF line ends", crlf},
        {"a value out of range in a cell", replaced(valid, row, 1, s.symbol == 'A' ? "Q" : "10")},
        {"a letter in a cell", replaced(valid, row, 1, s.symbol == 'A' ? "a" : "x")},
        {"the final newline missing", valid.substr(0, valid.size() - 1)},
        {"an empty line at the end", valid + "\n"},
        {"trailing garbage", valid + "garbage\n"},
        {"empty", ""},
    };
    if (s.one_line)
        cases.push_back({"a line break missing between puzzles", replaced(valid, row_end, 1, "")});
    else
        cases.push_back({"a row missing", replaced(valid, row_end + 1, second_row_end - row_end, "")});
    if (s.spaced) cases.push_back({"two spaces between cells", replaced(valid, row + 1, 0, " ")});
    if (s.header)
        cases.push_back(
            {"T one more than the puzzles", std::to_string(std::stol(valid) + 1) + valid.substr(valid.find('\n'))});
    if (s.header) cases.push_back({"T with a leading zero", "0" + valid});
    return cases;
}

// The first row's first two cells made the same symbol.
std::string repeated_clue(const std::string& valid, const Spelling& s) {
    const size_t row = first_row(valid, s);
    std::string text = valid;
    text[row] = s.symbol;
    text[row + (s.spaced ? 2 : 1)] = s.symbol;
    return text;
}

// The built test set of `problem` under testdata/: the folder whose config names it.
fs::path test_set_of(const std::string& problem) {
    for (const auto& entry : fs::directory_iterator(fs::path(SUDOKU_SOURCE_DIR) / "testdata")) {
        auto config = sudoku::load_problem_config(entry.path() / "config.yaml");
        if (auto* c = std::get_if<sudoku::ProblemConfig>(&config); c && c->problem == problem) return entry.path();
    }
    FAIL("no test set under testdata/ for the problem " << problem);
    return {};
}

void check_problem(const std::string& problem) {
    if (!sudoku::testing::on_path("g++")) sudoku::testing::skip_test("no g++ on PATH to compile the validators");
    const fs::path dir = sudoku::testing::fresh_temp_folder("sudoku-input-validators-" + problem);
    write_text(dir / "validate.cpp", sudoku::formats::input_validator_source(problem));
    const fs::path validator = dir / "validate";
    REQUIRE(exit_status_of("g++ -std=c++11 -O2 -Wall -Wextra -Werror -o " + shell_quoted(validator) + " " +
                           shell_quoted(dir / "validate.cpp")) == 0);
    const auto exit_on = [&](const fs::path& input) {
        return exit_status_of(shell_quoted(validator) + " < " + shell_quoted(input) + " 2>/dev/null");
    };

    std::vector<fs::path> tests;
    for (const auto& entry : fs::directory_iterator(test_set_of(problem)))
        if (entry.path().extension() == ".in") tests.push_back(entry.path());
    REQUIRE(tests.size() >= 5);
    for (const fs::path& test : tests) {
        INFO(problem << ": the built test " << test.filename().string());
        CHECK(exit_on(test) == 42);
    }

    const Spelling s = spelling_of(problem);
    const std::string valid = read_text(tests.front());
    const fs::path input = dir / "input";
    for (const Broken& broken : broken_inputs(valid, s)) {
        write_text(input, broken.input);
        INFO(problem << ": " << tests.front().filename().string() << " with " << broken.name);
        CHECK(exit_on(input) == 43);
    }
    write_text(input, repeated_clue(valid, s));
    INFO(problem << ": a clue repeated in the first row");
    CHECK(exit_on(input) == (s.promises ? 43 : 42));
    fs::remove_all(dir);
}

}  // namespace

TEST_CASE("input validators: every shipped problem's tests valid, broken ones not") {
    for (const auto& problem : sudoku::all_problems()) {
        SECTION(std::string(problem.name)) { check_problem(std::string(problem.name)); }
    }
}

TEST_CASE("input validators: a name that is not a sudoku problem has none") {
    CHECK_THROWS_AS(sudoku::formats::input_validator_source("hello"), std::invalid_argument);
}
