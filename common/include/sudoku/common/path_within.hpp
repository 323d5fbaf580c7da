// Whether one folder lies inside another: the judge's guard around the answers, the contestants'
// folders, --out and the shards (one definition for every such check).
#pragma once

#include <filesystem>

namespace sudoku::judge {

// `inner` is `outer` or lies below it, links and ".." resolved as far as the folders exist.
bool is_within(const std::filesystem::path& inner, const std::filesystem::path& outer);

}  // namespace sudoku::judge
