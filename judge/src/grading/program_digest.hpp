// The SHA-256 of a program as the judge keeps it in build/: part of what a shard's records
// authenticate, so that a binary swapped after its compile (build/ may be on shared storage) is
// found before it runs and at merge, never graded.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace sudoku::judge {

// A binary's SHA-256, or for a folder (an interpreted language's sources) that of each regular
// file's name and SHA-256 in name order; links are left out, as put_program leaves them. Nothing
// when `program` is neither, or cannot be read.
std::optional<std::string> program_sha256(const std::filesystem::path& program);

}  // namespace sudoku::judge
