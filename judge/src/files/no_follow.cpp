// The rules of sudoku/judge/files/no_follow.hpp.
#include "sudoku/judge/files/no_follow.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

// A descriptor closed at the end of its scope, errno kept as the failed call left it.
class Fd {
public:
    explicit Fd(int fd) : fd_(fd) {}
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    Fd(Fd&& other) noexcept : fd_(other.release()) {}
    Fd& operator=(Fd&& other) noexcept {
        std::swap(fd_, other.fd_);
        return *this;
    }
    ~Fd() {
        const int saved = errno;
        if (fd_ >= 0) close(fd_);
        errno = saved;
    }
    int get() const { return fd_; }
    int release() { return std::exchange(fd_, -1); }
    explicit operator bool() const { return fd_ >= 0; }

private:
    int fd_;
};

// The path without "." parts or a trailing slash, so that its last part is a name.
fs::path tidy(const fs::path& path) {
    fs::path p = path.lexically_normal();
    if (!p.has_filename() && p.has_relative_path()) p = p.parent_path();
    return p;
}

// The folder `name` in `dir`, opened only if it is a folder itself (O_PATH with O_NOFOLLOW would
// otherwise open a link as the link).
Fd open_folder_in(int dir, const std::string& name) {
    Fd fd(openat(dir, name.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    struct stat st {};
    if (fd && (fstat(fd.get(), &st) != 0 || !S_ISDIR(st.st_mode))) {
        errno = ENOTDIR;
        return Fd(-1);
    }
    return fd;
}

// Where a walk starts: `/` for an absolute path, the current folder otherwise.
Fd walk_start(const fs::path& p) { return Fd(open(p.is_absolute() ? "/" : ".", O_PATH | O_DIRECTORY | O_CLOEXEC)); }

// The folder holding `p`'s last part, every folder on the way opened with O_NOFOLLOW.
Fd open_parent(const fs::path& p) {
    Fd dir = walk_start(p);
    for (const auto& part : p.parent_path().relative_path()) {
        if (!dir) break;
        dir = open_folder_in(dir.get(), part.string());
    }
    return dir;
}

int open_by_walking(const fs::path& p, int flags, mode_t mode) {
    const Fd parent = open_parent(p);
    if (!parent) return -1;
    return openat(parent.get(), p.filename().c_str(), flags | O_NOFOLLOW | O_CLOEXEC, mode);
}

[[noreturn]] void refuse_link(const fs::path& where, const std::string& what) {
    throw OutputError(where.string() + ": " + what +
                      ": the judge follows no link in its own folder; remove it or choose another --out");
}

// Removes `name` in `dir`; a folder is emptied through its own descriptor first. `shown` names it.
void remove_in(int dir, const std::string& name, const fs::path& shown) {
    if (unlinkat(dir, name.c_str(), 0) == 0 || errno == ENOENT) return;
    if (errno != EISDIR && errno != EPERM) throw_output_error(shown, "cannot remove");
    const int listing_fd = openat(dir, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (listing_fd < 0) {
        if (errno == ENOENT) return;
        throw_output_error(shown, "cannot open the folder to empty it");
    }
    DIR* listing = fdopendir(listing_fd);
    if (!listing) {
        close(listing_fd);
        throw_output_error(shown, "cannot list the folder to empty it");
    }
    std::vector<std::string> names;
    while (const dirent* entry = readdir(listing)) {
        const std::string n = entry->d_name;
        if (n != "." && n != "..") names.push_back(n);
    }
    try {
        for (const auto& n : names) remove_in(dirfd(listing), n, shown / n);
    } catch (...) {
        closedir(listing);
        throw;
    }
    closedir(listing);
    if (unlinkat(dir, name.c_str(), AT_REMOVEDIR) != 0 && errno != ENOENT)
        throw_output_error(shown, "cannot remove the folder");
}

}  // namespace

fs::path own_folder(const fs::path& out) {
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(out, ec))) refuse_link(out, "is a link, not a folder");
    fs::create_directories(out, ec);
    if (ec) throw OutputError(out.string() + ": cannot make the folder: " + ec.message());
    const fs::path real = fs::canonical(out, ec);
    if (ec) throw OutputError(out.string() + ": cannot resolve the folder: " + ec.message());
    make_folders_no_follow(real);  // the host's own links above it resolved, a folder
    return real;
}

int open_no_follow(const fs::path& file, int flags, mode_t mode) {
    const fs::path p = tidy(file);
    open_how how{};
    how.flags = static_cast<__u64>(flags | O_CLOEXEC);
    how.mode = (flags & (O_CREAT | O_TMPFILE)) != 0 ? mode : 0;
    how.resolve = RESOLVE_NO_SYMLINKS;
    const long fd = syscall(SYS_openat2, AT_FDCWD, p.c_str(), &how, sizeof how);
    if (fd >= 0 || errno != ENOSYS) return static_cast<int>(fd);
    return open_by_walking(p, flags, mode);  // a kernel older than 5.6
}

void make_folders_no_follow(const fs::path& dir) {
    const fs::path p = tidy(dir);
    Fd at = walk_start(p);
    if (!at) throw_output_error(p, "cannot open the folder to start from");
    fs::path reached = p.is_absolute() ? p.root_path() : fs::path();
    for (const auto& part : p.relative_path()) {
        reached /= part;
        if (mkdirat(at.get(), part.c_str(), 0755) != 0 && errno != EEXIST)
            throw_output_error(reached, "cannot make the folder");
        at = open_folder_in(at.get(), part.string());
        if (!at) refuse_link(reached, "is a link or a file where the judge keeps a folder");
    }
}

void remove_no_follow(const fs::path& path) {
    const fs::path p = tidy(path);
    const Fd parent = open_parent(p);
    if (!parent) {
        if (errno == ENOENT) return;  // nothing there, nor above
        refuse_link(p.parent_path(), "is a link or a file where the judge keeps a folder");
    }
    remove_in(parent.get(), p.filename().string(), p);
}

}  // namespace sudoku::judge
