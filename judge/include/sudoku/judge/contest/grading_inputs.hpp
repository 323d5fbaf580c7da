// What decides a result, as SHA-256 hashes. The journal keeps with every record the hash of the
// inputs that decided it, and a later run reuses a record only when that hash is unchanged:
//
//   compile record  = H(record rules, compile settings and every language's commands, problem
//                       name, the name and bytes of every file of the submission, or "none")
//   test record     = H(compile record's hash, the problem's config (and checker) bytes, a plain
//                       problem's float tolerances,
//                       stack setting, the test's name, group, points, .in and .ans bytes)
//   fingerprint     = H(record rules, the contest file's bytes, every compile and test hash)
//
// So a changed compile setting recompiles everything, a fixed test file regrades that test, a
// submission added after a run is picked up, and the contest's jobs or a contestant's other files
// change nothing. The fingerprint heads the journal: one line says whether anything changed.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/contest/submission_sources.hpp"

namespace sudoku::judge {

// Changes when a new judge would decide a record differently from the same inputs: every record
// of an older judge is then graded again.
inline constexpr const char* kRecordRules = "sudoku-judge-journal/2";

// Every submission of a contest as one look at the contestants' folder found them.
struct FoundSubmissions {
    std::vector<std::string> contestants;             // sorted (list_contestants)
    std::vector<Language> languages;                  // the contest's table; files' languages point here
    std::vector<std::vector<SubmissionFiles>> files;  // [contestant][problem], in contest order

    FoundSubmissions() = default;
    // Moved, never copied: a copy's files would point into the original's language table.
    FoundSubmissions(FoundSubmissions&&) = default;
    FoundSubmissions& operator=(FoundSubmissions&&) = default;
    FoundSubmissions(const FoundSubmissions&) = delete;
    FoundSubmissions& operator=(const FoundSubmissions&) = delete;
    ~FoundSubmissions() = default;
};

// Lists the contestants once and looks for each one's submission to each problem.
FoundSubmissions find_submissions(const Contest& contest);

class GradingInputs {
public:
    // Hashes every problem's files and every submission of the contest (read once, here).
    explicit GradingInputs(const Contest& contest);
    // The same, for the submissions `found` (no other look at the contestants' folder).
    GradingInputs(const Contest& contest, const FoundSubmissions& found);

    const std::string& fingerprint() const { return fingerprint_; }
    std::string of_compile(const std::string& contestant, const std::string& problem) const;
    std::string of_test(const std::string& contestant, const std::string& problem, const std::string& test) const;

private:
    std::map<std::pair<std::string, std::string>, std::string> compiles_;       // (contestant, problem)
    std::map<std::pair<std::string, std::string>, std::string> problem_tests_;  // (problem, test)
    std::string fingerprint_;
};

}  // namespace sudoku::judge
