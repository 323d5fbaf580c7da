// The group tree of a built test set (sudoku/problem/test_set_groups.hpp).
#include "sudoku/problem/test_set_groups.hpp"

namespace sudoku::problem {

std::vector<Group> test_set_groups(const std::vector<SecretGroup>& secret) {
    std::vector<Group> groups(3);
    groups[0].name = "data";
    groups[0].ignore_sample = true;
    groups[1].name = "sample";
    groups[1].parent = "data";
    groups[1].sample = true;
    groups[1].accept_score = 0;
    groups[2].name = "secret";
    groups[2].parent = "data";
    for (const SecretGroup& s : secret) {
        Group group;
        group.name = "secret/" + s.name;
        group.parent = "secret";
        if (s.all_or_nothing) {
            group.aggregation = Aggregation::pass_fail;
            group.max_score = s.points;
        } else {
            group.accept_score = s.points;
        }
        groups.push_back(group);
    }
    return groups;
}

Test test_set_test(std::string name, std::filesystem::path input, std::filesystem::path answer, std::string group) {
    Test test;
    test.name = std::move(name);
    test.input = std::move(input);
    test.answer = std::move(answer);
    test.sample = group == "sample";
    test.group = std::move(group);
    return test;
}

}  // namespace sudoku::problem
