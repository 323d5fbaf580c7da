// Each format as data: how its grids are spelled and arranged in a file (private to the library).
//
// One table (format/layout.cpp) describes every format; one reader and one writer
// (format/grids.cpp) follow the description. So parse(write(x)) == x holds by construction,
// and a new format is a new row of the table.
//
//   poj2676:  "2"          <- header: T            count   = header_t
//             "034678912"  <- row of 9 cells       packed  = true
//             ...
//             ""           <- optional between grids (between = optional_empty_lines)
//             "530070000"  ...
#pragma once

#include <string>
#include <vector>

#include "format/text.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/grid.hpp"

namespace sudoku::text {

enum class PuzzleCount {
    one,             // the file is a single grid
    header_t,        // a first line T, then T grids
    until_eof,       // grids until end of file
    until_end_line,  // grids until a line "end"
};

enum class Between {
    nothing,               // grids follow each other directly
    optional_empty_lines,  // grids may be separated by empty lines
    empty_line,            // grids are separated by (at least) one empty line
};

struct Layout {
    int box = 3;
    bool packed = true;             // cells without separators; else one-symbol tokens and spaces
    bool grid_on_one_line = false;  // the whole grid on one line (81 cells)
    Alphabet alphabet;
    PuzzleCount count = PuzzleCount::until_eof;
    Between between = Between::nothing;
    bool comments = false;  // lines starting with '#', and empty lines, are skipped anywhere

    int side() const { return box * box; }
    int rows() const { return grid_on_one_line ? 1 : side(); }
    int row_width() const { return grid_on_one_line ? side() * side() : side(); }
};

const Layout& input_layout(Format format);
// How a contestant prints solved grids for the problem with this input format: the same rows,
// no blanks, no header, until end of file. (Only meaningful for the grid-answer problems.)
Layout answer_layout(Format format);

// Reads grids as `layout` says. Lenient reading (contestants' output) skips empty lines anywhere
// and accepts zero grids. Throws ParseError. `first_lines` receives the line each grid starts on.
std::vector<Grid> read_grids(const Layout& layout, LineReader& reader, bool lenient, std::vector<int>& first_lines);

// The rows of one grid in `layout`, each ending with '\n'.
void write_grid(std::string& out, const Layout& layout, const Grid& grid);
// A whole file in `layout` (header, separators, terminator). Throws std::invalid_argument for grids
// the layout cannot hold.
std::string write_grids(const Layout& layout, const std::vector<Grid>& grids);

}  // namespace sudoku::text
