#include "support/files.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>

namespace fs = std::filesystem;

namespace sudoku::testing {

std::string read_text(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

fs::path write_text(const fs::path& file, const std::string& text) {
    if (file.has_parent_path()) fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
    return file;
}

fs::path fresh_folder(const fs::path& path) {
    fs::remove_all(path);
    fs::create_directories(path);
    return path;
}

fs::path fresh_temp_folder(const std::string& name) {
    return fresh_folder(fs::temp_directory_path() / (name + "-" + std::to_string(::getpid())));
}

std::string shell_quoted(const fs::path& path) {
    // Appended piece by piece: "'" + string trips GCC 12's -Wrestrict.
    std::string word = "'";
    word += path.string();
    word += "'";
    return word;
}

int exit_status_of(const std::string& command) {
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace sudoku::testing
