// The model's invariants (sudoku/problem/problem.hpp).
#include "sudoku/problem/problem.hpp"

#include <algorithm>
#include <set>

namespace sudoku::problem {

const Group* find_group(const Problem& problem, std::string_view name) {
    auto it =
        std::find_if(problem.groups.begin(), problem.groups.end(), [&](const Group& g) { return g.name == name; });
    return it == problem.groups.end() ? nullptr : &*it;
}

std::string root_group(const Problem& problem) {
    for (const auto& g : problem.groups)
        if (g.parent.empty()) return g.name;
    return "data";
}

namespace {

// Is every test below `group` ... checked by the scorer; here only names and order.
void check_groups(const Problem& problem, std::vector<std::string>& out) {
    std::set<std::string> seen;
    int roots = 0;
    for (const auto& g : problem.groups) {
        if (!seen.insert(g.name).second) out.push_back("group '" + g.name + "' is defined twice");
        if (g.parent.empty())
            ++roots;
        else if (!seen.count(g.parent) || g.parent == g.name)
            out.push_back("group '" + g.name + "' names parent '" + g.parent + "', which is not an earlier group");
        for (const auto& r : g.require_pass) {
            const Group* req = find_group(problem, r);
            if (!req || !seen.count(r) || r == g.name)
                out.push_back("group '" + g.name + "' requires '" + r + "', which is not an earlier group");
        }
        if (g.range && g.range->min > g.range->max)
            out.push_back("group '" + g.name + "': its score range is upside down");
        if (g.aggregation == Aggregation::pass_fail && g.max_score && *g.max_score < 0)
            out.push_back("group '" + g.name + "': a negative max_score");
    }
    if (!problem.groups.empty() && roots != 1)
        out.push_back("expected one root group (without a parent), found " + std::to_string(roots));
}

}  // namespace

std::vector<std::string> model_problems(const Problem& problem) {
    std::vector<std::string> out;
    check_groups(problem, out);
    std::set<std::string> names;
    for (const auto& t : problem.tests) {
        if (!names.insert(t.name).second) out.push_back("test '" + t.name + "' is defined twice");
        if (problem.groups.empty()) continue;
        if (!find_group(problem, t.group))
            out.push_back("test '" + t.name + "' is in group '" + t.group + "', which is not defined");
    }
    std::set<std::string> contestants;
    for (const auto& e : problem.expectations)
        if (!contestants.insert(e.contestant).second)
            out.push_back("two submissions are graded as '" + e.contestant + "'");
    return out;
}

Judgement in_format(const Problem& problem, Judgement judgement) {
    if (problem.memory_is_run_time_error && judgement == Judgement::memory_limit_exceeded)
        return Judgement::run_time_error;
    return judgement;
}

}  // namespace sudoku::problem
