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
