# The generator's sources: puzzles, then the test set builder and validator, which cross-check
# answers with the MIP.
set(SUDOKU_GENERATOR_SOURCES difficulty.cpp generator_version.cpp puzzle_generator.cpp symmetry.cpp)
set(SUDOKU_TEST_SET_SOURCES answer_recheck.cpp test_set_build.cpp test_set_problem.cpp test_set_validate.cpp)
list(TRANSFORM SUDOKU_GENERATOR_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/src/)
list(TRANSFORM SUDOKU_TEST_SET_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/src/)
