// The CMS checker protocol (CheckerProtocol::cms): how a CMS task's checker (its check/checker,
// CMS's "comparator" evaluation) says its verdict.
//
//   checker /check/input /check/answer /check/output
//
// The answer before the output, as CMS passes them. It runs sandboxed like a testlib checker
// (sudoku/judge/checkers/checkers.hpp), its box the scratch folder. It exits 0 and writes the
// outcome on the first line of stdout, a number 0..1: 1 accepts, 0 is WA, anything between is
// partial with that fraction. The first line of stderr is the message; CMS's stock messages
// "translate:success", "translate:partial" and "translate:wrong" are shown in CMS's words. As in
// CMS, a nonzero exit, a signal, a limit exceeded, or a first line of stdout that is not one
// number is the checker's failure (FAIL), never points; so is a number outside 0..1, which CMS
// would pass on to the task's score.
#pragma once

#include <filesystem>
#include <string>

#include "sudoku/judge/checkers/checkers.hpp"

namespace sudoku::judge {

CheckResult run_cms_checker(const std::filesystem::path& checker, const CheckFiles& files);

// The verdict of a checker that exited 0, from what it wrote on stdout and stderr.
CheckResult cms_verdict(const std::string& stdout_text, const std::string& stderr_text);

}  // namespace sudoku::judge
