// A fresh, empty folder for one test under the build tree.
#pragma once

#include <filesystem>
#include <string>

#include "support/files.hpp"

namespace sudoku::testing {

inline std::filesystem::path scratch_dir(const std::string& name) {
    return fresh_folder(std::filesystem::path(SUDOKU_BINARY_DIR) / "generator-test-scratch" / name);
}

}  // namespace sudoku::testing
