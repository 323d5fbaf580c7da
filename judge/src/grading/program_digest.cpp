// The rules of grading/program_digest.hpp.
#include "grading/program_digest.hpp"

#include <sys/stat.h>

#include <map>

#include "sudoku/common/sha256.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

std::optional<std::string> program_sha256(const fs::path& program) {
    struct stat st {};
    if (lstat(program.c_str(), &st) != 0) return std::nullopt;
    if (S_ISREG(st.st_mode)) return sha256_file_hex(program);
    if (!S_ISDIR(st.st_mode)) return std::nullopt;
    std::map<std::string, std::string> files;  // sorted by name: the digest does not depend on listing order
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(program, ec)) {
        if (!e.is_regular_file() || e.is_symlink()) continue;
        auto digest = sha256_file_hex(e.path());
        if (!digest) return std::nullopt;
        files[e.path().filename().string()] = *digest;
    }
    if (ec) return std::nullopt;
    Sha256 all;
    for (const auto& [name, digest] : files) all.update(name).update(std::string_view("\0", 1)).update(digest);
    return to_hex(all.finish());
}

}  // namespace sudoku::judge
