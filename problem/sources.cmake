# The problem model's sources: the model's invariants, the scoring of its groups.
set(SUDOKU_PROBLEM_SOURCES problem.cpp scoring.cpp)
list(TRANSFORM SUDOKU_PROBLEM_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/src/)
