#include "support/datasets.hpp"

#include <stdexcept>

#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/solve.hpp"

namespace sudoku::testing {

std::vector<Grid> load_dataset(const std::string& file_name, std::size_t max_count) {
    auto parsed = read_puzzles(Format::line81, std::string(SUDOKU_DATASETS_DIR) + "/" + file_name);
    if (auto* error = std::get_if<Diagnostic>(&parsed)) throw std::runtime_error(error->to_string());
    auto& puzzles = std::get<std::vector<Grid>>(parsed);
    if (max_count && puzzles.size() > max_count) puzzles.resize(max_count);
    return puzzles;
}

Grid grid_from_line(std::string_view line) {
    auto parsed = parse_puzzles(Format::line81, line, "grid_from_line");
    if (auto* error = std::get_if<Diagnostic>(&parsed)) throw std::runtime_error(error->to_string());
    const auto& grids = std::get<std::vector<Grid>>(parsed);
    if (grids.size() != 1)
        throw std::runtime_error("grid_from_line: expected one grid, found " + std::to_string(grids.size()));
    return grids.front();
}

std::vector<Grid> random_sparse_grids(int how_many, int clues, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<Grid> grids;
    for (const Grid& puzzle : load_dataset("puzzles2_17_clue.txt", static_cast<std::size_t>(how_many))) {
        const Grid solved = *solve(puzzle);
        Grid sparse(3);
        std::vector<int> cells(81);
        for (int i = 0; i < 81; ++i) cells[i] = i;
        rng.shuffle(cells);
        for (int i = 0; i < clues; ++i) sparse.set(cells[i], solved.at(cells[i]));
        grids.push_back(sparse);
    }
    return grids;
}

}  // namespace sudoku::testing
