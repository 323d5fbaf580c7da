// Copying a program into a run's box without making it "busy".
//
// std::filesystem::copy_file opens the destination without O_CLOEXEC. While one job slot copies
// a binary, another slot's thread may spawn a runner, which then inherits a writable descriptor
// to that binary for as long as it lives; exec of the binary then fails with ETXTBSY ("Text file
// busy") and the test would end in a judge fault. Every copy of a file that will be executed goes
// through here.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <limits>
#include <system_error>

namespace sudoku::judge {

// Copies `from` to `to` (replacing it) through close-on-exec descriptors and makes it executable
// by everyone (the run's uid is not the judge's). Throws std::filesystem::filesystem_error.
void copy_executable(const std::filesystem::path& from, const std::filesystem::path& to);

// The same copy from the open descriptor `in` (named `from` in messages) with `mode`; throws
// std::length_error, leaving a partial `to`, when more than `limit_bytes` arrive.
void copy_open_file(int in, const std::filesystem::path& from, const std::filesystem::path& to, mode_t mode,
                    std::uintmax_t limit_bytes = std::numeric_limits<std::uintmax_t>::max());

}  // namespace sudoku::judge
