// The 9x9 search kernel compiled for AVX2, BMI1/2 and POPCNT by this file's own flags (solver/CMakeLists.txt);
// solver9.cpp runs it only on a CPU that has them.
#include "solver9_search.hpp"

namespace sudoku::nine::avx2 {

void search(Board& start, SolutionSink sink, void* context, SearchStats& stats) { run(start, sink, context, stats); }

}  // namespace sudoku::nine::avx2
