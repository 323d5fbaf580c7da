// Reading a DOMjudge problem package (a folder, or a zip of one) into the problem model.
//
// A DOMjudge package is a Kattis package (sudoku/formats/kattis.hpp; its problem.yaml optional)
// with DOMjudge's own additions:
//   domjudge-problem.ini   name, timelimit (seconds), special_compare (the output validator's
//                          folder under output_validators/), points (what the problem is worth)
//   .timelimit             the time limit in seconds (the ini's timelimit wins)
//   @EXPECTED_RESULTS@:    a tag in a submission's source naming the judgements it may end with
//                          (CORRECT, WRONG-ANSWER, TIMELIMIT, RUN-ERROR, COMPILER-ERROR,
//                          NO-OUTPUT, OUTPUT-LIMIT, and the Kattis words); it replaces what the
//                          submission's folder would say
//   submissions/<folder>/  accepted, wrong_answer, time_limit_exceeded, run_time_error,
//                          compiler_error, no_output, output_limit (folders without a tag), and
//                          any folder whose submissions carry tags; check_manually is never
//                          verified (left out, and said so)
// DOMjudge's extensions (.c++, .cc, .p) and file names with spaces, '#' or '\' are read; a
// contestant's name keeps letters, digits, '.', '-' and '_' of the file name.
//
// A zip is unpacked with libarchive into a folder the caller gives, bounded: at most 100,000
// entries, 4 GiB in all, regular files and folders only (a link, a device, an absolute path or a
// '..' in an entry's name is refused, naming the entry).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/common/diagnostic.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::formats {

// A folder holding domjudge-problem.ini, or .timelimit beside data/.
bool is_domjudge_package(const std::filesystem::path& dir);

std::variant<problem::Problem, std::vector<Diagnostic>> read_domjudge(const std::filesystem::path& dir);

// Unpacks `zip` into the folder `into` (made, must not exist); every refusal, or none.
std::vector<Diagnostic> unpack_zip(const std::filesystem::path& zip, const std::filesystem::path& into);

// The names of the entries of `zip`, in the archive's order, without unpacking it (at most
// 100,000, as unpack_zip reads); nullopt when it is not a zip libarchive can read.
std::optional<std::vector<std::string>> zip_entry_names(const std::filesystem::path& zip);

}  // namespace sudoku::formats
