# The solver library's sources, one folder per module (also read by fuzz/CMakeLists.txt).
set(SUDOKU_SOLVER_SOURCES
  # the grid model: geometry, cells, units, candidates
  core/geometry.cpp core/grid.cpp core/isa.cpp core/rng.cpp core/solved_grid.cpp
  # every format read and printed by one table-driven mechanism
  format/formats.cpp format/grids.cpp format/layout.cpp format/text.cpp format/weights.cpp
  # the problems: their answers and checks
  problem/answer.cpp problem/check.cpp problem/problems.cpp
  # solving and counting any size: the general search, dancing links, bounded counts
  search/count.cpp search/dlx.cpp search/general.cpp search/solve.cpp
  # the 9x9 bitboard solver, one kernel per instruction set
  solver9/kernel_avx2.cpp solver9/kernel_avx512.cpp solver9/kernel_portable.cpp solver9/solver9.cpp
  # the target optimiser: bounds, search, neighbourhoods
  target/assignment.cpp target/board.cpp target/bound.cpp target/digit_sums.cpp target/enumerate.cpp
  target/greedy.cpp target/improve.cpp target/lp_duals.cpp target/reach.cpp
  # its branch and bound (target/optimise.hpp): entry points and incumbents, the root, the nodes,
  # rounds on several threads, neighbourhoods
  target/optimise.cpp target/optimise_root.cpp target/optimise_node.cpp target/shared_rounds.cpp
  target/neighbourhoods.cpp
  # the placement bound: a digit's best placement, by dynamic programming and by lanes
  target/placement/dp.cpp target/placement/graph_lanes.cpp target/placement/lanes.cpp
  target/placement/placement.cpp)
list(TRANSFORM SUDOKU_SOLVER_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/src/)
