// The rules of sudoku/out_dir.hpp.
#include "sudoku/out_dir.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sudoku/path_within.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

std::optional<std::string> out_dir_conflict(const Contest& contest, const fs::path& out) {
    if (is_within(out, contest.contestants_dir))
        return "--out " + out.string() + " is inside the contestants folder " + contest.contestants_dir.string() +
               " (it would be graded as a contestant): choose a folder outside it";
    std::vector<fs::path> testdata = {contest.testdata_dir};
    for (const auto& p : contest.problems) testdata.push_back(p.testdata);
    for (const auto& dir : testdata)
        if (is_within(out, dir))
            return "--out " + out.string() + " is inside the test data folder " + dir.string() +
                   ": choose a folder outside it";
    return std::nullopt;
}

OutDirLock::~OutDirLock() {
    if (fd_ >= 0) close(fd_);  // closing the last descriptor releases the flock
}

std::variant<OutDirLock, std::string> lock_out_dir(const fs::path& out) {
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) return "cannot create --out " + out.string() + ": " + ec.message();
    const fs::path file = out / kOutDirLockFile;
    const int fd = open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0) return "cannot open " + file.string() + ": " + std::strerror(errno);
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int error = errno;
        close(fd);
        if (error == EWOULDBLOCK)
            return "another sudoku-judge is using --out " + out.string() + " (it holds " + file.string() +
                   "): wait for it to finish or choose another folder";
        return "cannot lock " + file.string() + ": " + std::strerror(error);
    }
    return OutDirLock(fd);
}

}  // namespace sudoku::judge
