// The text reading under every format parser (private to the solver library).
//
// A file is read as numbered lines, already cleaned of what every format tolerates:
//
//   "7 0 0 9 0 0 0 0 1  \r\n"  ->  Line{number 1, text "7 0 0 9 0 0 0 0 1", indent 0}
//
// Parsers then read it the way testlib reads input: each expectation either holds or stops the
// parse with a message saying what was expected, what was found and where. That stop is a thrown
// ParseError, caught at the public boundary (parse_puzzle_file, parse_solutions, ...) and returned
// as a Diagnostic: it keeps every parser a straight list of expectations that reads like the format.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/common/diagnostic.hpp"

namespace sudoku::text {

struct ParseError {
    Diagnostic diagnostic;
};

struct Line {
    int number = 0;         // 1-based
    std::string_view text;  // without line ending, trailing blanks and (lenient reading) leading blanks
    int indent = 0;         // leading blanks removed, so that columns still count from the real start

    int column_of(std::size_t index) const { return indent + static_cast<int>(index) + 1; }
};

// A word of a line: a run of characters other than spaces and tabs.
struct Token {
    int column = 0;
    std::string_view text;
};

// Lines are cut from the text one at a time as the parser asks for them (no table of lines): a
// file of 100 MB of blank lines costs the text and a few words, not 32 bytes a line.
class LineReader {
public:
    // `lenient` also drops leading blanks (contestants' output); input files keep them as errors.
    LineReader(std::string_view text, std::string file_name, bool lenient = false);

    const std::string& file() const { return file_; }
    bool has_line() const { return next_ < text_.size(); }
    const Line& peek() const { return line_; }
    Line next();
    // Nothing but empty lines remain.
    bool only_empty_lines_left() const;
    // The file has no character other than blanks and line endings.
    bool blank_file() const { return blank_file_; }
    void skip_empty_lines();

    [[noreturn]] void fail(int line, int column, const std::string& message) const;
    [[noreturn]] void fail(const Line& line, std::size_t index, const std::string& expected,
                           const std::string& found) const;
    // "expected ..., found end of file", placed right after the last character.
    [[noreturn]] void fail_at_end(const std::string& expected) const;
    // "expected ..., found <what starts the line>".
    [[noreturn]] void fail_line(const Line& line, const std::string& expected) const;

private:
    void cut_line();  // line_ from the text at next_

    std::string file_;
    std::string_view text_;
    bool lenient_ = false;
    std::size_t next_ = 0;      // where the line in line_ starts
    std::size_t line_end_ = 0;  // where it ends (its newline, or the end of the text)
    Line line_;
    int end_line_ = 1, end_column_ = 1;
    bool blank_file_ = true;
};

// How a layout spells one cell: a symbol per value (blank markers, then digits 1..n).
struct Alphabet {
    std::string_view what;    // for messages: "a digit 0-9"
    std::string_view blanks;  // symbols read as a blank; the first is the one written; "" in answers
    std::string_view digits;  // the symbol of digit 1, 2, ...

    // 0 for a blank, 1.. for a digit, -1 when the symbol is not in the alphabet.
    int value(char symbol) const;
    char symbol(int value) const;
};

std::vector<Token> split_tokens(const Line& line);
// 'x' for messages: quoted, control characters escaped, long text cut.
std::string quote(std::string_view text);

// Rows of cells. `packed`: `width` symbols with nothing between ("700900001");
// spaced: `width` one-symbol tokens separated by spaces ("7 0 0 9 0 0 0 0 1").
void read_row(const LineReader& reader, const Line& line, const Alphabet& alphabet, bool packed, int width,
              std::uint8_t* cells);
void write_row(std::string& out, const Alphabet& alphabet, bool packed, const std::uint8_t* cells, int width);

// A line holding one integer in [min, max].
long long read_integer_line(const LineReader& reader, const Line& line, long long min, long long max,
                            const std::string& what);
// `width` integers in [min, max] separated by spaces.
std::vector<long long> read_integer_row(const LineReader& reader, const Line& line, int width, long long min,
                                        long long max, const std::string& what);

}  // namespace sudoku::text
