// The results folder (--out) of grade and merge: where it may not be, and one judge at a time.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <variant>

#include "sudoku/judge/contest/contest.hpp"

namespace sudoku::judge {

// Why `out` cannot hold this contest's results, or nothing: inside the contestants folder it would
// be graded as a contestant (and its journal readable by the programs' folder scans); inside the
// test data it would mix results with tests.
// Equal to or above the contest's folder, its contestants or its test data, it would hold (and a
// merge replacing it would remove) what the judge did not make: refused too.
std::optional<std::string> out_dir_conflict(const Contest& contest, const std::filesystem::path& out);

// The file that marks a folder as a judge's --out. The judge writes into, and removes from, only a
// folder that is empty or carries it, and only the names it writes there itself.
inline constexpr const char* kOutDirMarkerFile = ".sudoku-judge-out";

// Why `out` is not the judge's to write (it holds a file without the marker, or a name the judge
// never writes), or nothing: an absent or empty folder, or one with the marker and judge files only.
std::optional<std::string> out_dir_not_ours(const std::filesystem::path& out);

// Every check grade and merge make of --out before they lock it (out_dir_conflict when a contest
// is given, then out_dir_not_ours): why it cannot be used, or nothing. doctor --out asks the same.
std::optional<std::string> out_dir_unusable(const Contest* contest, const std::filesystem::path& out);

// Marks `out` (existing) as a judge's results folder; throws OutputError when it cannot.
void mark_out_dir(const std::filesystem::path& out);

// An exclusive flock on DIR/.judge.lock, held while it lives: two judges on one --out would share
// the slot boxes and the journal (one contestant's runs graded in another's box, results lost).
class OutDirLock {
public:
    explicit OutDirLock(int fd) : fd_(fd) {}
    OutDirLock(OutDirLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    OutDirLock(const OutDirLock&) = delete;
    OutDirLock& operator=(const OutDirLock&) = delete;
    OutDirLock& operator=(OutDirLock&&) = delete;
    ~OutDirLock();

private:
    int fd_;
};

inline constexpr const char* kOutDirLockFile = ".judge.lock";

// Creates `out` if needed and locks it, or says why not (another judge holds it, or an error).
std::variant<OutDirLock, std::string> lock_out_dir(const std::filesystem::path& out);

}  // namespace sudoku::judge
