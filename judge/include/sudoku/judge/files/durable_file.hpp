// Writing the judge's output files so that a crash or a full disk never leaves one half-written:
// every file the judge writes whole (results.json, results.csv, report.html, shard.json) goes
// through write_file_durably, and every failure is an OutputError naming the file and the cause
// ("No space left on device" when the disk is full).
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sudoku::judge {

// The judge could not write one of its own files (disk full, read-only, permissions): the run
// stops with this message instead of carrying on or aborting.
class OutputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Replaces `file` by `text` atomically: a temporary file in the same folder is written, fsynced
// and renamed over `file`, then the folder is fsynced. On failure the temporary is removed, the
// old `file` (if any) is untouched, and an OutputError says "FILE: cannot write: REASON".
void write_file_durably(const std::filesystem::path& file, std::string_view text);

// fsync of a folder, so that a rename in it survives a power cut; throws OutputError.
void sync_directory(const std::filesystem::path& dir);

// "FILE: WHAT: strerror(errno)" as an OutputError (errno as the failed call left it).
[[noreturn]] void throw_output_error(const std::filesystem::path& file, const std::string& what);

}  // namespace sudoku::judge
