// The public datasets of tests/data are the line81 format: every one reads whole, CRLF and comments included.
#include <catch2/catch.hpp>
#include <fstream>

#include "sudoku/solver/formats.hpp"

namespace {

// Puzzle lines counted the plain way: lines that are neither empty nor comments.
std::size_t puzzle_lines(const std::string& path) {
    std::ifstream in(path);
    std::size_t count = 0;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line != "\r" && line[0] != '#') ++count;
    return count;
}

}  // namespace

TEST_CASE("formats: every public dataset of tests/data reads as line81, one grid per puzzle line") {
    for (const char* name :
         {"puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt", "puzzles5_forum_hardest_1905_11+.txt",
          "puzzles6_forum_hardest_1106.txt", "puzzles7_serg_benchmark.txt"}) {
        const std::string path = std::string(SUDOKU_DATASETS_DIR) + "/" + name;
        INFO(path);
        auto parsed = sudoku::read_puzzles(sudoku::Format::line81, path);
        if (auto* diagnostic = std::get_if<sudoku::Diagnostic>(&parsed)) FAIL(diagnostic->to_string());
        const auto& grids = std::get<std::vector<sudoku::Grid>>(parsed);
        CHECK(grids.size() == puzzle_lines(path));
        CHECK(grids.front().clue_count() >= 17);
    }
}
