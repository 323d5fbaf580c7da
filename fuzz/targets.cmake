# The fuzz targets, one executable each. fuzz/CMakeLists.txt builds them with libFuzzer (clang);
# tests/fuzz/CMakeLists.txt builds them in the main build with a driver that replays their inputs.
set(SUDOKU_FUZZ_SOURCES fuzz_formats.cpp fuzz_solutions.cpp fuzz_weights.cpp fuzz_problem_config.cpp
    fuzz_checkers.cpp fuzz_run_record.cpp fuzz_journal.cpp)
list(TRANSFORM SUDOKU_FUZZ_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
