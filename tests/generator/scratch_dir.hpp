// A fresh, empty folder for one test under the build tree.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace sudoku::testing {

inline std::filesystem::path scratch_dir(const std::string& name) {
    const auto dir = std::filesystem::path(SUDOKU_BINARY_DIR) / "generator-test-scratch" / name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

inline std::filesystem::path write_file(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace sudoku::testing
