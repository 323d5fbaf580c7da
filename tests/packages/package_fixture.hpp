// Packages of other judges' formats, written file by file by the tests into a scratch folder.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace package_test {

namespace fs = std::filesystem;

inline fs::path scratch(const std::string& name) {
    fs::path dir = fs::path(SUDOKU_BINARY_DIR) / "package-tests" / (name + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

inline void write_text(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

}  // namespace package_test
