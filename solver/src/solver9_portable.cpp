// The 9x9 search kernel compiled for any x86-64 (the library's own flags).
#include "solver9_search.hpp"

namespace sudoku::nine::portable {

void search(Board& start, SolutionSink sink, void* context, SearchStats& stats) { run(start, sink, context, stats); }

}  // namespace sudoku::nine::portable
