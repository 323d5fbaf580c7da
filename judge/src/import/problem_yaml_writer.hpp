// A problem of the model as our problem.yaml (sudoku/judge/contest/plain_problem.hpp): the one layout grade
// reads, whatever the package's format was.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sudoku/judge/contest/plain_problem.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::judge {

struct WrittenProblem {
    std::string yaml;
    std::vector<std::string> refusals;  // what the model holds that problem.yaml cannot say
    std::vector<std::string> notes;     // what the host should know of how it is written
};

// `problem_dir` is where problem.yaml will lie (test paths are written relative to it);
// `checker` the compiled checker's path there, when the model's checker is a program.
WrittenProblem write_problem_yaml(const problem::Problem& problem, const std::filesystem::path& problem_dir,
                                  const std::filesystem::path& checker);

}  // namespace sudoku::judge
