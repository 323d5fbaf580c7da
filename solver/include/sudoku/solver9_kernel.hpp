// The 9x9 solver's search kernels: one source compiled for three instruction sets, the widest
// this CPU runs chosen at run time (solve, count_solutions and for_each_solution use it).
// Tests and benchmarks pin a kernel to check that each gives the portable one's answers.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

#include "sudoku/solve.hpp"

namespace sudoku {

enum class Kernel9 {
    portable,  // the library's own flags (x86-64-v2)
    avx2,      // AVX2, BMI1/2, POPCNT
    avx512,    // those and AVX-512 F/VL/BW/DQ/CD
};
std::string_view to_string(Kernel9 kernel);
std::optional<Kernel9> kernel9_from_string(std::string_view name);

bool kernel9_supported(Kernel9 kernel);  // this CPU can run it
Kernel9 kernel9_active();                // the widest supported one

// count_solutions and for_each_solution on a 9x9 grid with the given kernel; a kernel this CPU
// cannot run is a programmer mistake (std::invalid_argument), as is a grid of another size.
SolutionCount count_solutions(Kernel9 kernel, const Grid& puzzle, std::uint64_t limit, SearchStats& stats);
// Without statistics: the same answer, with limit 2 by the counting search below the first nodes, or
// from the root on grids that propagation leaves wide open (see solve.hpp).
SolutionCount count_solutions(Kernel9 kernel, const Grid& puzzle, std::uint64_t limit);
// The counting search alone (solver9_count_search.hpp), for tests and benchmarks: the number of
// completions up to `limit` (0 = all), and the first one it met.
SolutionCount count_by_counting_search(Kernel9 kernel, const Grid& puzzle, std::uint64_t limit);
std::uint64_t for_each_solution(Kernel9 kernel, const Grid& puzzle, const std::function<bool(const Grid&)>& visit);

}  // namespace sudoku
