// What the report's tests share: a scratch folder in the build tree, a file's text.
#pragma once

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace report_test {

inline std::filesystem::path scratch(const std::string& name) {
    const auto dir =
        std::filesystem::path(SUDOKU_BINARY_DIR) / "report-tests" / (name + "-" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

inline std::string read_text(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace report_test
