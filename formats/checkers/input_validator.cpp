// Kattis / ICPC input validator for one sudoku problem's tests: `validator [flags] < input`, exit 42
// when the input is in exactly the layout sudoku-gen writes, 43 otherwise, the place and what was
// expected on stderr. Standard C++11 only; `sudoku-gen export` defines SUDOKU_VALIDATE_PROBLEM, by
// hand: g++ -O2 -std=c++11 '-DSUDOKU_VALIDATE_PROBLEM="poj2676"' -o validator input_validator.cpp
//
// The solvers and the checkers read leniently (CRLF, trailing blanks, a missing final newline,
// empty lines); a validator is strict, because it vouches for the test data every contestant's
// program will read:
//
//   every line ends with '\n', the last one too; no CR, no tab, no space at either end
//   packed rows    "530070000"            the symbols side by side
//   spaced rows    "5 3 0 0 7 0 0 0 0"    one space between symbols
//   one-line grid  81 symbols on a line   (poj3074, line81)
//   a header T     "1".."1000000", no leading zero, then exactly T grids
//   between grids  one empty line where the layout has one (qmark, uva1309), none elsewhere
//   the end        after the last grid (or poj3074's line "end"), nothing at all
//
// For the problems that promise a completion, a clue repeated in a row, column or box is bad input
// too; for target and sudogob it is a valid test (the answer is -1, the count 0).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#ifndef SUDOKU_VALIDATE_PROBLEM
#error "SUDOKU_VALIDATE_PROBLEM names the problem whose tests are validated, e.g. \"poj2676\""
#endif

namespace {

const int kValid = 42;
const int kInvalid = 43;

enum Count { one_grid, header_t, until_eof, until_end_line };

struct Layout {
    const char* problem;
    int box;
    bool packed;
    bool grid_on_one_line;
    const char* symbols;  // the symbol of 1, 2, ...
    const char* blanks;   // an empty cell
    Count count;
    bool empty_line_between;
    bool promises_completion;
    int side() const { return box * box; }
    int rows() const { return grid_on_one_line ? 1 : side(); }
    int row_width() const { return grid_on_one_line ? side() * side() : side(); }
};

// line81's reader also skips '#' comments and empty lines; sudoku-gen writes neither, so a test
// holding one was not built by it.
const Layout kLayouts[] = {
    {"target", 3, false, false, "123456789", "0", one_grid, false, false},
    {"poj2676", 3, true, false, "123456789", "0", header_t, false, true},
    {"qmark", 3, false, false, "123456789", "?", until_eof, true, true},
    {"poj3074", 3, true, true, "123456789", ".", until_end_line, false, true},
    {"uva1309", 4, true, false, "ABCDEFGHIJKLMNOP", "-", until_eof, true, true},
    {"sudogob", 3, false, false, "123456789", "0", header_t, false, false},
    {"line81", 3, true, true, "123456789", ".0", until_eof, false, true},
};

const long kMaxPuzzles = 1000000;

// The input as one string, read through with the line and column of the next byte.
class Input {
public:
    explicit Input(std::string& text) { text_.swap(text); }

    bool at_end() const { return at_ == text_.size(); }
    int peek() const { return at_end() ? -1 : static_cast<unsigned char>(text_[at_]); }

    void advance() {
        if (text_[at_++] == '\n') {
            ++line_;
            column_ = 1;
        } else {
            ++column_;
        }
    }

    [[noreturn]] void reject(const std::string& expected) const {
        std::cerr << "line " << line_ << " column " << column_ << ": expected " << expected << ", found " << found()
                  << "\n";
        std::exit(kInvalid);
    }

    void expect(char c, const std::string& what) {
        if (peek() != static_cast<unsigned char>(c)) reject(what);
        advance();
    }

    // A decimal number without sign or leading zero, in 1..max.
    long number(long max, const std::string& what) {
        if (peek() < '1' || peek() > '9') reject(what);
        long value = 0;
        while (peek() >= '0' && peek() <= '9') {
            value = value * 10 + (peek() - '0');
            if (value > max) reject(what);
            advance();
        }
        return value;
    }

    bool next_line_is(const std::string& line) const { return text_.compare(at_, line.size(), line) == 0; }

private:
    std::string found() const {
        const int c = peek();
        if (c < 0) return "end of input";
        if (c == '\n') return "end of line";
        if (c == ' ') return "a space";
        if (c == '\t') return "a tab";
        if (c == '\r') return "a carriage return";
        char text[16];
        if (c < 0x20 || c >= 0x7f)
            std::snprintf(text, sizeof text, "byte 0x%02x", c);
        else
            std::snprintf(text, sizeof text, "'%c'", c);
        return text;
    }

    std::string text_;
    size_t at_ = 0;
    long line_ = 1, column_ = 1;
};

typedef std::vector<int> Grid;  // side x side cells, 0 blank

std::string symbol_words(const Layout& layout) {
    std::string words = layout.box == 4 ? "a letter A-P" : "a digit 1-9";
    for (const char* b = layout.blanks; *b; ++b) words += std::string(" or '") + *b + "'";
    return words;
}

void read_row(const Layout& layout, Input& in, Grid& grid) {
    const std::string symbol = symbol_words(layout);
    for (int i = 0; i < layout.row_width(); ++i) {
        if (i > 0 && !layout.packed) in.expect(' ', "one space");
        const int c = in.peek();
        const char* digit = c > 0 ? std::strchr(layout.symbols, c) : NULL;
        const bool blank = c > 0 && std::strchr(layout.blanks, c) != NULL;
        if (!digit && !blank) in.reject(symbol);
        grid.push_back(blank ? 0 : static_cast<int>(digit - layout.symbols) + 1);
        in.advance();
    }
    in.expect('\n', "end of line after " + std::to_string(layout.row_width()) + " cells");
}

// Why `grid`'s clues cannot be completed at once, or "" when no clue repeats in a unit.
std::string repeated_clue(const Layout& layout, const Grid& grid) {
    static const char* kinds[] = {"row", "column", "box"};
    const int side = layout.side(), box = layout.box;
    for (int unit = 0; unit < 3 * side; ++unit) {
        std::vector<bool> seen(side + 1, false);
        const int k = unit % side;
        for (int i = 0; i < side; ++i) {
            int cell = k * side + i;
            if (unit / side == 1) cell = i * side + k;
            if (unit / side == 2) cell = (k / box * box + i / box) * side + k % box * box + i % box;
            const int d = grid[cell];
            if (d != 0 && seen[d])
                return std::string("repeats the clue ") + layout.symbols[d - 1] + " in " + kinds[unit / side] + " " +
                       std::to_string(k + 1);
            seen[d] = true;
        }
    }
    return "";
}

void read_grid(const Layout& layout, Input& in, long number) {
    Grid grid;
    for (int r = 0; r < layout.rows(); ++r) read_row(layout, in, grid);
    const std::string flaw = layout.promises_completion ? repeated_clue(layout, grid) : "";
    if (!flaw.empty()) {
        std::cerr << "puzzle " << number << " " << flaw << ": the problem promises a completion\n";
        std::exit(kInvalid);
    }
}

void validate(const Layout& layout, Input& in) {
    long expected = layout.count == one_grid ? 1 : 0;
    if (layout.count == header_t) {
        expected = in.number(kMaxPuzzles, "the number of puzzles T, 1-" + std::to_string(kMaxPuzzles));
        in.expect('\n', "end of line after T");
    }
    for (long number = 1;; ++number) {
        if (number > 1 && layout.empty_line_between) in.expect('\n', "an empty line between puzzles");
        read_grid(layout, in, number);
        if (number == expected) break;
        if (layout.count == until_eof && in.at_end()) break;
        if (layout.count == until_end_line && in.next_line_is("end\n")) {
            for (int i = 0; i < 4; ++i) in.advance();
            break;
        }
    }
    if (!in.at_end()) in.reject("end of input");
}

}  // namespace

int main() {
    const Layout* layout = NULL;
    for (size_t i = 0; i < sizeof kLayouts / sizeof kLayouts[0]; ++i)
        if (std::strcmp(kLayouts[i].problem, SUDOKU_VALIDATE_PROBLEM) == 0) layout = &kLayouts[i];
    if (!layout) {
        std::cerr << "no input layout for the problem " << SUDOKU_VALIDATE_PROBLEM << "\n";
        return 1;
    }
    std::string text((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    Input in(text);
    validate(*layout, in);
    return kValid;
}
