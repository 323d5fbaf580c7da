// Where an import is built before it is renamed into place, so that a refused or failed import
// leaves nothing at --out: shared by every importer (LemonLime and the package formats).
#pragma once

#include <filesystem>

namespace sudoku::judge {

// A fresh, empty folder beside `out` (same file system, so the final rename is atomic).
std::filesystem::path aside_folder(const std::filesystem::path& out);

}  // namespace sudoku::judge
