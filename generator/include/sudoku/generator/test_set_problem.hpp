// A built test set (sudoku/generator/test_set.hpp) as the problem model the format writers take: its
// config's limits, I/O and groups, its manifest's tests and checksums.
//
//   data (sum, samples not counted)
//   ├─ sample             sampleNN.in / .ans
//   └─ secret (sum)
//      └─ secret/<group>  per-test scoring: each accepted test scores the group's points;
//                         per-group: the group's points when every test is accepted
#pragma once

#include <filesystem>
#include <variant>

#include "sudoku/common/diagnostic.hpp"
#include "sudoku/formats/export.hpp"

namespace sudoku {

// The test set in `directory` (config.yaml, manifest.json and the files they name), every test
// file present and as the manifest's sha256 says; a Diagnostic names the file and what is wrong.
std::variant<formats::ExportProblem, Diagnostic> read_test_set_problem(const std::filesystem::path& directory);

}  // namespace sudoku
