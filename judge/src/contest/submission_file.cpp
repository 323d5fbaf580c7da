// copy_submission: see contest/submission_file.hpp.
#include "contest/submission_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files/executable_copy.hpp"

namespace sudoku::judge {

namespace {

std::string kind_of(mode_t mode) {
    if (S_ISLNK(mode)) return "a symbolic link (not followed)";
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

std::string over_limit(std::uintmax_t size, std::uintmax_t limit) {
    return "is " + std::to_string(size) + " bytes, over the limit of " + std::to_string(limit) + " bytes";
}

}  // namespace

std::optional<std::string> copy_submission(const std::filesystem::path& from, const std::filesystem::path& to,
                                           std::uintmax_t limit_bytes, mode_t mode) {
    const std::string name = from.filename().string();
    struct stat named {};
    if (lstat(from.c_str(), &named) != 0) return name + " cannot be read: it is gone";
    if (!S_ISREG(named.st_mode)) return name + " is " + kind_of(named.st_mode) + "; only a regular file is graded";
    if (static_cast<std::uintmax_t>(named.st_size) > limit_bytes)
        return name + " " + over_limit(named.st_size, limit_bytes);
    // O_NONBLOCK: a FIFO swapped in after the lstat must not block the judge in open.
    const int in = open(from.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (in < 0) return name + " cannot be opened without following a link";
    struct stat opened {};
    if (fstat(in, &opened) != 0 || !S_ISREG(opened.st_mode) || opened.st_dev != named.st_dev ||
        opened.st_ino != named.st_ino || static_cast<std::uintmax_t>(opened.st_size) > limit_bytes) {
        close(in);
        return name + " changed while the judge opened it";
    }
    try {
        copy_open_file(in, from, to, mode, limit_bytes);
    } catch (const std::length_error&) {
        close(in);
        std::error_code ignored;
        std::filesystem::remove(to, ignored);
        return name + " grew over the limit of " + std::to_string(limit_bytes) + " bytes while it was copied";
    } catch (...) {
        close(in);
        throw;
    }
    close(in);
    return std::nullopt;
}

}  // namespace sudoku::judge

namespace sudoku::judge {

namespace {

bool same_file(const struct stat& a, const struct stat& b) { return a.st_dev == b.st_dev && a.st_ino == b.st_ino; }

}  // namespace

std::optional<std::string> shared_with_contest(const std::vector<std::filesystem::path>& files,
                                               const std::function<std::vector<std::filesystem::path>()>& contest) {
    std::vector<std::pair<std::filesystem::path, struct stat>> named;
    for (const auto& file : files) {
        struct stat st {};
        if (lstat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;  // refused as such when copied
        if (st.st_nlink > 1)
            return file.filename().string() + " is a hard link (" + std::to_string(st.st_nlink) +
                   " names): only a file with one name is graded, another may be the test data or the judge's key";
        named.emplace_back(file, st);
    }
    if (named.empty()) return std::nullopt;
    for (const auto& own : contest()) {
        struct stat st {};
        if (stat(own.c_str(), &st) != 0) continue;
        for (const auto& [file, file_st] : named)
            if (same_file(file_st, st))
                return file.filename().string() + " is the contest's own file " + own.string() +
                       " (the same inode): only the contestant's own file is graded";
    }
    return std::nullopt;
}

}  // namespace sudoku::judge
