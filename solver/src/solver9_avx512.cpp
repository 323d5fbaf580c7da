// The 9x9 search kernel compiled for AVX-512 F/VL/BW/DQ/CD, AVX2, BMI1/2, POPCNT by this file's own flags
// (solver/CMakeLists.txt); solver9.cpp runs it only on a CPU that has them.
#include "solver9_count_search.hpp"
#include "solver9_search.hpp"

namespace sudoku::nine::avx512 {

void search(Board& start, SolutionSink sink, void* context, SearchStats& stats, const std::uint64_t& node_limit) {
    run(start, sink, context, stats, node_limit);
}

std::uint64_t count(Board& start, std::uint64_t limit, Board& first) {
    Counter counter;
    counter.limit = limit;
    count_from(start, counter);
    if (counter.count) first = counter.first;
    return counter.count;
}

}  // namespace sudoku::nine::avx512
