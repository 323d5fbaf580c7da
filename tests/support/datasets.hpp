// Test and benchmark access to the shared puzzle datasets (tests/data, committed).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "sudoku/grid.hpp"

namespace sudoku::testing {

// The first `max_count` puzzles (0 = all) of a dataset file; throws std::runtime_error (which fails
// the calling test) if unreadable.
std::vector<Grid> load_dataset(const std::string& file_name, std::size_t max_count = 0);

}  // namespace sudoku::testing
