// What a problem config may name on disk, and how those names become paths.
//
//   input / output   a plain file name inside the run's box: letters, digits, '.', '_' and '-',
//                    not "." or "..", not the box's own program "prog" (or stdin / stdout).
//                    A path here ("/etc/passwd", "../x") would let the judge, running as root,
//                    overwrite or grade a host file.
//   checker          a built-in checker's name, or a testlib checker: an executable regular file,
//                    absolute or relative to the config's own folder (never to the current
//                    directory), resolved to an absolute path once, when the config is read.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <variant>

namespace sudoku {

// The checkers the judge runs in-process (documented in sudoku/judge/checkers/checkers.hpp of the judge).
inline constexpr std::string_view kBuiltinCheckers[] = {"tokens", "exact", "lines", "sudoku"};

// The name the box gives the contestant's program; no input or output file may take it.
inline constexpr std::string_view kBoxProgramName = "prog";

bool is_builtin_checker(std::string_view name);

// Why `name` cannot be the box's input or output file, or empty when it can.
std::string box_file_name_problem(std::string_view name);

// The checker named in `config_file` as an absolute path, or why it cannot be one.
std::variant<std::filesystem::path, std::string> resolve_checker_path(const std::filesystem::path& config_file,
                                                                      const std::string& checker);

}  // namespace sudoku
