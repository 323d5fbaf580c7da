// The entry points of one compiled 9x9 kernel, written once: each kernel_<isa>.cpp defines
// SUDOKU_NINE_ISA as its namespace (portable, avx2, avx512) and includes this file, so its own
// compile flags (solver/CMakeLists.txt) build the search headers below for that instruction set;
// solver9.cpp reaches the result as <isa>::kernels. Every helper of those headers lives in an
// unnamed namespace, so no inline function compiled for a wide instruction set can be shared
// with (and picked by the linker for) the portable code.
#pragma once

#ifndef SUDOKU_NINE_ISA
#error "kernel_body.hpp is included by kernel_<isa>.cpp after defining SUDOKU_NINE_ISA"
#endif

#include "solver9/component_count.hpp"
#include "solver9/count_alone.hpp"
#include "solver9/count_search.hpp"
#include "solver9/search.hpp"

namespace sudoku::nine::SUDOKU_NINE_ISA {
namespace {

void search(Board& start, SolutionSink sink, void* context, SearchStats& stats) { run(start, sink, context, stats); }

std::uint64_t count_parts(Board& start, std::uint64_t cap) { return count_by_parts(start, cap); }

std::uint64_t count(Board& start, std::uint64_t limit, std::uint64_t pinned_nodes, Board& first,
                    bool& first_in_pinned_order) {
    return count_with_hand_over(start, limit, pinned_nodes, first, first_in_pinned_order);
}

std::uint64_t count_alone(Board& start, std::uint64_t limit, std::uint64_t cell_nodes) {
    return count_completions_to(start, limit, cell_nodes);
}

}  // namespace

// Constant-initialised: a wide kernel's translation unit runs nothing at load time, since a
// machine without its instructions still loads it.
constinit const Kernels kernels{search, count, count_parts, count_alone};

}  // namespace sudoku::nine::SUDOKU_NINE_ISA
