// The group tree of a test set built from a sudoku config, in the problem model: what the test
// set's reader (generator/) and a contest's export (judge/) both map a built test set to.
//
//   data (root, scored by secret alone) ─┬─ sample (scored 0) ─ sample tests
//                                        └─ secret ─┬─ secret/<g1> ─ tests
//                                                   └─ secret/<g2> ─ tests
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sudoku/problem/problem.hpp"

namespace sudoku::problem {

// One group of a test set's secret tests, and how it scores.
struct SecretGroup {
    std::string name;             // below secret/: "easy" for "secret/easy"
    bool all_or_nothing = false;  // `points` for the group when every test passes (per-group scoring)
    double points = 0;            // else `points` for each accepted test
};

// data, sample and secret, then secret/<name> for each of `secret` in its order.
std::vector<Group> test_set_groups(const std::vector<SecretGroup>& secret);

// A test of the tree: `group` is "sample" or "secret/<name>", and a test of "sample" is a sample.
Test test_set_test(std::string name, std::filesystem::path input, std::filesystem::path answer, std::string group);

}  // namespace sudoku::problem
