// A contest's problems, sudoku and plain alike, as the format writers take them
// (sudoku/formats/export.hpp): what `sudoku-judge export` writes.
//
// Each problem is mapped from what the judge grades (ContestProblem), so an export scores as the
// judge scores: its tests in their groups, per-test points or a group's points when all pass,
// limits and file I/O; a sudoku test set adds its samples and the manifest's sha256 of every file.
// What the model holds but no writer carries (a float tolerance, a group's dependency, a test's
// own limits, letters compared ignoring case, LemonLime's comparisons) is a note of the problem.
#pragma once

#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/common/diagnostic.hpp"
#include "sudoku/formats/export.hpp"
#include "sudoku/judge/contest/contest.hpp"

namespace sudoku::judge {

// The problem in the writers' model; a Diagnostic at the file and line of what cannot be exported
// at all (a checker program of the problem's own: the host's comparison would judge in its place).
std::variant<formats::ExportProblem, Diagnostic> export_model(const ContestProblem& problem);

struct ContestModel {
    formats::ExportContest contest;     // the problems that can be exported, in the contest's order
    std::vector<std::string> left_out;  // "FILE:LINE: problem NAME is not exported: why", one a problem
};

// The contest in the writers' model: start_time and duration as given (DOMjudge's contest.yaml).
ContestModel export_model(const Contest& contest, const std::string& start_time, const std::string& duration);

}  // namespace sudoku::judge
