// `sudoku-judge verify DIR`: an imported package's own submissions graded and held to what their
// package says they must get (DIR/expectations.json, sudoku/judge/import/package_import.hpp), and its input
// validators run over every test. This is what a problem setter runs before a contest.
//
// Judgements are compared in the package format's own words (sudoku/problem/problem.hpp,
// Judgement): AC (PC too: an accepted test with part of its score), WA (PE and a missing output
// too), TLE, MLE (a run-time error where the format has no memory judgement: Kattis, DOMjudge),
// RTE, OLE, CE, JE (FAIL). A submission's own judgement is its first test's that is not AC.
#pragma once

#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/common/diagnostic.hpp"
#include "sudoku/judge/grading/grader.hpp"
#include "sudoku/judge/grading/scoring.hpp"
#include "sudoku/problem/problem.hpp"

namespace sudoku::judge {

enum class Agreement {
    agrees,   // every expectation met
    differs,  // one is not: `why` says which
    not_run,  // in a language the judge has not (or a validator it cannot run)
};

struct SubmissionCheck {
    std::string problem, contestant, file;
    Agreement agreement = Agreement::not_run;
    std::string got;  // "WA on secret-3, 12 of 100 points"
    std::string why;  // what was expected and not met
};

struct ValidatorCheck {
    std::string problem, validator, test;
    Agreement agreement = Agreement::not_run;
    std::string why;
};

struct Verification {
    std::vector<SubmissionCheck> submissions;
    std::vector<ValidatorCheck> validators;  // the failures and the validators not run only
    int differences() const;
};

// Grades DIR/CONTEST.yaml's contestants into options.out_dir and compares.
std::variant<Verification, Diagnostic> verify_contest(const std::filesystem::path& contest_dir,
                                                      const GradeOptions& options);

}  // namespace sudoku::judge

template <>
struct sudoku::EnumNames<sudoku::judge::Agreement> {
    static constexpr std::string_view names[] = {"agrees", "differs", "not run"};
};
