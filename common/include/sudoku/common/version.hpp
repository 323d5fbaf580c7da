// Which build of the toolkit this is: every program's --version, results.json's judge_version,
// the report, and the shards merge accepts (only of one judge version).
#pragma once

#include <string>

namespace sudoku {

// "0.1.0 (git fc35d4d5a1b2)": CMake's project() version and the commit (`git describe --dirty`:
// "-dirty" when the tree held changes), "unknown" when built without git.
std::string toolkit_version();

}  // namespace sudoku
