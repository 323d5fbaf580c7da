#include "files/executable_copy.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <string>

namespace sudoku::judge {
namespace {

[[noreturn]] void fail(const char* what, const std::filesystem::path& from, const std::filesystem::path& to) {
    throw std::filesystem::filesystem_error(what, from, to, std::error_code(errno, std::generic_category()));
}

}  // namespace

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): mode then limit, as the header declares; a swap fails the tests
void copy_open_file(int in, const std::filesystem::path& from, const std::filesystem::path& to, mode_t mode,
                    std::uintmax_t limit_bytes) {
    // A fresh inode: a runner still holding the old one cannot block this copy, and a link planted
    // in the old one's place is removed, never written through.
    unlink(to.c_str());
    const int out = open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (out < 0) fail("cannot write the program copy", from, to);
    char buffer[1 << 16];
    std::uintmax_t copied = 0;
    for (;;) {
        const ssize_t n = read(in, buffer, sizeof buffer);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            close(out);
            fail("cannot read the program", from, to);
        }
        copied += static_cast<std::uintmax_t>(n);
        if (copied > limit_bytes) {
            close(out);
            throw std::length_error(from.string() + ": over " + std::to_string(limit_bytes) + " bytes");
        }
        for (ssize_t done = 0; done < n;) {
            const ssize_t w = write(out, buffer + done, n - done);
            if (w < 0) {
                if (errno == EINTR) continue;
                close(out);
                fail("cannot write the program copy", from, to);
            }
            done += w;
        }
    }
    if (fchmod(out, mode) != 0 || close(out) != 0) fail("cannot finish the program copy", from, to);
}

void copy_executable(const std::filesystem::path& from, const std::filesystem::path& to) {
    const int in = open(from.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0) fail("cannot read the program", from, to);
    try {
        copy_open_file(in, from, to, 0755);
    } catch (...) {
        close(in);
        throw;
    }
    close(in);
}

}  // namespace sudoku::judge
