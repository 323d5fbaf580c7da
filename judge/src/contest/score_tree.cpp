// Reading problem.yaml's `score_tree` (score_tree.hpp).
#include "score_tree.hpp"

#include <algorithm>
#include <limits>

#include "sudoku/common/enum_names.hpp"
#include "sudoku/judge/contest/plain_problem.hpp"

namespace sudoku::judge {

namespace {

// Scores a package may give: any sign (a Kattis reject_score may be negative), bounded.
constexpr Bounds<double> kScore{-1e9, 1e9};

bool flag(const YamlReader& in, const YAML::Node& node, const std::string& key) {
    const std::string v = in.text(node, key);
    if (v != "true" && v != "false") in.fail(node, "'" + key + "' is true or false, found '" + v + "'");
    return v == "true";
}

template <typename E>
E named(const YamlReader& in, const YAML::Node& node, const std::string& key) {
    const std::string v = in.text(node, key);
    if (auto value = from_string<E>(v)) return *value;
    in.fail(node, "'" + key + "' is one of " + joined_names<E>(", ") + ", found '" + v + "'");
}

problem::ScoreRange read_range(const YamlReader& in, const YAML::Node& node) {
    if (!node.IsMap()) in.fail(node, "'range' expects {min, max} (a missing end is unbounded)");
    in.only_keys(node, {"min", "max"}, "range");
    problem::ScoreRange r{-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
    if (node["min"]) r.min = in.number(node["min"], "min", kScore);
    if (node["max"]) r.max = in.number(node["max"], "max", kScore);
    if (r.min > r.max) in.fail(node, "'range' has min > max");
    return r;
}

bool defined(const std::vector<problem::Group>& groups, const std::string& name) {
    return std::any_of(groups.begin(), groups.end(), [&](const problem::Group& g) { return g.name == name; });
}

void read_names(const YamlReader& in, const YAML::Node& g, const std::vector<problem::Group>& earlier,
                problem::Group& out) {
    if (!g["name"]) in.fail(g, "a score_tree group needs 'name'");
    out.name = in.text(g["name"], "name");
    if (out.name.empty()) in.fail(g["name"], "a group's name is empty");
    if (defined(earlier, out.name)) in.fail(g["name"], "group '" + out.name + "' is defined twice");
    if (g["parent"]) {
        out.parent = in.text(g["parent"], "parent");
        // Parents first: the tree is read in one pass and can hold no cycle.
        if (!defined(earlier, out.parent))
            in.fail(g["parent"], "group '" + out.name + "' names parent '" + out.parent + "', not an earlier group");
    } else if (!earlier.empty()) {
        in.fail(g, "group '" + out.name + "' has no 'parent': only the first group, the root, has none");
    }
    if (const YAML::Node req = g["require_pass"]) {
        if (!req.IsSequence()) in.fail(req, "'require_pass' expects a list of group names");
        for (const auto& r : req) {
            const std::string name = in.text(r, "require_pass");
            if (!defined(earlier, name))
                in.fail(r, "group '" + out.name + "' requires '" + name + "', which is not an earlier group");
            out.require_pass.push_back(name);
        }
    }
}

problem::Group read_group(const YamlReader& in, const YAML::Node& g, const std::vector<problem::Group>& earlier) {
    if (!g.IsMap()) in.fail(g, "a score_tree group is {name, parent, aggregation, ...}");
    in.only_keys(g,
                 {"name", "parent", "aggregation", "verdict", "accept_if_any_accepted", "on_reject", "ignore_sample",
                  "sample", "accept_score", "reject_score", "max_score", "range", "require_pass"},
                 "a score_tree group");
    problem::Group out;
    read_names(in, g, earlier, out);
    if (g["aggregation"]) out.aggregation = named<problem::Aggregation>(in, g["aggregation"], "aggregation");
    if (g["verdict"]) out.verdict_rule = named<problem::VerdictRule>(in, g["verdict"], "verdict");
    if (g["accept_if_any_accepted"])
        out.accept_if_any_accepted = flag(in, g["accept_if_any_accepted"], "accept_if_any_accepted");
    if (const YAML::Node r = g["on_reject"]) {
        const std::string v = in.text(r, "on_reject");
        if (v != "break" && v != "continue") in.fail(r, "'on_reject' is break or continue, found '" + v + "'");
        out.stop_on_reject = v == "break";
    }
    if (g["ignore_sample"]) out.ignore_sample = flag(in, g["ignore_sample"], "ignore_sample");
    if (g["sample"]) out.sample = flag(in, g["sample"], "sample");
    if (g["accept_score"]) out.accept_score = in.number(g["accept_score"], "accept_score", kScore);
    if (g["reject_score"]) out.reject_score = in.number(g["reject_score"], "reject_score", kScore);
    if (g["max_score"]) out.max_score = in.number(g["max_score"], "max_score", kScore);
    if (g["range"]) out.range = read_range(in, g["range"]);
    return out;
}

}  // namespace

std::vector<problem::Group> read_score_tree(const YamlReader& in, const YAML::Node& list) {
    if (!list.IsSequence() || list.size() == 0) in.fail(list, "'score_tree' expects a list of groups, the root first");
    // A group holds at least one test, so no tree has more groups than a problem has tests.
    if (list.size() > static_cast<size_t>(plain_bounds::kMaxTests))
        in.fail(list, "more than " + std::to_string(plain_bounds::kMaxTests) + " groups");
    std::vector<problem::Group> groups;
    for (const auto& g : list) groups.push_back(read_group(in, g, groups));
    return groups;
}

problem::Problem score_tree_model(const ContestProblem& problem) {
    problem::Problem model;
    model.type = problem::ProblemType::scoring;
    model.partial_points =
        problem.partial_points == PartialPoints::lemon ? problem::PartialPoints::whole : problem::PartialPoints::exact;
    model.groups = problem.score_tree;
    const auto in_sample = [&](const std::string& group) {
        for (const problem::Group* g = problem::find_group(model, group); g; g = problem::find_group(model, g->parent))
            if (g->sample) return true;
        return false;
    };
    for (const TestCase& t : problem.tests) {
        problem::Test test;
        // The package's own path ("secret/z"), which the model orders a group's tests and groups
        // by, from the plain name the import gave the test ("secret-z").
        const std::string prefix = plain_name(t.group) + "-";
        test.name = t.name.rfind(prefix, 0) == 0 ? t.group + "/" + t.name.substr(prefix.size()) : t.name;
        test.group = t.group;
        test.sample = in_sample(t.group);
        model.tests.push_back(std::move(test));
    }
    return model;
}

}  // namespace sudoku::judge
