// A checker program run in the sandbox as another judge runs it (LemonLime's special judge and diff,
// a CMS checker): the test's files at fixed places, its box the scratch folder, and what it wrote
// there read back without following a link.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/judge/checkers/checkers.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"

namespace sudoku::judge {

// Where the program's stdout and stderr go, in its box (CheckFiles::scratch).
inline constexpr const char* kCheckerStdout = "checker.stdout";
inline constexpr const char* kCheckerStderr = "checker.stderr";

// Runs `argv` in a root of its own with `files_inside` read-only, its box files.scratch (emptied
// first), under the limits every checker has. A run the sandbox could not make, a limit it
// exceeded or a signal is the judge's fault, named after `what` ("special judge"): the record
// comes back only for a run that ended by itself, whatever its exit code.
std::variant<RunRecord, CheckResult> run_checker_program(const char* what, std::vector<std::string> argv,
                                                         std::vector<ReadOnlyBind> files_inside,
                                                         const CheckFiles& files);

// The first 64 KiB of a file a checker wrote in its box, or nothing when it wrote no regular file
// there (a link it planted is not followed).
std::optional<std::string> box_file(const std::filesystem::path& file);

// `name` in the box as the program sees it.
std::string in_box(const char* name);

}  // namespace sudoku::judge
