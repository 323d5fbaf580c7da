// The groups' scoring rules, each from the text of the format that defines it.
#include <catch2/catch.hpp>

#include "sudoku/problem/problem.hpp"
#include "sudoku/problem/scoring.hpp"

namespace sp = sudoku::problem;
using sp::Judgement;

namespace {

sp::Group group(const std::string& name, const std::string& parent, sp::Aggregation rule) {
    sp::Group g;
    g.name = name;
    g.parent = parent;
    g.aggregation = rule;
    return g;
}

void add_tests(sp::Problem& p, const std::string& group, int count) {
    for (int i = 1; i <= count; ++i) {
        sp::Test t;
        t.name = group + "/" + std::to_string(i);
        t.group = group;
        p.tests.push_back(t);
    }
}

std::vector<sp::TestResult> results(std::initializer_list<Judgement> judgements) {
    std::vector<sp::TestResult> out;
    for (auto j : judgements) out.push_back({j, true, std::nullopt, std::nullopt});
    return out;
}

// 2025-09: secret (sum, max 100) of two pass-fail groups of 40 and 60, the second requiring the first.
sp::Problem subtasks() {
    sp::Problem p;
    p.type = sp::ProblemType::scoring;
    p.groups.push_back(group("data", "", sp::Aggregation::sum));
    p.groups.push_back(group("sample", "data", sp::Aggregation::pass_fail));
    p.groups.back().max_score = 0;
    p.groups.back().sample = true;
    p.groups.push_back(group("secret", "data", sp::Aggregation::sum));
    p.groups.back().max_score = 100;
    p.groups.push_back(group("secret/g1", "secret", sp::Aggregation::pass_fail));
    p.groups.back().max_score = 40;
    p.groups.push_back(group("secret/g2", "secret", sp::Aggregation::pass_fail));
    p.groups.back().max_score = 60;
    p.groups.back().require_pass = {"secret/g1"};
    add_tests(p, "sample", 1);
    add_tests(p, "secret/g1", 2);
    add_tests(p, "secret/g2", 2);
    return p;
}

}  // namespace

TEST_CASE("scoring: a pass-fail group scores its max_score only when every test is accepted") {
    const auto p = subtasks();
    REQUIRE(sp::model_problems(p).empty());
    REQUIRE(sp::max_score(p) == Approx(100));
    auto all = sp::score_problem(p, results({Judgement::accepted, Judgement::accepted, Judgement::accepted,
                                             Judgement::accepted, Judgement::accepted}));
    CHECK(all.score == Approx(100));
    CHECK(all.judgement == Judgement::accepted);
    auto half = sp::score_problem(p, results({Judgement::accepted, Judgement::accepted, Judgement::accepted,
                                              Judgement::accepted, Judgement::wrong_answer}));
    CHECK(half.score == Approx(40));
    CHECK(half.judgement == Judgement::wrong_answer);
}

TEST_CASE("scoring: require_pass leaves a group at 0 when the group it needs failed") {
    const auto p = subtasks();
    // g1 fails one test; g2's tests are all accepted but g2 requires g1.
    auto r = sp::score_problem(p, results({Judgement::accepted, Judgement::time_limit_exceeded, Judgement::accepted,
                                           Judgement::accepted, Judgement::accepted}));
    CHECK(r.score == Approx(0));
    REQUIRE(r.groups.size() == 5);
    CHECK(r.groups[4].skipped);
    CHECK(r.groups[4].score == 0);
    CHECK(r.judgement == Judgement::time_limit_exceeded);
}

TEST_CASE("scoring: a sum group shares its max_score among its tests, score_multiplier scales a share") {
    sp::Problem p;
    p.groups.push_back(group("secret", "", sp::Aggregation::sum));
    p.groups.back().max_score = 90;
    p.groups.back().accept_score = 30;  // the reader's share: (max_score) / N
    add_tests(p, "secret", 3);
    auto rs = results({Judgement::accepted, Judgement::accepted, Judgement::wrong_answer});
    rs[1].multiplier = 0.5;
    const auto r = sp::score_problem(p, rs);
    CHECK(r.score == Approx(45));
    CHECK(r.test_scores == std::vector<double>{30, 15, 0});
}

TEST_CASE("scoring: legacy grader_flags min takes the weakest test, avg the mean, max the best") {
    sp::Problem p;
    p.groups.push_back(group("data", "", sp::Aggregation::sum));
    p.groups.push_back(group("secret", "data", sp::Aggregation::min));
    p.groups.back().verdict_rule = sp::VerdictRule::always_accept;
    add_tests(p, "secret", 3);
    auto rs = results({Judgement::accepted, Judgement::accepted, Judgement::accepted});
    rs[0].score = 7;
    rs[1].score = 3;
    rs[2].score = 5;
    CHECK(sp::score_problem(p, rs).score == Approx(3));
    p.groups[1].aggregation = sp::Aggregation::average;
    CHECK(sp::score_problem(p, rs).score == Approx(5));
    p.groups[1].aggregation = sp::Aggregation::max;
    CHECK(sp::score_problem(p, rs).score == Approx(7));
    // A rejected test scores reject_score, its score file ignored (Kattis: accepted tests only).
    rs[2].judgement = Judgement::wrong_answer;
    p.groups[1].aggregation = sp::Aggregation::min;
    CHECK(sp::score_problem(p, rs).score == Approx(0));
    CHECK(sp::score_problem(p, rs).judgement == Judgement::accepted);  // always_accept
}

TEST_CASE("scoring: worst_error names the worst judgement, first_error the first") {
    sp::Problem p;
    p.groups.push_back(group("data", "", sp::Aggregation::sum));
    add_tests(p, "data", 3);
    const auto rs = results({Judgement::accepted, Judgement::wrong_answer, Judgement::run_time_error});
    CHECK(sp::score_problem(p, rs).judgement == Judgement::run_time_error);
    p.groups[0].verdict_rule = sp::VerdictRule::first_error;
    CHECK(sp::score_problem(p, rs).judgement == Judgement::wrong_answer);
    p.groups[0].accept_if_any_accepted = true;
    CHECK(sp::score_problem(p, rs).judgement == Judgement::accepted);
}

TEST_CASE("scoring: on_reject break leaves the tests after the first rejection unscored") {
    sp::Problem p;
    p.groups.push_back(group("data", "", sp::Aggregation::sum));
    p.groups[0].stop_on_reject = true;
    add_tests(p, "data", 3);
    const auto r = sp::score_problem(p, results({Judgement::accepted, Judgement::wrong_answer, Judgement::accepted}));
    CHECK(r.score == Approx(1));
    CHECK(r.test_scores == std::vector<double>{1, 0, 0});
}

TEST_CASE("scoring: a score outside the group's range or over its maximum is named") {
    sp::Problem p;
    p.groups.push_back(group("data", "", sp::Aggregation::sum));
    p.groups[0].range = sp::ScoreRange{0, 10};
    add_tests(p, "data", 1);
    auto rs = results({Judgement::accepted});
    rs[0].score = 11;
    const auto r = sp::score_problem(p, rs);
    CHECK_FALSE(r.groups[0].problem.empty());
}

TEST_CASE("model: a group requiring a later group, or an unknown parent, is named") {
    auto p = subtasks();
    p.groups[3].require_pass = {"secret/g2"};
    p.tests[0].group = "nowhere";
    const auto problems = sp::model_problems(p);
    REQUIRE(problems.size() == 2);
    CHECK(problems[0].find("secret/g2") != std::string::npos);
    CHECK(problems[1].find("nowhere") != std::string::npos);
}

TEST_CASE("model: Kattis and DOMjudge have no memory judgement: over memory is a run-time error") {
    sp::Problem p;
    CHECK(sp::in_format(p, Judgement::memory_limit_exceeded) == Judgement::memory_limit_exceeded);
    p.memory_is_run_time_error = true;
    CHECK(sp::in_format(p, Judgement::memory_limit_exceeded) == Judgement::run_time_error);
}
