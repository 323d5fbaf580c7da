// The 9x9 search kernel compiled for AVX2, BMI1/2 and POPCNT by this file's own flags (solver/CMakeLists.txt);
// solver9.cpp runs it only on a CPU that has them.
#include "solver9_count_search.hpp"
#include "solver9_search.hpp"

namespace sudoku::nine::avx2 {

void search(Board& start, SolutionSink sink, void* context, SearchStats& stats) { run(start, sink, context, stats); }

std::uint64_t count(Board& start, std::uint64_t limit, std::uint64_t pinned_nodes, Board& first,
                    bool& first_in_pinned_order) {
    Counter counter;
    counter.limit = limit;
    counter.pinned_nodes = pinned_nodes;
    count_after_pinned(start, counter);
    if (counter.count) first = counter.first;
    first_in_pinned_order = counter.first_in_pinned_order;
    return counter.count;
}

}  // namespace sudoku::nine::avx2
