// Scoring: per test, per group (a group scores only when all its tests pass), ranking.
#include <catch2/catch.hpp>

#include "sudoku/judge/grading/scoring.hpp"

using namespace sudoku::judge;

namespace {
ContestProblem problem(const std::string& scoring) {
    ContestProblem p;
    p.config.name = "p";
    p.config.scoring = scoring;
    // The generator writes the group's points on each of its tests.
    p.tests = {
        {"01", "easy", "", "", 30}, {"02", "easy", "", "", 30}, {"03", "hard", "", "", 70}, {"04", "hard", "", "", 70}};
    return p;
}
ProblemResult verdicts(const ContestProblem& p, std::vector<std::pair<Verdict, double>> v) {
    ProblemResult r;
    r.problem = "p";
    r.status = ProblemStatus::graded;
    for (size_t i = 0; i < v.size(); ++i) {
        TestResult t;
        t.test = p.tests[i].name;
        t.group = p.tests[i].group;
        t.verdict = v[i].first;
        t.fraction = v[i].second;
        r.tests.push_back(t);
    }
    return r;
}
}  // namespace

TEST_CASE("scoring: per group a single failed test loses the whole group") {
    auto p = problem("per-group");
    auto r = verdicts(p, {{Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::TLE, 0}});
    score_problem(r, p);
    CHECK(r.max_points == 100);
    CHECK(r.points == 30);
    REQUIRE(r.groups.size() == 2);
    CHECK(r.groups[0].passed);
    CHECK_FALSE(r.groups[1].passed);
    CHECK(r.groups[1].points == 0);
}

TEST_CASE("scoring: per group partial points give the group its smallest fraction") {
    auto p = problem("per-group");
    auto r = verdicts(p, {{Verdict::AC, 1}, {Verdict::PC, 0.5}, {Verdict::AC, 1}, {Verdict::AC, 1}});
    score_problem(r, p);
    CHECK(r.points == Approx(15 + 70));
}

TEST_CASE("scoring: a max group earns its points x the largest fraction of its tests, and passes only when all do") {
    auto p = problem("per-test");
    p.group_scoring["hard"] = GroupRule::max;
    auto r = verdicts(p, {{Verdict::AC, 1}, {Verdict::WA, 0}, {Verdict::WA, 0}, {Verdict::PC, 0.5}});
    score_problem(r, p);
    // easy per test: 30 of 60; hard: 70 x max(0, 0.5), carried by the group, not its tests.
    CHECK(r.max_points == 130);
    CHECK(r.points == Approx(30 + 35));
    REQUIRE(r.groups.size() == 2);
    CHECK(r.groups[1].points == Approx(35));
    CHECK_FALSE(r.groups[1].passed);
    CHECK(r.tests[3].points == 0);
    auto all_wrong = verdicts(p, {{Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::WA, 0}, {Verdict::TLE, 0}});
    score_problem(all_wrong, p);
    CHECK(all_wrong.points == Approx(60));
    auto not_run = verdicts(p, {{Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::AC, 1}});
    score_problem(not_run, p);
    CHECK(not_run.points == Approx(60));  // a test of hard has no result: hard scores nothing
}

TEST_CASE("scoring: per test every passed test earns its own points") {
    auto p = problem("per-test");
    auto r = verdicts(p, {{Verdict::AC, 1}, {Verdict::WA, 0}, {Verdict::AC, 1}, {Verdict::PC, 0.5}});
    score_problem(r, p);
    CHECK(r.max_points == 200);
    CHECK(r.points == Approx(30 + 70 + 35));
    CHECK(r.tests[3].points == Approx(35));
}

TEST_CASE("scoring: a group with tests not run does not score") {
    auto p = problem("per-group");
    auto r = verdicts(p, {{Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::AC, 1}});
    score_problem(r, p);
    CHECK(r.points == 30);
}

TEST_CASE("scoring: points of groups outside a declared score range are a judge fault that scores 0") {
    // easy + hard together within 60..100 (per group: 30 and 70): 30 alone is below it, 100 in
    // it; a submission that did not compile is not held to it.
    auto p = problem("per-group");
    p.score_ranges.push_back({"secret", {"easy", "hard"}, 60, 100});
    auto low = verdicts(p, {{Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::WA, 0}, {Verdict::AC, 1}});
    score_problem(low, p);
    CHECK(low.points == 0);
    CHECK(low.score_fault == "group 'secret' scored 30, outside its range 60 to 100");
    auto all = verdicts(p, {{Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::AC, 1}});
    score_problem(all, p);
    CHECK(all.points == 100);
    CHECK(all.score_fault.empty());
    ProblemResult ce;
    ce.status = ProblemStatus::CE;
    score_problem(ce, p);
    CHECK(ce.score_fault.empty());
    ContestResults results;
    results.contestants = {ContestantResult{"amy", 1, 0, {low, all, ce}}};
    CHECK(count_judge_faults(results) == 1);
}

namespace {
// secret takes the min of g1 (rejected tests score 2), g2 (stops at its first rejected test) and
// its own test 06; the root adds secret up. None of it is a plain group's rule.
ContestProblem tree_problem() {
    ContestProblem p;
    p.config.name = "p";
    const auto group = [](const std::string& name, const std::string& parent, sudoku::problem::Aggregation a,
                          double accept) {
        sudoku::problem::Group g;
        g.name = name;
        g.parent = parent;
        g.aggregation = a;
        g.accept_score = accept;
        return g;
    };
    using sudoku::problem::Aggregation;
    p.score_tree = {group("data", "", Aggregation::sum, 1), group("secret", "data", Aggregation::min, 30),
                    group("secret/g1", "secret", Aggregation::sum, 10),
                    group("secret/g2", "secret", Aggregation::sum, 20)};
    p.score_tree[2].reject_score = 2;
    p.score_tree[3].stop_on_reject = true;
    p.tests = {{"01", "secret/g1", "", "", 10}, {"02", "secret/g1", "", "", 10}, {"03", "secret/g2", "", "", 20},
               {"04", "secret/g2", "", "", 20}, {"05", "secret/g2", "", "", 20}, {"06", "secret", "", "", 30}};
    return p;
}
}  // namespace

TEST_CASE("scoring: a score tree scores rejected tests, stops at a rejection, takes the min of groups and tests") {
    const auto p = tree_problem();
    auto r = verdicts(
        p,
        {{Verdict::AC, 1}, {Verdict::WA, 0}, {Verdict::AC, 1}, {Verdict::WA, 0}, {Verdict::AC, 1}, {Verdict::AC, 1}});
    score_problem(r, p);
    // g1: 10 + 2 (rejected); g2: 20 + 0, then stopped (05 not counted); secret: min(30, 12, 20).
    CHECK(r.points == Approx(12));
    CHECK(r.tests[1].points == Approx(2));
    CHECK(r.tests[4].points == 0);
    // Every test accepted: g1 20, g2 60, 06 30: the min is 20.
    CHECK(r.max_points == Approx(20));
    CHECK(max_points(p) == Approx(20));
    REQUIRE(r.groups.size() == 4);
    CHECK(r.groups[2].name == "secret/g1");
    CHECK(r.groups[2].points == Approx(12));
    CHECK(r.groups[3].points == Approx(20));
    CHECK_FALSE(r.groups[3].passed);
    auto half = verdicts(
        p,
        {{Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::PC, 0.5}, {Verdict::AC, 1}, {Verdict::AC, 1}});
    score_problem(half, p);
    // 04 earns half its 20 and is accepted: g2 50, g1 20, 06 30.
    CHECK(half.points == Approx(20));
    CHECK(half.tests[3].points == Approx(10));
}

TEST_CASE("scoring: a score tree orders a group's tests and groups by the package's paths, not the plain names") {
    // secret holds the test secret/z and the group secret/a and stops at its first rejection: in
    // path order a comes first, so a rejected a leaves z out (as plain names "secret-z" sorts
    // before "secret/a").
    ContestProblem p;
    p.config.name = "p";
    sudoku::problem::Group root, secret, a;
    root.name = "data";
    secret.name = "secret", secret.parent = "data", secret.stop_on_reject = true, secret.accept_score = 5;
    a.name = "secret/a", a.parent = "secret", a.accept_score = 10;
    p.score_tree = {root, secret, a};
    p.tests = {{"secret-a-1", "secret/a", "", "", 10}, {"secret-z", "secret", "", "", 5}};
    auto r = verdicts(p, {{Verdict::WA, 0}, {Verdict::AC, 1}});
    score_problem(r, p);
    CHECK(r.points == 0);
    auto right = verdicts(p, {{Verdict::AC, 1}, {Verdict::AC, 1}});
    score_problem(right, p);
    CHECK(right.points == Approx(15));
}

TEST_CASE("scoring: a score tree group over its range is a judge fault that scores 0") {
    auto p = tree_problem();
    p.score_tree[1].range = sudoku::problem::ScoreRange{0, 15};
    auto all = verdicts(
        p,
        {{Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::AC, 1}, {Verdict::AC, 1}});
    score_problem(all, p);
    CHECK(all.points == 0);
    CHECK(all.score_fault.find("group 'secret'") != std::string::npos);
}

TEST_CASE("scoring: ranking sorts by total and equal totals share a rank") {
    std::vector<ContestantResult> c = {{"bob", 0, 50, {}}, {"amy", 0, 100, {}}, {"cid", 0, 50, {}}, {"dan", 0, 10, {}}};
    rank_contestants(c);
    CHECK(c[0].name == "amy");
    CHECK(c[0].rank == 1);
    CHECK(c[1].name == "bob");
    CHECK(c[1].rank == 2);
    CHECK(c[2].name == "cid");
    CHECK(c[2].rank == 2);
    CHECK(c[3].rank == 4);
}
