// The one reader and the one writer of grid files, driven by a Layout (format/layout.hpp).
#include <stdexcept>

#include "format/layout.hpp"

namespace sudoku::text {

namespace {

std::string count_text(std::size_t n, const char* thing) {
    return std::to_string(n) + " " + thing + (n == 1 ? "" : "s");
}

// What the reader wants when puzzle `index` (0-based) starts, for "expected ..., found ..." messages.
std::string next_puzzle_wanted(const Layout& layout, std::size_t index, long long t) {
    switch (layout.count) {
        case PuzzleCount::one:
            return "a grid of " + std::to_string(layout.side()) + " rows";
        case PuzzleCount::header_t:
            return "puzzle " + std::to_string(index + 1) + " of " + std::to_string(t) + " (T = " + std::to_string(t) +
                   ")";
        case PuzzleCount::until_end_line:
            return index == 0 ? "a puzzle of " + std::to_string(layout.row_width()) + " cells"
                              : "another puzzle or a line 'end'";
        case PuzzleCount::until_eof:
            break;
    }
    return index == 0 ? "at least one puzzle" : "another puzzle";
}

std::string row_wanted(const Layout& layout, int row, std::size_t index) {
    if (layout.grid_on_one_line)
        return "puzzle " + std::to_string(index + 1) + " (" + std::to_string(layout.row_width()) +
               " cells on one line)" + (layout.count == PuzzleCount::until_end_line ? " or a line 'end'" : "");
    std::string wanted = "row " + std::to_string(row + 1) + " of " + std::to_string(layout.rows());
    return layout.count == PuzzleCount::one ? wanted : wanted + " of puzzle " + std::to_string(index + 1);
}

std::string end_wanted(const Layout& layout, std::size_t grids, long long t) {
    switch (layout.count) {
        case PuzzleCount::one:
            return "end of file after the grid";
        case PuzzleCount::header_t:
            return "end of file after " + count_text(grids, "puzzle") + " (T = " + std::to_string(t) + ")";
        case PuzzleCount::until_end_line:
            return "end of file after the line 'end'";
        case PuzzleCount::until_eof:
            break;
    }
    return "end of file";
}

bool ignorable(const Layout& layout, bool lenient, const Line& line) {
    if (line.text.empty()) return lenient || layout.comments;
    return layout.comments && line.text.front() == '#';
}

void skip_ignorable(const Layout& layout, bool lenient, LineReader& reader) {
    while (reader.has_line() && ignorable(layout, lenient, reader.peek())) reader.next();
}

Grid read_grid(const Layout& layout, LineReader& reader, std::size_t index) {
    Grid grid(layout.box);
    std::vector<std::uint8_t> row(layout.row_width());
    for (int r = 0; r < layout.rows(); ++r) {
        if (!reader.has_line()) reader.fail_at_end(row_wanted(layout, r, index));
        Line line = reader.next();
        if (line.text.empty()) reader.fail_line(line, row_wanted(layout, r, index));
        read_row(reader, line, layout.alphabet, layout.packed, layout.row_width(), row.data());
        for (int c = 0; c < layout.row_width(); ++c) grid.set(r * layout.row_width() + c, row[c]);
    }
    return grid;
}

void separate(const Layout& layout, bool lenient, LineReader& reader) {
    if (lenient || layout.between == Between::optional_empty_lines) {
        reader.skip_empty_lines();
    } else if (layout.between == Between::empty_line) {
        if (!reader.peek().text.empty()) reader.fail_line(reader.peek(), "an empty line between puzzles");
        reader.skip_empty_lines();
    }
}

}  // namespace

std::vector<Grid> read_grids(const Layout& layout, LineReader& reader, bool lenient, std::vector<int>& first_lines) {
    if (!lenient && reader.blank_file())
        reader.fail(1, 1, "expected " + next_puzzle_wanted(layout, 0, 1) + ", found an empty file");
    long long t = -1;
    if (layout.count == PuzzleCount::header_t && !lenient)
        t = read_integer_line(reader, reader.next(), 1, 1'000'000, "the number of puzzles T (1-1000000)");

    std::vector<Grid> grids;
    first_lines.clear();
    for (;;) {
        skip_ignorable(layout, lenient, reader);
        if (layout.count == PuzzleCount::one && grids.size() == 1) break;
        if (layout.count == PuzzleCount::header_t && static_cast<long long>(grids.size()) == t) break;
        if (layout.count == PuzzleCount::until_end_line && reader.has_line() && reader.peek().text == "end") {
            if (grids.empty() && !lenient) reader.fail_line(reader.peek(), "at least one puzzle before 'end'");
            reader.next();
            break;
        }
        if (reader.only_empty_lines_left()) {
            if (lenient || (layout.count == PuzzleCount::until_eof && !grids.empty())) break;
            reader.fail_at_end(next_puzzle_wanted(layout, grids.size(), t));
        }
        if (!grids.empty()) separate(layout, lenient, reader);
        first_lines.push_back(reader.peek().number);
        grids.push_back(read_grid(layout, reader, grids.size()));
    }
    skip_ignorable(layout, true, reader);
    if (reader.has_line()) reader.fail_line(reader.peek(), end_wanted(layout, grids.size(), t));
    return grids;
}

void write_grid(std::string& out, const Layout& layout, const Grid& grid) {
    if (grid.box() != layout.box)
        throw std::invalid_argument("this format holds grids of box size " + std::to_string(layout.box) + ", not " +
                                    std::to_string(grid.box()));
    for (auto v : grid.cells())
        if (v > layout.side()) throw std::invalid_argument("cell value out of range: " + std::to_string(v));
    for (int r = 0; r < layout.rows(); ++r)
        write_row(out, layout.alphabet, layout.packed, grid.cells().data() + r * layout.row_width(),
                  layout.row_width());
}

std::string write_grids(const Layout& layout, const std::vector<Grid>& grids) {
    if (grids.empty()) throw std::invalid_argument("a puzzle file holds at least one puzzle");
    if (layout.count == PuzzleCount::one && grids.size() != 1)
        throw std::invalid_argument("this format holds exactly one grid");
    std::string out;
    if (layout.count == PuzzleCount::header_t) out += std::to_string(grids.size()) + "\n";
    for (std::size_t i = 0; i < grids.size(); ++i) {
        if (i > 0 && layout.between == Between::empty_line) out += '\n';
        write_grid(out, layout, grids[i]);
    }
    if (layout.count == PuzzleCount::until_end_line) out += "end\n";
    return out;
}

}  // namespace sudoku::text
