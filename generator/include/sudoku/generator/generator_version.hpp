#pragma once
namespace sudoku {
// Recorded in every manifest: the same version and arguments give the same bytes.
const char* generator_version();
}  // namespace sudoku
