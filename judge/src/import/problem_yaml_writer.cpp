// The model as problem.yaml (problem_yaml_writer.hpp).
#include "problem_yaml_writer.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "sudoku/judge/contest/plain_problem.hpp"
#include "sudoku/problem/scoring.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;
using problem::Aggregation;
using problem::Group;
using problem::Problem;

namespace {

std::string quoted(const std::string& text) { return nlohmann::json(text).dump(); }

std::string number(double v) {
    std::ostringstream s;
    s.precision(12);
    s << v;
    return s.str();
}

// A group of problem.yaml: a leaf of the model's tree, scored by one rule.
struct PlainGroup {
    std::string name;
    std::vector<std::string> tests;  // plain test names
    double points = 0;
    GroupRule rule = GroupRule::per_test;
    std::vector<std::string> depends;
};

// The plain groups below model group `name` (itself when a leaf): their points add up to its score.
std::vector<std::string> leaves_under(const Problem& p, const std::vector<PlainGroup>& leaves,
                                      const std::string& name) {
    std::vector<std::string> out;
    for (const auto& leaf : leaves)
        for (const Group* g = problem::find_group(p, leaf.name); g; g = problem::find_group(p, g->parent))
            if (g->name == name) {
                out.push_back(plain_name(leaf.name));
                break;
            }
    return out;
}

// The model's groups as plain groups, and why they cannot be when a rule of the package goes
// beyond them (then the writer gives the package's own tree instead).
class GroupMapper {
public:
    GroupMapper(const Problem& p, std::vector<std::string>& beyond) : p_(p), beyond_(beyond) {}

    std::vector<PlainGroup> map() {
        const bool validator_scores =
            p_.checker.kind == problem::CheckerKind::program && p_.checker.protocol == problem::CheckerProtocol::kattis;
        // A plain group's test earns a share of its points: a score of its own (score.txt), which
        // may pass them or stand on a test worth none, is the tree's to count.
        if (validator_scores && p_.type == problem::ProblemType::scoring)
            beyond_.push_back("output validator may give tests scores of their own (score.txt)");
        for (const auto& g : p_.groups) {
            const bool has_tests =
                std::any_of(p_.tests.begin(), p_.tests.end(), [&](auto& t) { return t.group == g.name; });
            const bool has_groups =
                std::any_of(p_.groups.begin(), p_.groups.end(), [&](auto& c) { return c.parent == g.name; });
            if (has_tests && has_groups) beyond(g, "holds both tests and groups");
            if (has_tests) leaf(g);
        }
        return out_;
    }

private:
    void beyond(const Group& g, const std::string& why) const { beyond_.push_back("group '" + g.name + "' " + why); }

    const Group* parent(const Group& g) const { return g.parent.empty() ? nullptr : problem::find_group(p_, g.parent); }

    int contributing_children(const Group& a) const {
        int n = 0;
        for (const auto& c : p_.groups) n += c.parent == a.name && !(a.ignore_sample && c.sample);
        for (const auto& t : p_.tests) n += t.group == a.name;
        return n;
    }

    // A leaf's points reach the problem's score unchanged when every group above adds its
    // children up (or has only this one).
    bool sums_up(const Group& leaf, bool& ignored) const {
        const Group* child = &leaf;
        for (const Group* a = parent(leaf); a; child = a, a = parent(*a)) {
            if (a->ignore_sample && child->sample) ignored = true;
            if (contributing_children(*a) > 1 && a->aggregation != Aggregation::sum) {
                beyond(*a, "takes the " + std::string(to_string(a->aggregation)) + " of its groups");
                return false;
            }
            // The plain groups are scored each on its own: none stops its later siblings.
            if (contributing_children(*a) > 1 && a->stop_on_reject) {
                beyond(*a, "stops at its first rejected group");
                return false;
            }
        }
        return true;
    }

    void leaf(const Group& g) {
        PlainGroup pg;
        pg.name = g.name;
        size_t n = 0;
        for (const auto& t : p_.tests)
            if (t.group == g.name) pg.tests.push_back(plain_name(t.name)), ++n;
        bool ignored = false;
        if (!sums_up(g, ignored)) return;
        if (p_.type == problem::ProblemType::pass_fail) {
            pg.rule = GroupRule::per_group;
            pg.points = 0;
        } else if (!rule(g, n, pg)) {
            return;
        }
        if (ignored) pg.points = 0;
        for (const Group* a = &g; a; a = parent(*a))
            for (const auto& r : a->require_pass)
                for (auto& l : leaves_under(p_, out_, r)) pg.depends.push_back(l);
        out_.push_back(std::move(pg));
    }

    bool rule(const Group& g, size_t n, PlainGroup& pg) {
        if (g.reject_score != 0) return beyond(g, "gives rejected tests a score"), false;
        if (g.stop_on_reject && n > 1 &&
            (g.aggregation == Aggregation::sum || g.aggregation == Aggregation::average ||
             g.aggregation == Aggregation::max))
            // The judge runs every test: a later accepted test would count where the package's stops.
            return beyond(g, "stops at its first rejected test while adding or taking the max of its tests"), false;
        switch (g.aggregation) {
            case Aggregation::pass_fail:
                if (!g.max_score) return beyond(g, "is pass-fail without a max_score"), false;
                pg.rule = GroupRule::per_group, pg.points = *g.max_score;
                return true;
            case Aggregation::min:
                pg.rule = GroupRule::per_group, pg.points = g.accept_score;
                return true;
            case Aggregation::sum:
                pg.points = g.accept_score * static_cast<double>(n);
                return true;
            case Aggregation::average:
                pg.points = g.accept_score;
                return true;
            case Aggregation::max:
                pg.rule = GroupRule::max, pg.points = g.accept_score;
                return true;
        }
        return false;
    }

    const Problem& p_;
    std::vector<std::string>& beyond_;
    std::vector<PlainGroup> out_;
};

bool same_test_arguments(const Problem& p) {
    return std::all_of(p.tests.begin(), p.tests.end(),
                       [&](const problem::Test& t) { return t.checker_arguments == p.tests[0].checker_arguments; });
}

// LemonLime's comparison modes, which problem.yaml names as the model does.
void lemon_checker_lines(const problem::Checker& c, std::ostream& y, std::vector<std::string>& refusals) {
    if (!c.case_sensitive)
        refusals.push_back("letters compared ignoring case by a LemonLime comparison: not graded here");
    y << "checker: " << to_string(c.kind) << "\n";
    if (c.kind == problem::CheckerKind::lemon_real) y << "real_precision: " << c.real_precision << "\n";
    if (c.kind != problem::CheckerKind::lemon_diff) return;
    if (c.arguments.size() != 1)
        refusals.push_back("LemonLime's diff given " + std::to_string(c.arguments.size()) +
                           " arguments: graded here with exactly one, as LemonLime gives it");
    else
        y << "diff_arguments: " << quoted(c.arguments[0]) << "\n";
}

// How time and memory count against the limits, and how partial points add up, when not the
// judge's own way.
void rule_lines(const Problem& p, std::ostream& y) {
    if (p.limits.cpu_clock != problem::CpuClock::user_and_system)
        y << "cpu_clock: " << to_string(p.limits.cpu_clock) << "\n";
    if (p.limits.memory_rule != problem::MemoryRule::resident)
        y << "memory_rule: " << to_string(p.limits.memory_rule) << "\n";
    // problem.yaml's `lemon`: whole points, and a dependency met by any points.
    if (p.partial_points == problem::PartialPoints::whole) y << "partial_points: lemon\n";
}

void checker_lines(const Problem& p, const fs::path& checker, std::ostream& y, std::vector<std::string>& refusals) {
    const problem::Checker& c = p.checker;
    switch (c.kind) {
        case problem::CheckerKind::tokens:
            y << "checker: tokens\n"
              << (c.case_sensitive ? "" : "case_sensitive: false\n")
              << (c.space_change_sensitive ? "space_change_sensitive: true\n" : "");
            return;
        case problem::CheckerKind::exact:
            y << "checker: exact\n";
            return;
        case problem::CheckerKind::lines:
            y << "checker: lines\n";
            return;
        case problem::CheckerKind::floats:
            y << "checker: float\nfloat: {absolute: " << number(c.float_absolute.value_or(0))
              << ", relative: " << number(c.float_relative.value_or(0)) << "}\n"
              << (c.case_sensitive ? "" : "case_sensitive: false\n")
              << (c.space_change_sensitive ? "space_change_sensitive: true\n" : "");
            return;
        case problem::CheckerKind::lemon_lines:
        case problem::CheckerKind::lemon_ignore_spaces:
        case problem::CheckerKind::lemon_real:
        case problem::CheckerKind::lemon_diff:
            lemon_checker_lines(c, y, refusals);
            return;
        case problem::CheckerKind::program:
            break;
    }
    y << "checker: " << quoted(checker.string()) << "\n";
    switch (c.protocol) {
        case problem::CheckerProtocol::testlib:
            return;
        case problem::CheckerProtocol::lemon_message:
        case problem::CheckerProtocol::lemon_special:
        case problem::CheckerProtocol::cms:
            y << "checker_protocol: " << to_string(c.protocol) << "\n";
            return;
        case problem::CheckerProtocol::kattis:
            break;
    }
    y << "checker_protocol: kattis\n";
    std::vector<std::string> args = c.arguments;
    // The tests' own arguments join the problem's when all agree; else each test's go with it (test_lines).
    if (!p.tests.empty() && same_test_arguments(p))
        args.insert(args.end(), p.tests[0].checker_arguments.begin(), p.tests[0].checker_arguments.end());
    if (args.empty()) return;
    y << "checker_arguments: [";
    for (size_t i = 0; i < args.size(); ++i) y << (i ? ", " : "") << quoted(args[i]);
    y << "]\n";
}

// A group's `tests:` pattern: "<name>-*" when it catches no other group's test, else its names.
std::string tests_pattern(const PlainGroup& g, const std::vector<PlainGroup>& all) {
    const std::string pattern = plain_name(g.name) + "-*";
    const auto catches_other = [&] {
        for (const auto& other : all)
            if (&other != &g && std::any_of(other.tests.begin(), other.tests.end(),
                                            [&](const std::string& t) { return name_matches(pattern, t); }))
                return true;
        return false;
    };
    const bool covers_own =
        std::all_of(g.tests.begin(), g.tests.end(), [&](const std::string& t) { return name_matches(pattern, t); });
    if (covers_own && !catches_other()) return quoted(pattern);
    std::string list = "[";
    for (size_t i = 0; i < g.tests.size(); ++i) list += (i ? ", " : "") + quoted(g.tests[i]);
    return list + "]";
}

// The files every submission of a language is compiled with, relative to the problem's folder.
void included_lines(const Problem& p, const fs::path& dir, std::ostream& y) {
    if (p.included_files.empty()) return;
    y << "included_files:\n";
    for (const auto& [language, files] : p.included_files) {
        y << "  " << language << ": [";
        for (size_t i = 0; i < files.size(); ++i)
            y << (i ? ", " : "") << quoted(fs::absolute(files[i]).lexically_normal().lexically_relative(dir).string());
        y << "]\n";
    }
}

// `tree`: each test names its closest group of score_tree.
void test_lines(const Problem& p, const fs::path& dir, bool tree, std::ostream& y, std::vector<std::string>& refusals) {
    const bool own_arguments = p.checker.protocol == problem::CheckerProtocol::kattis && !same_test_arguments(p);
    y << "tests:\n";
    std::map<std::string, std::string> seen;
    for (const auto& t : p.tests) {
        const std::string name = plain_name(t.name);
        if (auto [it, fresh] = seen.emplace(name, t.name); !fresh)
            refusals.push_back("tests " + it->second + " and " + t.name + " have the same plain name " + name);
        const auto rel = [&](const fs::path& f) {
            return fs::absolute(f).lexically_normal().lexically_relative(dir).string();
        };
        y << "  - {name: " << quoted(name) << ", input: " << quoted(rel(t.input))
          << ", answer: " << quoted(rel(t.answer));
        if (t.time_s > 0) y << ", time_limit: " << number(t.time_s);
        if (t.memory_mib > 0) y << ", memory_limit: " << t.memory_mib;
        if (tree) y << ", group: " << quoted(t.group);
        if (own_arguments) {
            y << ", checker_arguments: [";
            for (size_t i = 0; i < t.checker_arguments.size(); ++i)
                y << (i ? ", " : "") << quoted(t.checker_arguments[i]);
            y << "]";
        }
        y << "}\n";
    }
}

// Whether `g`'s points are left out of the problem's (a sample below a root with ignore_sample):
// its leaves count 0 points here, so its own score is not what the grading sees.
bool ignored_sample(const Problem& p, const Group& g) {
    const Group* child = &g;
    for (const Group* a = problem::find_group(p, g.parent); a; child = a, a = problem::find_group(p, a->parent))
        if (a->ignore_sample && child->sample) return true;
    return false;
}

// Each group's `range` (Kattis legacy) as a score range over the plain groups below it, which the
// grading checks: a score outside it is a judge fault. A sample the root ignores scores nothing
// here, so its range is checked only against the scores its tests can give, at import.
void range_lines(const Problem& p, const std::vector<PlainGroup>& leaves, std::ostream& y,
                 std::vector<std::string>& refusals) {
    std::ostringstream lines;
    const auto everywhere = [&](problem::Judgement j) {
        std::vector<problem::TestResult> results(p.tests.size());
        for (auto& r : results) r.judgement = j;
        return problem::score_problem(p, results);
    };
    const auto high = everywhere(problem::Judgement::accepted), low = everywhere(problem::Judgement::wrong_answer);
    for (size_t i = 0; i < p.groups.size() && i < high.groups.size(); ++i) {
        const Group& g = p.groups[i];
        if (!g.range || (std::isinf(g.range->min) && std::isinf(g.range->max))) continue;
        const std::string range = "range " + number(g.range->min) + " " + number(g.range->max);
        if (ignored_sample(p, g)) {
            const double lo = std::min(low.groups[i].score, high.groups[i].score);
            const double hi = std::max(low.groups[i].score, high.groups[i].score);
            if (lo < g.range->min - 1e-9 || hi > g.range->max + 1e-9)
                refusals.push_back("group '" + g.name + "': its " + range +
                                   " does not hold the scores its tests give (" + number(lo) + " to " + number(hi) +
                                   "), and the root ignores its scores: not " + "checked here");
            continue;
        }
        const auto groups = leaves_under(p, leaves, g.name);
        if (groups.empty()) continue;
        lines << "  - {name: " << quoted(g.name) << ", groups: [";
        for (size_t k = 0; k < groups.size(); ++k) lines << (k ? ", " : "") << quoted(groups[k]);
        lines << "]";
        if (!std::isinf(g.range->min)) lines << ", min: " << number(g.range->min);
        if (!std::isinf(g.range->max)) lines << ", max: " << number(g.range->max);
        lines << "}\n";
    }
    if (!lines.str().empty()) y << "score_ranges:\n" << lines.str();
}

// The model's groups as problem.yaml's score_tree, each key only where it is not the default.
void score_tree_lines(const Problem& p, std::ostream& y) {
    const Group defaults;
    y << "score_tree:\n";
    for (const Group& g : p.groups) {
        y << "  - {name: " << quoted(g.name);
        if (!g.parent.empty()) y << ", parent: " << quoted(g.parent);
        if (g.aggregation != defaults.aggregation) y << ", aggregation: " << to_string(g.aggregation);
        if (g.verdict_rule != defaults.verdict_rule) y << ", verdict: " << to_string(g.verdict_rule);
        if (g.accept_if_any_accepted) y << ", accept_if_any_accepted: true";
        if (g.stop_on_reject) y << ", on_reject: break";
        if (g.ignore_sample) y << ", ignore_sample: true";
        if (g.sample) y << ", sample: true";
        if (g.accept_score != defaults.accept_score) y << ", accept_score: " << number(g.accept_score);
        if (g.reject_score != defaults.reject_score) y << ", reject_score: " << number(g.reject_score);
        if (g.max_score) y << ", max_score: " << number(*g.max_score);
        if (g.range && !(std::isinf(g.range->min) && std::isinf(g.range->max))) {
            y << ", range: {";
            if (!std::isinf(g.range->min)) y << "min: " << number(g.range->min);
            if (!std::isinf(g.range->max))
                y << (std::isinf(g.range->min) ? "" : ", ") << "max: " << number(g.range->max);
            y << "}";
        }
        if (!g.require_pass.empty()) {
            y << ", require_pass: [";
            for (size_t i = 0; i < g.require_pass.size(); ++i) y << (i ? ", " : "") << quoted(g.require_pass[i]);
            y << "]";
        }
        y << "}\n";
    }
}

void plain_group_lines(const Problem& rooted, const std::vector<PlainGroup>& groups, std::ostream& y,
                       std::vector<std::string>& refusals) {
    y << "scoring: per-test\ngroups:\n";
    for (const auto& g : groups) {
        y << "  - {name: " << quoted(plain_name(g.name)) << ", tests: " << tests_pattern(g, groups)
          << ", points: " << number(g.points)
          << (g.rule == GroupRule::per_group ? ", scoring: per-group"
              : g.rule == GroupRule::max     ? ", scoring: max"
                                             : "");
        if (!g.depends.empty()) {
            y << ", depends: [";
            for (size_t i = 0; i < g.depends.size(); ++i) y << (i ? ", " : "") << quoted(g.depends[i]);
            y << "]";
        }
        y << "}\n";
    }
    range_lines(rooted, groups, y, refusals);
}

}  // namespace

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): the problem's folder then its checker inside it
WrittenProblem write_problem_yaml(const Problem& p, const fs::path& problem_dir, const fs::path& checker) {
    WrittenProblem w;
    std::ostringstream y;
    y << "# Imported from a " << to_string(p.format) << " package by sudoku-judge import.\n"
      << "name: " << quoted(p.name) << "\ntitle: " << quoted(p.title) << "\ninput: " << quoted(p.io.input)
      << "\noutput: " << quoted(p.io.output) << "\ntime_limit: " << number(p.limits.time_s)
      << "\nmemory_limit: " << p.limits.memory_mib << "\noutput_limit: " << p.limits.output_kib << "\n";
    checker_lines(p, checker, y, w.refusals);
    rule_lines(p, y);
    included_lines(p, problem_dir, y);
    Problem rooted = p;
    if (rooted.groups.empty()) {
        rooted.groups.push_back(Group{});
        rooted.groups.back().name = "data";
        for (auto& t : rooted.tests) t.group = "data";
    }
    const bool scoring = p.type == problem::ProblemType::scoring;
    // The plain groups where they say the package's rules; else the package's own tree, which the
    // judge scores by the model's rules.
    std::vector<std::string> beyond;
    const auto groups = scoring ? GroupMapper(rooted, beyond).map() : std::vector<PlainGroup>{};
    const bool tree = !beyond.empty();
    if (tree)
        w.notes.push_back("graded by the package's own tree of groups (problem.yaml score_tree): its " +
                          beyond.front());
    test_lines(rooted, problem_dir, tree, y, w.refusals);
    if (!scoring) {
        // All or nothing: one point when every test is accepted.
        const Group* root = rooted.groups.empty() ? nullptr : &rooted.groups.front();
        const double points = root && root->max_score ? *root->max_score : 1;
        y << "scoring: per-test\ngroups:\n";
        y << "  - {name: all, tests: \"*\", points: " << number(points) << ", scoring: per-group}\n";
    } else if (tree) {
        score_tree_lines(rooted, y);
    } else {
        plain_group_lines(rooted, groups, y, w.refusals);
    }
    w.yaml = y.str();
    return w;
}

}  // namespace sudoku::judge
