#include "sudoku/executable_copy.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

namespace sudoku::judge {
namespace {

[[noreturn]] void fail(const char* what, const std::filesystem::path& from, const std::filesystem::path& to) {
    throw std::filesystem::filesystem_error(what, from, to, std::error_code(errno, std::generic_category()));
}

}  // namespace

void copy_executable(const std::filesystem::path& from, const std::filesystem::path& to) {
    const int in = open(from.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0) fail("cannot read the program", from, to);
    unlink(to.c_str());  // a fresh inode: a runner still holding the old one cannot block this copy
    const int out = open(to.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
    if (out < 0) {
        close(in);
        fail("cannot write the program copy", from, to);
    }
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = read(in, buffer, sizeof buffer);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            close(in), close(out);
            fail("cannot read the program", from, to);
        }
        for (ssize_t done = 0; done < n;) {
            const ssize_t w = write(out, buffer + done, n - done);
            if (w < 0) {
                if (errno == EINTR) continue;
                close(in), close(out);
                fail("cannot write the program copy", from, to);
            }
            done += w;
        }
    }
    close(in);
    if (fchmod(out, 0755) != 0 || close(out) != 0) fail("cannot finish the program copy", from, to);
}

}  // namespace sudoku::judge
