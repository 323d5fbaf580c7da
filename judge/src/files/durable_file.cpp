// Temp file, write, fsync, rename, fsync the folder: the only way the judge writes a whole file.
#include "sudoku/judge/files/durable_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace sudoku::judge {

namespace fs = std::filesystem;

void throw_output_error(const fs::path& file, const std::string& what) {
    const int error = errno;
    std::string cause = std::strerror(error);
    // ENOSPC also means that the file system has no inode left for a new file, with blocks to spare.
    const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
    struct statvfs fs_stat {};
    if (error == ENOSPC && statvfs(folder.c_str(), &fs_stat) == 0 && fs_stat.f_favail == 0)
        cause = "no inodes left on the file system of " + folder.string() + " (df -i " + folder.string() + ")";
    throw OutputError(file.string() + ": " + what + ": " + cause);
}

void sync_directory(const fs::path& dir) {
    const int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) throw_output_error(dir, "cannot open the folder to sync it");
    const bool synced = fsync(fd) == 0;
    const int saved = errno;
    close(fd);
    errno = saved;
    if (!synced) throw_output_error(dir, "cannot sync the folder");
}

namespace {

// Writes all of `text` to `fd`; false with errno set on the first failure (ENOSPC included).
bool write_all(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = ENOSPC;
            return false;
        }
        text.remove_prefix(static_cast<size_t>(n));
    }
    return true;
}

}  // namespace

void write_file_durably(const fs::path& file, std::string_view text) {
    const fs::path dir = file.has_parent_path() ? file.parent_path() : fs::path(".");
    std::string temp_name = ".";  // hidden beside the file: the same disk, so rename is atomic
    temp_name += file.filename().string();
    temp_name += ".XXXXXX";
    std::string temp = (dir / temp_name).string();
    const int fd = mkostemp(temp.data(), O_CLOEXEC);
    if (fd < 0) throw_output_error(file, "cannot write");
    const bool written = write_all(fd, text) && fchmod(fd, 0644) == 0 && fsync(fd) == 0;
    int saved = errno;
    const bool closed = close(fd) == 0;
    if (written && !closed) saved = errno;
    if (!written || !closed || rename(temp.c_str(), file.c_str()) != 0) {
        if (written && closed) saved = errno;
        unlink(temp.c_str());
        errno = saved;
        throw_output_error(file, "cannot write");
    }
    sync_directory(dir);
}

}  // namespace sudoku::judge
