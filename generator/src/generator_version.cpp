#include "sudoku/generator/generator_version.hpp"
namespace sudoku {
const char* generator_version() { return "0.1.0"; }
}  // namespace sudoku
