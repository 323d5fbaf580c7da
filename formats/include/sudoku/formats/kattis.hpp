// Reading a Kattis / ICPC problem package (legacy, 2023-07 and 2025-09) into the problem model.
//
//   problem.yaml                 name, type (pass-fail | scoring), limits, validation /
//                                validator_flags (legacy), problem_format_version
//   data/sample/*.in *.ans       tests; every folder below data/ is a group (legacy, 2023-07);
//   data/secret/**               2025-09: data/secret/<g>/ with test_group.yaml is a group, other
//                                folders only hold tests
//   <test>.yaml                  2025-09: a test's own output_validator_args, input_validator_args
//   testdata.yaml                legacy and 2023-07: on_reject, grader_flags (sum avg min max,
//                                worst_error first_error always_accept, ignore_sample,
//                                accept_if_any_accepted), accept_score, reject_score, range,
//                                output_validator_flags; inherited by the folders below
//   test_group.yaml              2025-09: max_score, score_aggregation (pass-fail sum min),
//                                require_pass, output_validator_args
//   output_validators/<v>/ or    a custom output validator: the kattis checker protocol
//   output_validator/
//   input_validators/*           input validators (exit 42 accepts)
//   constants (2025-09)          {{name}} and {{name.variant}} replaced in test_group.yaml here, and
//                                in the validators and submissions by the import (Problem::constants)
//   submissions/<verdict>/*      expectations: accepted, wrong_answer, time_limit_exceeded,
//                                run_time_error, rejected, partially_accepted, brute_force
//   submissions/submissions.yaml 2025-09: permitted, required, score, message, use_for_time_limit,
//                                language, entrypoint by submission pattern; permitted, required,
//                                score, message for a test group or test below one
//   include/<language>/          files added to every submission of the language (default/: of
//                                the others), Problem::included_files
//
// Refused, every one listed at once with its file and place: interactive, multi-pass and
// submit-answer problems; custom graders; `constants` before 2025-09; a link leading out of the package; a test
// file that is not a regular file; an unknown key; a number out of range.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sudoku/common/diagnostic.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::formats {

// The version a package's problem.yaml states (problem_format_version).
enum class KattisVersion { legacy, v2023_07, v2025_09 };

// A folder holding problem.yaml and data/.
bool is_kattis_package(const std::filesystem::path& dir);

// `text` with every {{name}} and {{name.variant}} of `constants` (Problem::constants) replaced by
// its value; a sequence naming no constant is left as it is.
std::string substitute_constants(std::string_view text, const std::map<std::string, std::string>& constants);

// The package at `dir` as a problem, or every reason it cannot be one.
std::variant<problem::Problem, std::vector<Diagnostic>> read_kattis(const std::filesystem::path& dir);

}  // namespace sudoku::formats
