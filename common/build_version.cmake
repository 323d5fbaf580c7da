# Run at every build (common/CMakeLists.txt): writes OUTPUT, the header naming this build's version
# and git commit, rewritten only when they change, so only common/src/version.cpp is recompiled.
# A source tree without .git (a release tarball) or without git says "unknown".
set(SUDOKU_GIT_COMMIT unknown)
find_program(GIT_EXECUTABLE git)
if(GIT_EXECUTABLE AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" describe --always --dirty --abbrev=12
                  OUTPUT_VARIABLE described RESULT_VARIABLE failed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT failed AND described)
    set(SUDOKU_GIT_COMMIT "${described}")
  endif()
endif()
configure_file("${TEMPLATE}" "${OUTPUT}" @ONLY)
