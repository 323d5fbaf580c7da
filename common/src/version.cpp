#include "sudoku/common/version.hpp"

#include "sudoku_build_version.hpp"

namespace sudoku {

std::string toolkit_version() { return SUDOKU_VERSION " (git " SUDOKU_GIT_COMMIT ")"; }

}  // namespace sudoku
