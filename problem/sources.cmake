# The problem model's sources: the model's invariants, the scoring of its groups; the sudoku
# problem config (configs/*.yaml) with the puzzle kinds its groups ask for, and the manifest of a
# built test set, which the generator writes and the judge reads, and the group tree such a set
# maps to.
set(SUDOKU_PROBLEM_SOURCES problem.cpp scoring.cpp problem_config.cpp puzzle_kind.cpp manifest.cpp
    test_set_groups.cpp)
list(TRANSFORM SUDOKU_PROBLEM_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/src/)
