// problem.yaml's `score_tree`: a package's own groups as the problem model holds them
// (format in sudoku/judge/contest/plain_problem.hpp).
#pragma once

#include <vector>

#include "sudoku/common/yaml_reader.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::judge {

// The groups listed under `score_tree`, parents before children; every fault a Diagnostic at its
// line (through `in`).
std::vector<problem::Group> read_score_tree(const YamlReader& in, const YAML::Node& list);

}  // namespace sudoku::judge
