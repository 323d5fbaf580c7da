// The bounded reader of sudoku/common/bounded_file.hpp.
#include "sudoku/common/bounded_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace sudoku {

namespace {

std::string kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

// 16 MiB, 2 GiB, 1000 bytes: the caps are whole MiB or GiB.
std::string shown_bytes(std::uintmax_t bytes) {
    if (bytes >= (1u << 30) && bytes % (1u << 30) == 0) return std::to_string(bytes >> 30) + " GiB";
    if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

Diagnostic too_large(const std::string& name, std::uintmax_t max_bytes, const std::string& found) {
    return {name, 0, 0, "expected a file of at most " + shown_bytes(max_bytes) + ", found " + found};
}

Diagnostic cannot_read(const std::string& name, int error) {
    return {name, 0, 0, std::string("cannot read: ") + std::strerror(error)};
}

// Appends what `fd` holds to `content` while it stays within `max_bytes`; false when it does not.
bool read_within(int fd, std::string& content, std::uintmax_t max_bytes, int& error) {
    char chunk[1 << 16];
    for (;;) {
        const ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            error = errno;
            return true;
        }
        if (n == 0) return true;
        if (content.size() + static_cast<std::size_t>(n) > max_bytes) return false;
        content.append(chunk, static_cast<std::size_t>(n));
    }
}

}  // namespace

OpenedFile::OpenedFile(OpenedFile&& other) noexcept
    : fd_(other.fd_),
      size_(other.size_),
      owner_(other.owner_),
      mode_(other.mode_),
      device_(other.device_),
      inode_(other.inode_) {
    other.fd_ = -1;
}

OpenedFile::~OpenedFile() {
    if (fd_ >= 0) close(fd_);
}

std::variant<OpenedFile, Diagnostic> open_bounded_file(const std::filesystem::path& path, std::uintmax_t max_bytes,
                                                       Links links) {
    OpenedFile file;
    const int no_follow = links == Links::refuse ? O_NOFOLLOW : 0;
    file.fd_ = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | no_follow);
    if (file.fd_ < 0 && errno == ELOOP && links == Links::refuse)
        return Diagnostic{path.string(), 0, 0, "expected a regular file, found a symbolic link (not followed)"};
    if (file.fd_ < 0) return cannot_read(path.string(), errno);
    struct stat st {};
    if (fstat(file.fd_, &st) != 0) return cannot_read(path.string(), errno);
    if (!S_ISREG(st.st_mode))
        return Diagnostic{path.string(), 0, 0, "expected a regular file, found " + kind_of(st.st_mode)};
    const auto size = static_cast<std::uintmax_t>(st.st_size);
    if (size > max_bytes) return too_large(path.string(), max_bytes, std::to_string(size) + " bytes");
    file.size_ = size;
    file.owner_ = st.st_uid;
    file.mode_ = st.st_mode;
    file.device_ = st.st_dev;
    file.inode_ = st.st_ino;
    return file;
}

std::variant<std::string, Diagnostic> read_opened_file(const OpenedFile& file, const std::string& name,
                                                       std::uintmax_t max_bytes) {
    // One buffer of the file's size, filled in place: a stream's doubling buffer and its copy would
    // take three times the file at their peak.
    std::string content;
    content.reserve(static_cast<std::size_t>(std::min(file.size(), max_bytes)));
    int error = 0;
    if (!read_within(file.fd(), content, max_bytes, error))
        return too_large(name, max_bytes, "more while it was read (it grows)");
    if (error != 0) return cannot_read(name, error);
    return content;
}

std::variant<std::string, Diagnostic> read_text_file(const std::filesystem::path& path, std::uintmax_t max_bytes) {
    auto opened = open_bounded_file(path, max_bytes, Links::follow);
    if (auto* refusal = std::get_if<Diagnostic>(&opened)) return *refusal;
    return read_opened_file(std::get<OpenedFile>(opened), path.string(), max_bytes);
}

std::variant<std::string, Diagnostic> read_stream(int fd, const std::string& name, std::uintmax_t max_bytes) {
    struct stat st {};
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && static_cast<std::uintmax_t>(st.st_size) > max_bytes)
        return too_large(name, max_bytes, std::to_string(st.st_size) + " bytes");
    // A device other than a terminal or /dev/null (Linux's character device 1:3) is endless or
    // not text: /dev/zero would be read up to the cap before it is refused.
    if (S_ISCHR(st.st_mode) && !isatty(fd) && st.st_rdev != makedev(1, 3))
        return Diagnostic{name, 0, 0, "expected a file, a pipe or a terminal, found a character device"};
    std::string content;
    int error = 0;
    if (!read_within(fd, content, max_bytes, error)) return too_large(name, max_bytes, "more");
    if (error != 0) return cannot_read(name, error);
    return content;
}

}  // namespace sudoku
