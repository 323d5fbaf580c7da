// Test and benchmark access to the shared puzzle datasets (tests/data, committed).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/solver/grid.hpp"

namespace sudoku::testing {

// The first `max_count` puzzles (0 = all) of a dataset file; throws std::runtime_error (which fails
// the calling test) if unreadable.
std::vector<Grid> load_dataset(const std::string& file_name, std::size_t max_count = 0);

// One 9x9 grid from an 81-character dataset line ('.' or '0' blank), by the toolkit's own line81
// reader; throws std::runtime_error (failing the calling test) on a malformed line.
Grid grid_from_line(std::string_view line);

// `how_many` 9x9 grids of `clues` clues each, with many completions when `clues` is small: the
// solutions of the first 17-clue puzzles, each keeping the cells at the head of a shuffle drawn
// from one Rng(seed). The same seed gives the same grids everywhere.
std::vector<Grid> random_sparse_grids(int how_many, int clues, std::uint64_t seed);

}  // namespace sudoku::testing
