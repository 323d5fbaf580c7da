// Bringing a LemonLime contest here: its .cdf (JSON) becomes a CONTEST.yaml and one problem.yaml
// per task, pointing at LemonLime's own folders, which stay untouched:
//
//   lemon/contest.cdf          contestTitle, tasks[]: problemTitle, sourceFileName, inputFileName,
//   lemon/data/<task>/...        outputFileName, standardInputCheck, standardOutputCheck, taskType,
//   lemon/source/<who>/<task>.*  comparisonMode, realPrecision, specialJudge, testCases[]: fullScore,
//                                timeLimit (ms), memoryLimit (MiB), inputFiles[], outputFiles[]
//                                (paths under data/; "<k>_lemon_SUbtaskDEPENDENCE_fLAg" in
//                                inputFiles: depends on subtask k)
//
//   OUT/CONTEST.yaml           contestants: the source/ folder; problems: [folder: <task>]
//   OUT/<task>/problem.yaml    tests_folder: the task's data folder; each test case a group named
//                              by its number, per-group scoring, its dependencies kept
//
// Mapped: traditional tasks (taskType 0); comparison modes line by line (lines), ignore spaces
// (tokens), real numbers (float, absolute tolerance 10^-realPrecision) and testlib special judge
// (its executable under data/). Refused, by name: any other task type or comparison mode, test
// cases with different time or memory limits within a task, test files outside one folder per
// task or not named NAME.in with NAME.ans or NAME.out, and .in files in that folder that the .cdf
// does not list. Nothing is written unless every task maps; the written contest is then loaded
// as the grader will load it, and any complaint it has is returned.
#pragma once

#include <filesystem>
#include <variant>

#include "sudoku/diagnostic.hpp"

namespace sudoku::judge {

// Writes OUT/CONTEST.yaml and OUT/<task>/problem.yaml; returns the contest file, or why not.
std::variant<std::filesystem::path, Diagnostic> import_lemon(const std::filesystem::path& cdf,
                                                             const std::filesystem::path& out_dir);

}  // namespace sudoku::judge
