// The 9x9 solver's search kernels pinned to an instruction-set level, for the tests and benchmarks
// that check each kernel against the portable one (sudoku_solver_internals). One source is
// compiled per level (kernel_body.hpp); solve, count_solutions and for_each_solution of solve.hpp
// run the widest this CPU has.
#pragma once

#include <cstdint>
#include <functional>

#include "core/isa.hpp"
#include "sudoku/solver/solution_count.hpp"

namespace sudoku {

// count_solutions and for_each_solution on a 9x9 grid with the kernel compiled for `isa`; a level
// this CPU cannot run is a programmer mistake (std::invalid_argument), as is a grid of another size.
SolutionCount count_solutions(Isa isa, const Grid& puzzle, std::uint64_t limit, SearchStats& stats);
// Without statistics: the same answer, with limit 2 by the counting search below the first nodes, or
// from the root on grids that propagation leaves wide open (see solve.hpp).
SolutionCount count_solutions(Isa isa, const Grid& puzzle, std::uint64_t limit);
// The counting search alone (count_search.hpp): the number of completions up to `limit` (0 = all),
// and the first one it met.
SolutionCount count_by_counting_search(Isa isa, const Grid& puzzle, std::uint64_t limit);
std::uint64_t for_each_solution(Isa isa, const Grid& puzzle, const std::function<bool(const Grid&)>& visit);

}  // namespace sudoku
