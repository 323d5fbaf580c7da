// submissions.yaml (Kattis 2025-09) as rules: what each submission pattern asks of the submissions
// it matches, on all their tests and on the test groups and tests its other keys name
// (kattis_submissions.cpp applies them to each submission).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "package_files.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::formats::kattis {

// One submission pattern and its keys.
struct Rule {
    std::string pattern;
    std::optional<std::vector<problem::Judgement>> permitted, required;
    std::optional<problem::ScoreRange> score;
    std::optional<std::string> message;
    std::optional<problem::TimeLimitUse> time_limit_use;  // use_for_time_limit false, lower or upper
    std::optional<std::string> language;                  // the format's language code: "python3"
    std::optional<std::string> entrypoint;                // the file (Python) or class (Java) it starts from
    std::vector<problem::GroupExpectation> groups;        // its keys naming a test group or test of data/
};

// The rules of submissions.yaml at `yaml`, their group keys resolved against `problem`'s tests and
// groups (read before); every pattern's refusal listed.
std::vector<Rule> read_submissions_yaml(const PackageFiles& files, const std::filesystem::path& yaml,
                                        const problem::Problem& problem, Refusals& refusals);

// The format's match of a path under submissions/ or data/: '*' any run of characters within a
// name, {a,b} either; `path` or (unless `whole`) a folder above it is the pattern.
bool glob_matches(const std::string& pattern, const std::string& path, bool whole = false);

}  // namespace sudoku::formats::kattis
