// The 9x9 search kernel compiled for AVX2, BMI1/2 and POPCNT by this file's own flags (solver/CMakeLists.txt);
// solver9.cpp runs it only on a CPU that has them.
#include "solver9/component_count.hpp"
#include "solver9/count_alone.hpp"
#include "solver9/count_search.hpp"
#include "solver9/search.hpp"

namespace sudoku::nine::avx2 {

void search(Board& start, SolutionSink sink, void* context, SearchStats& stats) { run(start, sink, context, stats); }

std::uint64_t count_parts(Board& start, std::uint64_t cap) { return count_by_parts(start, cap); }

std::uint64_t count(Board& start, std::uint64_t limit, std::uint64_t pinned_nodes, Board& first,
                    bool& first_in_pinned_order) {
    return count_with_hand_over(start, limit, pinned_nodes, first, first_in_pinned_order);
}

std::uint64_t count_alone(Board& start, std::uint64_t limit, std::uint64_t cell_nodes) {
    return count_completions_to(start, limit, cell_nodes);
}

}  // namespace sudoku::nine::avx2
