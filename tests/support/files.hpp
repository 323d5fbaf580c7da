// The files and commands the tests share: a file's whole text, a fresh scratch folder, a shell
// command's exit status.
#pragma once

#include <filesystem>
#include <string>

namespace sudoku::testing {

// The file's bytes as they are (binary: a "\r\n" the test wrote stays); empty when it cannot be read.
std::string read_text(const std::filesystem::path& file);

// Writes `text` as it is, making the folders above the file first; returns `file`, for a test that
// hands the file straight on.
std::filesystem::path write_text(const std::filesystem::path& file, const std::string& text);

// `path` emptied and made again, so that nothing of an earlier run is left in it.
std::filesystem::path fresh_folder(const std::filesystem::path& path);

// A fresh folder under the system's temporary folder named `name` and the test's process id, so
// that two runs of the suite at once do not share it.
std::filesystem::path fresh_temp_folder(const std::string& name);

// 'path', one word for the shell (paths the tests make hold no quote).
std::string shell_quoted(const std::filesystem::path& path);

// The exit status of `command` run by the shell, or -1 when a signal ended it.
int exit_status_of(const std::string& command);

}  // namespace sudoku::testing
