// Points: per test, or per group (a group scores only when all its tests pass).
#pragma once

#include <vector>

#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/output/results.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::judge {

// Fills points of the tests and groups and the problem's total from the verdicts.
//   per-test:  a test earns points x fraction (AC 1, PC the checker's share, else 0).
//   per-group: a group earns its points x the smallest fraction of its tests, so one failed test
//              (fraction 0) loses the whole group. A group's points are those of its tests in the
//              manifest (the generator writes the group's points on each test).
//   max:       a group earns its points x the largest fraction of its tests (a Kattis group
//              that takes the max of its tests), when every test has a result.
//   a group's own `scoring` (ContestProblem::group_scoring) overrides the problem's for its tests:
//              an imported Kattis problem mixes groups of each kind.
//   depends:   a group whose dependencies (ContestProblem::dependencies) did not all pass scores 0
//              and counts as not passed, its tests' points too (LemonLime's subtask dependencies).
//   partial_points: lemon (an imported LemonLime task, ContestProblem::partial_points): a test's
//              or group's points are truncated to whole points (LemonLime keeps an integer score:
//              12.5 of 25 is 12), and a dependency is met when it earned more than 0 points (a
//              LemonLime subtask is skipped only when one it depends on has a case scoring 0).
//   score_tree: a package's own tree of groups (ContestProblem::score_tree) is scored by the
//              problem model's rules (sudoku/problem/scoring.hpp): a test accepted (AC, or PC
//              with its fraction of the group's accept_score) or not, each group by its own
//              aggregation; a group's score outside its range or over its max_score is a
//              score_fault as below. Every group of the tree is listed with its score.
//   score_ranges: a graded submission whose groups' points fall outside a range the problem
//              declares (an imported Kattis legacy `range`) scores 0, with ProblemResult::score_fault
//              saying why: the package's fault, counted with the judge faults.
// A problem without graded tests (CE, missing) scores 0 of its maximum.
void score_problem(ProblemResult& result, const ContestProblem& problem);

double max_points(const ContestProblem& problem);

// A test's verdict in a package format's words: the judgement its expectations and a score tree
// name (Kattis and DOMjudge have no memory-limit judgement: memory_is_run_time_error).
problem::Judgement format_judgement(Verdict verdict, bool memory_is_run_time_error);

// Sorts by total (descending, then name) and assigns ranks; equal totals share a rank.
void rank_contestants(std::vector<ContestantResult>& contestants);

}  // namespace sudoku::judge
