#include "skip.hpp"

#include <unistd.h>

#include <sstream>

namespace sudoku::testing {

bool on_path(const std::string& program) {
    const char* path = std::getenv("PATH");
    std::istringstream folders(path ? path : "");
    for (std::string folder; std::getline(folders, folder, ':');)
        if (!folder.empty() && access((folder + "/" + program).c_str(), X_OK) == 0) return true;
    return false;
}

}  // namespace sudoku::testing
