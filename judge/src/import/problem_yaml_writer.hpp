// A problem of the model as our problem.yaml (sudoku/judge/contest/plain_problem.hpp): the one layout grade
// reads, whatever the package's format was.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sudoku/problem/problem.hpp"

namespace sudoku::judge {

struct WrittenProblem {
    std::string yaml;
    std::vector<std::string> refusals;  // what the model holds that problem.yaml cannot say
};

// `problem_dir` is where problem.yaml will lie (test paths are written relative to it);
// `checker` the compiled checker's path there, when the model's checker is a program.
WrittenProblem write_problem_yaml(const problem::Problem& problem, const std::filesystem::path& problem_dir,
                                  const std::filesystem::path& checker);

// A model name ("secret/group1/01") as a plain name ("secret-group1-01").
std::string plain_name(const std::string& name);

}  // namespace sudoku::judge
