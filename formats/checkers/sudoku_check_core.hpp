// The "any valid completion" check for another judge: is each printed grid a completion of its
// puzzle? Standard C++11 only, so any host compiles it with plain g++; `sudoku-gen export` inlines
// this file into each protocol's wrapper, which makes one self-contained source per protocol.
//
// It reads what sudoku-judge's own check reads and gives the same verdict on every output:
//
//   input   the test's puzzles in the problem's input layout (trusted test data: a flaw is a
//           judge error, not the contestant's)
//   output  read as a stream, never held whole: a 1 GiB output or an endless line costs a few
//           words. A line is cut at '\n'; leading spaces and tabs, and trailing spaces, tabs and
//           CRs, do not count; empty lines between grids are skipped, one inside a grid is wrong
//
//           packed rows    "534678912"            every symbol a digit, nothing between
//           spaced rows    "5 3 4 6 7 8 9 1 2"    one-symbol tokens between spaces or tabs
//           one-line grid  81 digits on a line    (poj3074, line81)
//
//           then each grid: its clues kept, no digit twice in a row, column or box, and exactly
//           as many grids as puzzles.
#ifndef SUDOKU_CHECK_CORE_HPP
#define SUDOKU_CHECK_CORE_HPP

#include <cstdio>
#include <cstring>
#include <fstream>
#include <istream>
#include <sstream>
#include <string>
#include <vector>

namespace sudoku_check {

enum class Outcome { accepted, wrong, judge_error };

struct Result {
    Outcome outcome;
    std::string message;
};

enum class PuzzleCount { header_t, until_eof, until_end_line };

// One problem's layouts: the input's and, with the blanks taken out, the answer's.
struct Shape {
    const char* problem;
    int box;
    bool packed;
    bool grid_on_one_line;
    const char* digits;  // the symbol of 1, 2, ...
    const char* blanks;  // what the input writes for an empty cell
    PuzzleCount count;
    bool comments;  // the input skips '#' lines
    int side() const { return box * box; }
    int rows() const { return grid_on_one_line ? 1 : side(); }
    int row_width() const { return grid_on_one_line ? side() * side() : side(); }
};

inline const Shape* find_shape(const std::string& problem) {
    static const Shape shapes[] = {
        {"poj2676", 3, true, false, "123456789", "0", PuzzleCount::header_t, false},
        {"qmark", 3, false, false, "123456789", "?", PuzzleCount::until_eof, false},
        {"poj3074", 3, true, true, "123456789", ".", PuzzleCount::until_end_line, false},
        {"uva1309", 4, true, false, "ABCDEFGHIJKLMNOP", "-", PuzzleCount::until_eof, false},
        {"line81", 3, true, true, "123456789", ".0", PuzzleCount::until_eof, true},
    };
    for (const Shape& shape : shapes)
        if (problem == shape.problem) return &shape;
    return nullptr;
}

inline std::string shown(int c) {
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

// One row's cells from its characters, fed one at a time so that a line of any length costs
// nothing. Blanks and CRs after the last symbol seen are held back as a count: only a symbol after
// them decides whether they were inside the row (an error in packed rows, a separator in spaced
// ones, a CR always an error) or trailing (ignored).
class RowParser {
public:
    RowParser(const Shape& shape, bool allow_blanks) : shape_(shape), allow_blanks_(allow_blanks) {}

    void start(long line) {
        line_ = line;
        column_ = 0;
        cells_.clear();
        error_.clear();
        started_ = false;
        held_ = 0;
        held_first_ = 0;
        held_cr_column_ = 0;
        token_length_ = 0;
    }

    // False once the row is known to be wrong (error() says why).
    bool feed(int c) {
        ++column_;
        const bool blank = c == ' ' || c == '\t';
        if (blank || c == '\r') {
            if (!started_ && blank) return true;  // leading blanks
            started_ = true;
            if (held_ == 0) held_first_ = c, held_first_column_ = column_;
            if (c == '\r' && held_cr_column_ == 0) held_cr_column_ = column_;
            ++held_;
            return true;
        }
        started_ = true;
        if (held_ > 0 && !release_held()) return false;
        return shape_.packed ? packed_symbol(c) : token_symbol(c);
    }

    // At the end of the line: whether it held a whole row (false: error() says why, or empty()).
    bool finish() {
        if (!error_.empty()) return false;
        if (!shape_.packed && token_length_ > 0 && !end_token()) return false;
        if (cells_.empty()) return false;
        if (static_cast<int>(cells_.size()) < shape_.row_width())
            return fail(column_ + 1, "expected " + std::to_string(shape_.row_width()) +
                                         " cells, found end of line after " + std::to_string(cells_.size()));
        return true;
    }

    bool empty() const { return error_.empty() && cells_.empty() && token_length_ == 0; }
    const std::vector<int>& cells() const { return cells_; }
    const std::string& error() const { return error_; }

private:
    bool fail(long column, const std::string& message) {
        error_ = "line " + std::to_string(line_) + " column " + std::to_string(column) + ": " + message;
        return false;
    }

    std::string what() const {
        std::string text = shape_.box == 4 ? "a letter A-P" : "a digit 1-9";
        return allow_blanks_ ? text + " or '" + shape_.blanks + "'" : text;
    }

    int value(int c) const {
        if (c == 0) return -1;
        if (allow_blanks_ && std::strchr(shape_.blanks, c)) return 0;
        const char* at = std::strchr(shape_.digits, c);
        return at ? static_cast<int>(at - shape_.digits) + 1 : -1;
    }

    bool release_held() {
        const long cr = held_cr_column_;
        const int first = held_first_;
        const long first_column = held_first_column_;
        held_ = 0;
        held_cr_column_ = 0;
        if (cr != 0) return fail(cr, "expected " + what() + " or end of line, found a carriage return");
        if (shape_.packed) return fail(first_column, "expected " + what() + ", found " + shown(first));
        return cells_.empty() && token_length_ == 0 ? true : end_token();
    }

    bool add_cell(long column, int v) {
        if (static_cast<int>(cells_.size()) == shape_.row_width())
            return fail(column, "expected end of line after " + std::to_string(shape_.row_width()) + " cells");
        cells_.push_back(v);
        return true;
    }

    bool packed_symbol(int c) {
        const int v = value(c);
        if (v < 0) return fail(column_, "expected " + what() + ", found " + shown(c));
        return add_cell(column_, v);
    }

    bool token_symbol(int c) {
        if (token_length_ == 0) token_first_ = c, token_column_ = column_;
        ++token_length_;
        if (token_length_ == 2) return fail(token_column_, "expected " + what() + ", found a longer word");
        return true;
    }

    bool end_token() {
        token_length_ = 0;
        const int v = value(token_first_);
        if (v < 0) return fail(token_column_, "expected " + what() + ", found " + shown(token_first_));
        return add_cell(token_column_, v);
    }

    const Shape& shape_;
    bool allow_blanks_;
    long line_ = 0, column_ = 0;
    std::vector<int> cells_;
    std::string error_;
    bool started_ = false;
    long held_ = 0;
    int held_first_ = 0;
    long held_first_column_ = 0, held_cr_column_ = 0;
    long token_length_ = 0, token_column_ = 0;
    int token_first_ = 0;
};

typedef std::vector<int> Grid;  // side x side cells, 0 blank

// Bytes from a stream in blocks: the output is read once, front to back.
class ByteSource {
public:
    explicit ByteSource(std::istream& in) : in_(in) {}
    int get() {
        if (at_ == size_) {
            if (!in_) return -1;
            in_.read(buffer_, sizeof buffer_);
            size_ = static_cast<size_t>(in_.gcount());
            at_ = 0;
            if (size_ == 0) return -1;
        }
        return static_cast<unsigned char>(buffer_[at_++]);
    }

private:
    std::istream& in_;
    char buffer_[1 << 16];
    size_t at_ = 0, size_ = 0;
};

enum class LineRead { row, empty, bad, end_of_file };

// One line of `source` through `parser`; stops at the first wrong character.
inline LineRead read_line(ByteSource& source, RowParser& parser, long line) {
    parser.start(line);
    int c = source.get();
    if (c < 0) return LineRead::end_of_file;
    for (; c >= 0 && c != '\n'; c = source.get())
        if (!parser.feed(c)) return LineRead::bad;
    if (parser.finish()) return LineRead::row;
    return parser.empty() ? LineRead::empty : LineRead::bad;
}

inline std::string unit_name(int unit, int side) {
    static const char* kinds[] = {"row", "column", "box"};
    return std::string(kinds[unit / side]) + " " + std::to_string(unit % side + 1);
}

// Why `grid` is not a completion of `puzzle`, or "" when it is one.
inline std::string grid_flaw(const Shape& shape, const Grid& grid, const Grid& puzzle) {
    const int side = shape.side(), box = shape.box;
    for (int cell = 0; cell < side * side; ++cell)
        if (puzzle[cell] != 0 && puzzle[cell] != grid[cell])
            return "changes the clue at row " + std::to_string(cell / side + 1) + " column " +
                   std::to_string(cell % side + 1) + ": expected " + shape.digits[puzzle[cell] - 1] + ", found " +
                   shape.digits[grid[cell] - 1];
    for (int unit = 0; unit < 3 * side; ++unit) {
        std::vector<bool> seen(side + 1, false);
        for (int i = 0; i < side; ++i) {
            const int k = unit % side;
            int cell = k * side + i;                                                                  // row k
            if (unit / side == 1) cell = i * side + k;                                                // column k
            if (unit / side == 2) cell = (k / box * box + i / box) * side + k % box * box + i % box;  // box k
            const int d = grid[cell];
            if (seen[d]) return std::string("repeats ") + shape.digits[d - 1] + " in " + unit_name(unit, side);
            seen[d] = true;
        }
    }
    return "";
}

// The puzzles of a test input, or a message (returned in `error`) saying where it breaks.
inline std::vector<Grid> read_puzzles(const Shape& shape, std::istream& in, std::string& error) {
    std::vector<Grid> puzzles;
    RowParser parser(shape, true);
    Grid grid;
    long t = -1, number = 0;
    std::string text;
    while (std::getline(in, text)) {
        ++number;
        while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.pop_back();
        if (text.empty() || (shape.comments && text[0] == '#')) continue;
        if (shape.count == PuzzleCount::until_end_line && text == "end") return puzzles;
        if (shape.count == PuzzleCount::header_t && t < 0) {
            t = std::strtol(text.c_str(), nullptr, 10);
            if (t <= 0) error = "line " + std::to_string(number) + ": expected the number of puzzles";
            if (t <= 0) return puzzles;
            continue;
        }
        parser.start(number);
        for (char c : text)
            if (!parser.feed(static_cast<unsigned char>(c))) break;
        if (!parser.finish()) {
            error = parser.error();
            return puzzles;
        }
        grid.insert(grid.end(), parser.cells().begin(), parser.cells().end());
        if (static_cast<int>(grid.size()) == shape.side() * shape.side()) puzzles.push_back(grid), grid.clear();
    }
    if (!grid.empty()) error = "the last puzzle is cut short";
    if (puzzles.empty() && error.empty()) error = "no puzzle";
    if (shape.count == PuzzleCount::header_t && static_cast<long>(puzzles.size()) != t && error.empty())
        error = "T = " + std::to_string(t) + " but " + std::to_string(puzzles.size()) + " puzzles";
    if (shape.count == PuzzleCount::until_end_line && error.empty()) error = "no line 'end'";
    return puzzles;
}

inline Result wrong(const std::string& message) { return Result{Outcome::wrong, message}; }

// The check of a contestant's whole output (read from `output`) against the puzzles.
inline Result check_output(const Shape& shape, const std::vector<Grid>& puzzles, std::istream& output) {
    ByteSource source(output);
    RowParser parser(shape, false);
    const size_t expected = puzzles.size();
    const std::string of = " of " + std::to_string(expected);
    Grid grid;
    size_t done = 0;
    int row = 0;
    for (long line = 1;; ++line) {
        const LineRead read = read_line(source, parser, line);
        if (read == LineRead::end_of_file) break;
        if (read == LineRead::bad) return wrong("grid " + std::to_string(done + 1) + ", " + parser.error());
        if (read == LineRead::empty) {
            if (row == 0) continue;
            return wrong("line " + std::to_string(line) + ": expected row " + std::to_string(row + 1) + " of grid " +
                         std::to_string(done + 1) + ", found an empty line");
        }
        if (row == 0 && done == expected)
            return wrong("line " + std::to_string(line) + ": expected end of output after " + std::to_string(expected) +
                         " grid(s), found another grid");
        grid.insert(grid.end(), parser.cells().begin(), parser.cells().end());
        if (++row < shape.rows()) continue;
        const std::string flaw = grid_flaw(shape, grid, puzzles[done]);
        if (!flaw.empty()) return wrong("grid " + std::to_string(done + 1) + " " + flaw);
        grid.clear();
        row = 0;
        ++done;
    }
    if (row > 0)
        return wrong("expected row " + std::to_string(row + 1) + " of grid " + std::to_string(done + 1) +
                     ", found end of output");
    if (done < expected) return wrong("expected grid " + std::to_string(done + 1) + of + ", found end of output");
    return Result{Outcome::accepted, std::to_string(expected) + " grid(s), each a valid completion"};
}

// The whole check from the three files: input and answer as the host names them, output a stream
// (Kattis hands it on stdin). The answer is not read: any completion is right.
inline Result check(const char* problem, const char* input_path, std::istream& output) {
    const Shape* shape = find_shape(problem);
    if (!shape) return Result{Outcome::judge_error, std::string("no checker for the problem ") + problem};
    std::ifstream input(input_path);
    if (!input) return Result{Outcome::judge_error, std::string("cannot read the input ") + input_path};
    std::string error;
    const std::vector<Grid> puzzles = read_puzzles(*shape, input, error);
    if (!error.empty()) return Result{Outcome::judge_error, std::string(input_path) + ": " + error};
    return check_output(*shape, puzzles, output);
}

}  // namespace sudoku_check

#endif
