// Reading a contestant's file as root without trusting it.
//
// A submission is whatever the contestant's folder holds under the expected name; the judge runs
// as root, so following it would read anything: `t.cpp -> /etc/shadow` copied into the results,
// `t.cpp -> testdata/t/01.ans` shown in a CE message, a link to another contestant's source scored
// as theirs, a FIFO that blocks the judge, a 1 GB sparse source filling the output disk. So a
// submission is copied only when it is a regular file (checked with lstat, opened with O_NOFOLLOW,
// and fstat must show the same file) and no larger than its limit, which is checked before a
// byte is read. Anything else is refused: CompileStatus::refused, with the reason.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sudoku::judge {

// Copies the regular file `from` to `to` (replaced, with `mode`) if it is at most `limit_bytes`.
// Returns why it was refused (nothing when copied); throws std::filesystem::filesystem_error when
// the judge cannot write the copy (the judge's fault, not the contestant's).
std::optional<std::string> copy_submission(const std::filesystem::path& from, const std::filesystem::path& to,
                                           std::uintmax_t limit_bytes, mode_t mode);

// Why one of `files` is refused as a file the contest shares, or nothing. A compiler quotes its
// source in its messages, so a test's answer or the judge's key submitted under a source's name
// would be shown in the CE message; copying it first would not help, the copy holds the same
// bytes. So a file with more than one name (st_nlink > 1: whatever the other is) is refused, and
// one with a single name is compared (st_dev, st_ino) with the files `contest` lists (the contest
// file, its key, the problems' configs and tests: one reached through a bind mount).
std::optional<std::string> shared_with_contest(const std::vector<std::filesystem::path>& files,
                                               const std::function<std::vector<std::filesystem::path>()>& contest);

}  // namespace sudoku::judge
