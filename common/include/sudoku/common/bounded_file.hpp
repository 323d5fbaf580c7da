// Reading a file someone named without trusting what it is: every file the three programs read
// (configs, puzzle files, weights, test data, journals, keys) comes through here.
//
//   open(O_NONBLOCK)   a FIFO with no writer would block open() itself; here it opens at once
//   fstat: regular?    a FIFO, a device (/dev/zero), a directory or a socket is refused before
//                      a byte is read: such a file can be endless
//   st_size <= cap?    a file larger than its kind ever is is refused before a byte is read
//   read <= cap + 1    a file that grows while it is read still stops at the cap
//
// Every refusal is a Diagnostic that names the file and says what was expected and found.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <variant>

#include "sudoku/common/diagnostic.hpp"

namespace sudoku {

// Hand-written files (YAML, JSON, weights, keys) are a few KiB; LemonLime's largest .cdf a few
// hundred KiB.
inline constexpr std::uintmax_t kMaxConfigBytes = std::uintmax_t{16} << 20;
// Puzzle files, test data and program outputs: a run's output may reach 1 GiB (output_limit's
// bound), and the checker holds it whole.
inline constexpr std::uintmax_t kMaxDataBytes = std::uintmax_t{2} << 30;

// Whether a symbolic link at the named path is followed to its target or refused as such.
enum class Links { follow, refuse };

// A regular file opened for reading (closed with the object), or why it cannot be one.
class OpenedFile {
public:
    OpenedFile(OpenedFile&& other) noexcept;
    OpenedFile& operator=(OpenedFile&&) = delete;
    OpenedFile(const OpenedFile&) = delete;
    OpenedFile& operator=(const OpenedFile&) = delete;
    ~OpenedFile();

    int fd() const { return fd_; }
    std::uintmax_t size() const { return size_; }
    // The file's owner, mode, device and inode, as fstat gave them when it was opened.
    unsigned owner() const { return owner_; }
    unsigned mode() const { return mode_; }
    std::uintmax_t device() const { return device_; }
    std::uintmax_t inode() const { return inode_; }

private:
    friend std::variant<OpenedFile, Diagnostic> open_bounded_file(const std::filesystem::path&, std::uintmax_t, Links);
    OpenedFile() = default;
    int fd_ = -1;
    std::uintmax_t size_ = 0;
    unsigned owner_ = 0, mode_ = 0;
    std::uintmax_t device_ = 0, inode_ = 0;
};

// `path` opened if it is a regular file of at most `max_bytes`.
std::variant<OpenedFile, Diagnostic> open_bounded_file(const std::filesystem::path& path, std::uintmax_t max_bytes,
                                                       Links links);

// The whole content of `file`, read while it stays within `max_bytes` (`name` in the messages).
std::variant<std::string, Diagnostic> read_opened_file(const OpenedFile& file, const std::string& name,
                                                       std::uintmax_t max_bytes);

// The whole content of the regular file `path` of at most `max_bytes`, or why not.
std::variant<std::string, Diagnostic> read_text_file(const std::filesystem::path& path, std::uintmax_t max_bytes);

// Everything readable from the open descriptor `fd` (standard input: a pipe, a terminal or a
// file), refused as soon as it passes `max_bytes`; `name` in the messages.
std::variant<std::string, Diagnostic> read_stream(int fd, const std::string& name, std::uintmax_t max_bytes);

}  // namespace sudoku
