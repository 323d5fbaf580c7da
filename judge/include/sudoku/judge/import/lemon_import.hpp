// Bringing a LemonLime contest here: its .cdf (JSON, read and its fields checked by
// sudoku/formats/lemon_cdf.hpp) becomes a CONTEST.yaml and one problem.yaml per task, pointing at
// LemonLime's own folders, which stay untouched:
//
//   lemon/contest.cdf          contestTitle, tasks[]: problemTitle, sourceFileName, inputFileName,
//   lemon/data/...               outputFileName, standardInputCheck, standardOutputCheck, taskType,
//   lemon/source/<who>/<task>.*  comparisonMode, realPrecision, specialJudge, testCases[]: fullScore,
//                                timeLimit (ms), memoryLimit (MiB), inputFiles[], outputFiles[]
//                                (paths under data/; "<k>_lemon_SUbtaskDEPENDENCE_fLAg" in
//                                inputFiles: depends on test case k)
//
//   OUT/CONTEST.yaml           contestants: the source/ folder; problems: [folder: <task>]
//   OUT/<task>/problem.yaml    tests: every input file of every test case, named <case>-<n>, with
//                              its answer file (any name, any folder under data/) and the test
//                              case's own limits; each test case a group named by its number,
//                              per-group scoring (a case scores its lowest input's share, as
//                              LemonLime's minimum), its dependencies kept; partial_points: lemon;
//                              cpu_clock: user and memory_rule: address-space (LemonLime's
//                              watcher: user CPU time, the address space bounded by the limit)
//
// Checkers, LemonLime's comparison modes reproduced (sudoku/judge/checkers/lemon_checkers.hpp): line by line
// (lemon-lines), ignore spaces (lemon-ignore-spaces), external diff (lemon-diff with the task's
// diffArguments), real numbers (lemon-real with the task's realPrecision), Lemon's own special
// judge and a testlib one (the file under data/, checker_protocol: lemon-special or
// lemon-message). Refused, by name and with what to do: a task type other than traditional;
// subFolderCheck; a compiler set to "disable"; diffArguments that diff can only refuse; a .cdf
// version LemonLime does not open; a special judge or test file that is not a regular file inside
// data/ (an absolute path, a '..', a link leading out); a number out of its range or of the wrong
// type (the field and where it is named); a .cdf over 16 MiB or nesting deeper than 32; an OUT
// that exists and is not an empty folder. Every refusal of one .cdf is listed at once. Files in
// data/ the .cdf does not list are no tests, as in LemonLime. Nothing is written unless all of it
// maps: the contest is built in a fresh folder beside OUT, loaded as the grader will load it, and
// only then renamed to OUT.
#pragma once

#include <filesystem>
#include <variant>

#include "sudoku/common/diagnostic.hpp"

namespace sudoku::judge {

// Writes OUT/CONTEST.yaml and OUT/<task>/problem.yaml; returns the contest file, or why not.
std::variant<std::filesystem::path, Diagnostic> import_lemon(const std::filesystem::path& cdf,
                                                             const std::filesystem::path& out_dir);

}  // namespace sudoku::judge
