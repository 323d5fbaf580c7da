// Scoring rules (stated in sudoku/judge/grading/scoring.hpp).
#include "sudoku/judge/grading/scoring.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>

#include "sudoku/judge/contest/plain_problem.hpp"
#include "sudoku/problem/scoring.hpp"

namespace sudoku::judge {

namespace {

// A group's rule: its own (an imported Kattis group's), else the problem's.
GroupRule rule_of(const ContestProblem& p, const std::string& group) {
    auto own = p.group_scoring.find(group);
    if (own != p.group_scoring.end()) return own->second;
    return p.config.scoring == "per-group" ? GroupRule::per_group : GroupRule::per_test;
}

// Whether the group, not its tests, carries the points (per-group and max).
bool per_group(const ContestProblem& p, const std::string& group) { return rule_of(p, group) != GroupRule::per_test; }

// Points as the problem counts them: LemonLime keeps whole points, truncated.
double counted(const ContestProblem& p, double points) {
    return p.partial_points == PartialPoints::lemon ? std::floor(points) : points;
}

// Whether a group that others depend on lets them score.
bool dependency_met(const ContestProblem& p, const GroupScore& g) {
    return p.partial_points == PartialPoints::lemon ? g.passed || g.points > 0 : g.passed;
}

// Groups in order of first appearance, each with its points.
std::vector<GroupScore> groups_of(const ContestProblem& p) {
    std::vector<GroupScore> groups;
    for (const auto& t : p.tests) {
        auto it = std::find_if(groups.begin(), groups.end(), [&](const GroupScore& g) { return g.name == t.group; });
        if (it == groups.end()) groups.push_back(GroupScore{t.group, 0, per_group(p, t.group) ? t.points : 0, false});
        if (!per_group(p, t.group)) {
            it = std::find_if(groups.begin(), groups.end(), [&](const GroupScore& g) { return g.name == t.group; });
            it->max_points += t.points;
        }
    }
    return groups;
}

// A group whose dependencies did not all pass scores nothing and does not pass either (so the
// groups that depend on it fail too: a dependency is always an earlier group, decided first).
void apply_dependencies(ProblemResult& result, const ContestProblem& problem) {
    const auto group = [&](const std::string& name) {
        return std::find_if(result.groups.begin(), result.groups.end(),
                            [&](const GroupScore& g) { return g.name == name; });
    };
    for (const auto& dependency : problem.dependencies) {
        auto g = group(dependency.group);
        if (g == result.groups.end()) continue;
        const bool met = std::all_of(dependency.on.begin(), dependency.on.end(), [&](const std::string& name) {
            auto d = group(name);
            return d != result.groups.end() && dependency_met(problem, *d);
        });
        if (met) continue;
        g->passed = false;
        g->points = 0;
        for (auto& t : result.tests)
            if (t.group == g->name) t.points = 0;
    }
}

std::string shown(double v) {
    std::ostringstream s;
    s << std::setprecision(6) << v;
    return s.str();
}

// A group's declared range (Kattis legacy `range`) says which scores the package can give: a score
// outside it is the package's fault, as problemtools reports it, and earns nothing.
void check_ranges(ProblemResult& result, const ContestProblem& problem) {
    for (const auto& range : problem.score_ranges) {
        double points = 0;
        for (const auto& g : result.groups)
            if (std::find(range.groups.begin(), range.groups.end(), g.name) != range.groups.end()) points += g.points;
        if (points >= range.min - 1e-9 && points <= range.max + 1e-9) continue;
        result.score_fault = "group '" + range.name + "' scored " + shown(points) + ", outside its range " +
                             shown(range.min) + " to " + shown(range.max);
        result.points = 0;
        return;
    }
}

// Each test's place in ContestProblem::tests, by name.
using TestIndex = std::map<std::string, size_t>;

// The model's results for the tests of `result` (a test without one was not run).
std::vector<problem::TestResult> model_results(const ProblemResult& result, const TestIndex& index) {
    std::vector<problem::TestResult> out(index.size());
    for (auto& r : out) r.run = false;
    for (const auto& t : result.tests) {
        auto it = index.find(t.test);
        if (it == index.end()) continue;
        auto& r = out[it->second];
        r.run = true;
        r.judgement = format_judgement(t.verdict, false);
        if (t.verdict == Verdict::PC) r.multiplier = t.fraction;
        if (t.verdict == Verdict::AC || t.verdict == Verdict::PC) r.score = t.score;
    }
    return out;
}

// Every group's score with every test accepted: what each can earn at most.
problem::ProblemScore tree_maximum(const ContestProblem& problem, const problem::Problem& model) {
    std::vector<problem::TestResult> all(problem.tests.size());
    for (auto& r : all) r.judgement = problem::Judgement::accepted;
    return problem::score_problem(model, all);
}

void score_by_tree(ProblemResult& result, const ContestProblem& problem) {
    const problem::Problem model = score_tree_model(problem);
    const problem::ProblemScore best = tree_maximum(problem, model);
    TestIndex index;
    for (size_t i = 0; i < problem.tests.size(); ++i) index[problem.tests[i].name] = i;
    const problem::ProblemScore got = problem::score_problem(model, model_results(result, index));
    for (auto& t : result.tests) {
        auto it = index.find(t.test);
        if (it == index.end()) continue;
        t.points = got.test_scores[it->second];
        t.max_points = problem.tests[it->second].points;
    }
    result.groups.clear();
    for (size_t g = 0; g < model.groups.size(); ++g)
        result.groups.push_back({got.groups[g].name, got.groups[g].score, best.groups[g].score,
                                 got.groups[g].judgement == problem::Judgement::accepted && !got.groups[g].skipped});
    result.max_points = best.score;
    result.points = got.score;
    if (result.status != ProblemStatus::graded) return;
    for (const auto& g : got.groups)
        if (!g.problem.empty()) {
            result.score_fault = "group '" + g.name + "' " + g.problem;
            result.points = 0;
            return;
        }
}

}  // namespace

problem::Judgement format_judgement(Verdict v, bool memory_is_run_time_error) {
    switch (v) {
        case Verdict::AC:
        case Verdict::PC:
            return problem::Judgement::accepted;
        case Verdict::WA:
        case Verdict::PE:
        case Verdict::MISSING:
            return problem::Judgement::wrong_answer;
        case Verdict::TLE:
            return problem::Judgement::time_limit_exceeded;
        case Verdict::MLE:
            return memory_is_run_time_error ? problem::Judgement::run_time_error
                                            : problem::Judgement::memory_limit_exceeded;
        case Verdict::RE:
            return problem::Judgement::run_time_error;
        case Verdict::OLE:
            return problem::Judgement::output_limit_exceeded;
        case Verdict::CE:
            return problem::Judgement::compile_error;
        case Verdict::FAIL:
            return problem::Judgement::judge_error;
    }
    return problem::Judgement::judge_error;
}

double max_points(const ContestProblem& problem) {
    if (!problem.score_tree.empty()) return tree_maximum(problem, score_tree_model(problem)).score;
    double total = 0;
    for (const auto& g : groups_of(problem)) total += g.max_points;
    return total;
}

void score_problem(ProblemResult& result, const ContestProblem& problem) {
    if (!problem.score_tree.empty()) return score_by_tree(result, problem);
    result.groups = groups_of(problem);
    result.max_points = max_points(problem);
    result.points = 0;
    std::map<std::string, double> smallest;  // group -> smallest fraction of its tests
    std::map<std::string, double> largest;   // group -> largest fraction of its tests
    std::map<std::string, int> seen;
    for (auto& t : result.tests) {
        auto spec = std::find_if(problem.tests.begin(), problem.tests.end(),
                                 [&](const TestCase& c) { return c.name == t.test; });
        double test_points = spec == problem.tests.end() ? 0 : spec->points;
        t.max_points = per_group(problem, t.group) ? 0 : test_points;
        t.points = per_group(problem, t.group) ? 0 : counted(problem, test_points * t.fraction);
        largest[t.group] = seen[t.group] ? std::max(largest[t.group], t.fraction) : t.fraction;
        smallest[t.group] = seen[t.group]++ ? std::min(smallest[t.group], t.fraction) : t.fraction;
    }
    for (auto& g : result.groups) {
        int expected = static_cast<int>(std::count_if(problem.tests.begin(), problem.tests.end(),
                                                      [&](const TestCase& c) { return c.group == g.name; }));
        bool complete = seen[g.name] == expected && expected > 0;
        g.passed = complete && smallest[g.name] >= 1;
        if (per_group(problem, g.name)) {
            // A missing test could have been the largest too: max, like per-group, needs them all.
            const double fraction = rule_of(problem, g.name) == GroupRule::max ? largest[g.name] : smallest[g.name];
            g.points = complete ? counted(problem, g.max_points * fraction) : 0;
        } else {
            for (const auto& t : result.tests)
                if (t.group == g.name) g.points += t.points;
        }
    }
    apply_dependencies(result, problem);
    for (const auto& g : result.groups) result.points += g.points;
    if (result.status == ProblemStatus::graded) check_ranges(result, problem);
}

void rank_contestants(std::vector<ContestantResult>& contestants) {
    std::sort(contestants.begin(), contestants.end(), [](const ContestantResult& a, const ContestantResult& b) {
        return a.total != b.total ? a.total > b.total : a.name < b.name;
    });
    for (size_t i = 0; i < contestants.size(); ++i)
        contestants[i].rank = i > 0 && contestants[i].total == contestants[i - 1].total ? contestants[i - 1].rank
                                                                                        : static_cast<int>(i) + 1;
}

}  // namespace sudoku::judge
