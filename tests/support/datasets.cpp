#include "support/datasets.hpp"

#include <stdexcept>

#include "sudoku/formats.hpp"

namespace sudoku::testing {

std::vector<Grid> load_dataset(const std::string& file_name, std::size_t max_count) {
    auto parsed = read_puzzles(Format::line81, std::string(SUDOKU_DATASETS_DIR) + "/" + file_name);
    if (auto* error = std::get_if<Diagnostic>(&parsed)) throw std::runtime_error(error->to_string());
    auto& puzzles = std::get<std::vector<Grid>>(parsed);
    if (max_count && puzzles.size() > max_count) puzzles.resize(max_count);
    return puzzles;
}

}  // namespace sudoku::testing
