// The 9x9 search kernel compiled for x86-64-v3 (avx2) by this file's own flags (solver/CMakeLists.txt);
// solver9.cpp runs it only on a CPU that has them.
#include "solver9_search.hpp"

namespace sudoku::nine::avx2 {

void search(Board& start, SolutionSink sink, void* context, SearchStats& stats) { run(start, sink, context, stats); }

}  // namespace sudoku::nine::avx2
