// The 9x9 search kernel compiled for AVX-512 F/VL/BW/DQ/CD, AVX2, BMI1/2, POPCNT by this file's own flags
// (solver/CMakeLists.txt); solver9.cpp runs it only on a CPU that has them.
#include "solver9_search.hpp"

namespace sudoku::nine::avx512 {

void search(Board& start, SolutionSink sink, void* context, SearchStats& stats) { run(start, sink, context, stats); }

}  // namespace sudoku::nine::avx512
