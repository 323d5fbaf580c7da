// Every puzzle file format of our contests: the one place where each is parsed and printed.
//
//   format    input layout (what parse_puzzles reads and write_puzzles prints)
//   --------  ----------------------------------------------------------------------------
//   target    one grid: 9 lines of 9 integers 0-9 separated by spaces (0 blank)
//   poj2676   T, then T grids of 9 lines of 9 digits without spaces (0 blank)
//   qmark     grids of 9 lines of 9 space-separated tokens 1-9 or `?` (blank), a blank line
//             between grids, until end of file
//   poj3074   one 81-character line per puzzle (digits 1-9, `.` blank), then a line `end`
//   uva1309   16x16 grids: 16 lines of 16 letters A-P (A = 1) or `-` (blank), a blank line
//             between grids, until end of file
//   sudogob   T, then T grids of 9 lines of 9 integers 0-9 separated by spaces (0 blank)
//   line81    the datasets' format: one 81-character line per puzzle (1-9, `.` or `0` blank);
//             lines starting with `#` and empty lines are skipped
//
// Tolerated everywhere: CRLF line endings, trailing spaces and tabs, a missing final newline,
// empty lines at the end of the file; in space-separated layouts, runs of spaces between numbers;
// in poj2676 and sudogob (T says how many grids follow), empty lines between grids; in qmark and
// uva1309, more than one empty line between grids. Every file holds at least one puzzle.
// Everything else is a Diagnostic naming file:line:column, e.g.
// `sudoku.in:3:17: expected a digit 0-9, found 'x'`. A clue repeated in a unit is valid input
// (a grid with no solution), never a parse error.
//
// Round trip: parse_puzzles(f, write_puzzles(f, grids)) == grids for every format (for target,
// exactly one grid; for uva1309, 16x16 grids; otherwise 9x9).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sudoku/common/diagnostic.hpp"
#include "sudoku/common/enum_names.hpp"
#include "sudoku/solver/grid.hpp"
#include "sudoku/solver/target.hpp"

namespace sudoku {

// Each format is named after the problem that reads it (sudoku/solver/problems.hpp lists them
// in this order, one problem per format).
enum class Format { target, poj2676, qmark, poj3074, uva1309, sudogob, line81 };
template <>
struct EnumNames<Format> {
    static constexpr std::string_view names[] = {"target",  "poj2676", "qmark", "poj3074",
                                                 "uva1309", "sudogob", "line81"};
};

// All formats, in declaration order.
const std::vector<Format>& all_formats();
// "target", "poj2676", ...
std::string_view format_name(Format format);
std::optional<Format> format_by_name(std::string_view name);
// Every format name, in declaration order, joined by `separator` (for usage texts and messages).
std::string format_names(std::string_view separator);
// The format a list of puzzles of box size `box` is written in when none is named (sudoku-gen
// puzzle): uva1309 for 16x16, line81 otherwise (other sizes have no format of their own).
Format default_format(int box);
// Box size of the grids of the format: 4 for uva1309, 3 otherwise.
int format_box(Format format);

// Puzzles read from one file, each with the 1-based line it starts on, so that later messages
// about a puzzle ("puzzle 3 has no solution") can name its place.
struct PuzzleFile {
    std::string name;  // the file name used in messages
    std::vector<Grid> puzzles;
    std::vector<int> first_lines;  // same length as puzzles
};

std::variant<PuzzleFile, Diagnostic> parse_puzzle_file(Format format, std::string_view text,
                                                       const std::string& file_name);
// A missing or unreadable file is a Diagnostic too (file name, line 0).
std::variant<PuzzleFile, Diagnostic> read_puzzle_file(Format format, const std::filesystem::path& path);

// The same, when only the grids matter.
std::variant<std::vector<Grid>, Diagnostic> parse_puzzles(Format format, std::string_view text,
                                                          const std::string& file_name);
std::variant<std::vector<Grid>, Diagnostic> read_puzzles(Format format, const std::filesystem::path& path);

// The input layout of the format (what a generator writes to NN.in). Throws
// std::invalid_argument for grids the format cannot hold (wrong size; target: not exactly one).
std::string write_puzzles(Format format, const std::vector<Grid>& puzzles);

// Target weights: the same layout as the target input, 9 lines of 9 integers, any sign
// (|w| <= 1000000).
std::variant<Weights, Diagnostic> parse_weights(std::string_view text, const std::string& file_name);
std::variant<Weights, Diagnostic> read_weights(const std::filesystem::path& path);

}  // namespace sudoku
