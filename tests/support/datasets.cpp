#include "datasets.hpp"

#include <fstream>
#include <stdexcept>

namespace sudoku::testing {

std::vector<Grid> load_dataset(const std::string& file_name, std::size_t max_count) {
    const std::string path = std::string(SUDOKU_DATASETS_DIR) + "/" + file_name;
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read dataset " + path);
    std::vector<Grid> puzzles;
    std::string line;
    while (std::getline(in, line) && (max_count == 0 || puzzles.size() < max_count)) {
        if (line.empty() || line[0] == '#') continue;
        Grid g(3);
        for (int c = 0; c < 81; ++c) g.set(c, line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0);
        puzzles.push_back(g);
    }
    return puzzles;
}

}  // namespace sudoku::testing
