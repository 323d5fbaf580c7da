// The Kattis output validator protocol (CheckerProtocol::kattis): how a Kattis or DOMjudge
// package's own checker says its verdict.
//
//   validator /check/input /check/answer /box/feedback/ [arguments] < output
//
// It runs sandboxed like a testlib checker (sudoku/judge/checkers/checkers.hpp): its three files read-only at
// fixed places, its scratch folder as the box, where it may write feedback/. Exit 42 accepts,
// 43 rejects (WA), anything else (0 too) is FAIL. Read back from feedback/: judgemessage.txt (the
// message), score.txt (the points earned: the fraction is score / CheckFiles::points) or
// score_multiplier.txt (the fraction itself); with either, a fraction below 1 is partial.
// Both, a score on a rejection, or a number that is not one, is FAIL.
#pragma once

#include <filesystem>

#include "sudoku/judge/checkers/checkers.hpp"

namespace sudoku::judge {

CheckResult run_kattis_validator(const std::filesystem::path& validator, const CheckFiles& files);

}  // namespace sudoku::judge
