// Scoring a problem of the model from its tests' results: the groups' rules in one place.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sudoku/problem/problem.hpp"

namespace sudoku::problem {

// One test's result as the checker reported it.
struct TestResult {
    Judgement judgement = Judgement::judge_error;
    bool run = true;                   // false: not run (a require_pass or stop_on_reject skipped it)
    std::optional<double> score;       // the checker's own score (Kattis score.txt)
    std::optional<double> multiplier;  // a share 0..1 of the test's accept_score (score_multiplier.txt,
                                       // a testlib or CMS fraction)
};

struct GroupScore {
    std::string name;
    Judgement judgement = Judgement::accepted;
    double score = 0;
    std::optional<double> max_score;  // nullopt: unbounded
    bool skipped = false;             // a group it requires was not fully accepted
    std::string problem;              // why the scores are a judge error: "scored 30, outside its range 0 to 25"
};

struct ProblemScore {
    Judgement judgement = Judgement::accepted;
    double score = 0;
    std::vector<double> test_scores;  // in Problem::tests order
    std::vector<GroupScore> groups;   // in Problem::groups order (the implicit root alone when empty)
};

// Scores `results` (one per test, in Problem::tests order) by the problem's groups:
//   a test scores `score` when given, else multiplier x accept_score when accepted (a multiplier
//   missing: 1), else reject_score; a group aggregates its children (tests and groups, in list
//   order) by its rule; pass_fail gives max_score (else its children's maximum) when every test
//   below is accepted; a group whose require_pass groups are not fully accepted scores 0 and is
//   not accepted; stop_on_reject leaves the children after the first failure out of the score and
//   the judgement. The root's score and judgement are the problem's. PartialPoints::whole
//   truncates every test's and group's score to a whole number, and lets a required group that
//   scored more than 0 count as passed.
ProblemScore score_problem(const Problem& problem, const std::vector<TestResult>& results);

// The most the problem can score (every test accepted with no checker score), nullopt when a
// group is unbounded.
std::optional<double> max_score(const Problem& problem);

}  // namespace sudoku::problem
