// The rules of sudoku/common/config_paths.hpp.
#include "sudoku/common/config_paths.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>

namespace sudoku {

bool is_builtin_checker(std::string_view name) {
    return std::find(std::begin(kBuiltinCheckers), std::end(kBuiltinCheckers), name) != std::end(kBuiltinCheckers);
}

std::string box_file_name_problem(std::string_view name) {
    if (name.empty()) return "is empty";
    if (name == "." || name == "..") return "is not a file name";
    if (name == kBoxProgramName) return "is the name of the program in the box";
    for (char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-'))
            return "must be a plain file name (letters, digits, '.', '_', '-'), not a path";
    return "";
}

std::variant<std::filesystem::path, std::string> resolve_checker_path(const std::filesystem::path& config_file,
                                                                      const std::string& checker) {
    namespace fs = std::filesystem;
    if (checker.empty()) return std::string("is empty");
    fs::path path = checker;
    if (path.is_relative()) path = fs::absolute(config_file).parent_path() / path;
    path = path.lexically_normal();
    struct stat st {};
    if (stat(path.c_str(), &st) != 0) return path.string() + " does not exist";
    if (!S_ISREG(st.st_mode)) return path.string() + " is not a regular file";
    if (access(path.c_str(), X_OK) != 0) return path.string() + " is not executable";
    return path;
}

}  // namespace sudoku
