// The results of a contest: what results.json holds (schema in docs/results.md) and what the
// journal, the CSV and the HTML report are made from.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/common/enum_names.hpp"
#include "sudoku/judge/runner_client/protections.hpp"

namespace sudoku::judge {

// A test's verdict, as decide_verdict (sudoku/judge/grading/verdict.hpp) gives it.
enum class Verdict {
    AC,       // accepted
    PC,       // partially correct (a testlib checker's exit code 7)
    WA,       // wrong answer
    PE,       // presentation error
    TLE,      // time limit exceeded (CPU or wall; the reason says which)
    MLE,      // memory limit exceeded
    RE,       // runtime error (a signal or a non-zero exit code; the reason says which)
    OLE,      // output limit exceeded
    MISSING,  // the output file was not written
    CE,       // compilation error
    FAIL,     // the judge or the checker failed: never the contestant's fault
};

}  // namespace sudoku::judge

template <>
struct sudoku::EnumNames<sudoku::judge::Verdict> {
    static constexpr std::string_view names[] = {"AC", "PC",  "WA",      "PE", "TLE", "MLE",
                                                 "RE", "OLE", "MISSING", "CE", "FAIL"};
};

namespace sudoku::judge {

std::string_view verdict_name(Verdict v);          // "AC", "TLE", ...: to_string(v)
Verdict verdict_from_name(std::string_view name);  // throws std::invalid_argument

struct TestResult {
    std::string contestant, problem, test, group;
    Verdict verdict = Verdict::FAIL;
    std::string reason;
    double cpu_s = 0, wall_s = 0;
    long long peak_kib = 0;
    double fraction = 0;                       // share of the points the verdict earns (1 AC, checker's for PC)
    std::optional<double> score = {};          // the checker's own score of the test (a Kattis score.txt)
    double points = 0, max_points = 0;         // filled by scoring (per-test scoring only; 0 per group)
    std::optional<Protections> protections{};  // what the run had (journal `sandbox`); none: not run, or it failed
};

struct GroupScore {
    std::string name;
    double points = 0, max_points = 0;
    bool passed = false;
};

// What the compile step made of a submission (journal.jsonl, "compile" lines).
enum class CompileStatus {
    ok,       // a binary to run
    CE,       // compilation error
    FAIL,     // the sandbox failed: the judge's fault, retried when the judge runs again
    missing,  // no submission (or not selected for this run)
    refused,  // not a regular file (a link, a FIFO, a device) or over the size limit: never read
};
}  // namespace sudoku::judge

template <>
struct sudoku::EnumNames<sudoku::judge::CompileStatus> {
    static constexpr std::string_view names[] = {"ok", "CE", "FAIL", "missing", "refused"};
};

namespace sudoku::judge {

// A problem of a contestant in the results (results.json `status`, the reports).
enum class ProblemStatus {
    graded,      // compiled; its tests were run
    CE,          // compilation error: every test CE
    FAIL,        // the compile step's judge fault
    missing,     // no submission
    not_graded,  // nothing in the journal yet (a run or shard that did not finish)
    refused,     // the submission is not a regular file or is too large (CompileStatus::refused)
};
}  // namespace sudoku::judge

template <>
struct sudoku::EnumNames<sudoku::judge::ProblemStatus> {
    static constexpr std::string_view names[] = {"graded", "CE", "FAIL", "missing", "not graded", "refused"};
};

namespace sudoku::judge {

// The status of a problem whose compile step ended in `compiled` (none: not compiled yet).
ProblemStatus problem_status(const std::optional<CompileStatus>& compiled);

// The compile step's record, as journaled.
struct CompileRecord {
    std::string contestant, problem;
    CompileStatus status = CompileStatus::FAIL;
    std::string message;
    std::string language{};        // sudoku/judge/contest/languages.hpp; empty: a ready binary, or nothing compiled
    std::string program_sha256{};  // ok: the program kept in build/, checked before each run and at merge
};

struct ProblemResult {
    std::string problem;
    ProblemStatus status = ProblemStatus::not_graded;
    std::string compile_message;
    double points = 0, max_points = 0;
    std::vector<TestResult> tests;   // in test-data order
    std::vector<GroupScore> groups;  // in test-data order of first appearance
    std::string language{};          // of the submission (CompileRecord::language)
    // Why the scores are the package's fault (a group's points outside its declared range): then
    // the problem scores 0 and counts as a judge fault. Empty when none.
    std::string score_fault{};
};

struct ContestantResult {
    std::string name;
    int rank = 0;  // 1-based; equal totals share a rank
    double total = 0;
    std::vector<ProblemResult> problems;  // in contest order
};

struct ContestResults {
    std::string contest;
    std::vector<std::string> problems;
    std::vector<double> problem_max_points;
    std::vector<double> problem_time_limits_s;                   // CPU seconds per run; empty: not known
    Protections protections;                                     // in force for the contest: the weakest of its runs
    bool protections_from_runs = false;                          // false: no run journaled, the start-up probe's
    std::vector<std::pair<int, Protections>> shard_protections;  // after a merge: each shard's weakest
    std::vector<ContestantResult> contestants;                   // ranked
};

// How many results are the judge's own fault: FAIL tests and FAIL compile steps (sudoku-judge
// exits 3 when there are any: the contest is graded but these need the host's attention).
int count_judge_faults(const ContestResults& results);

// What the reports do with bytes that are not UTF-8 (contestants' names, programs' messages):
// each becomes U+FFFD, by nlohmann's serializer, in results.json and results.csv alike.
inline constexpr auto kInvalidUtf8 = nlohmann::json::error_handler_t::replace;
std::string with_valid_utf8(const std::string& text);

// The weakest protections of the runs in `tests`, none when no test records a run.
std::optional<Protections> weakest_of(const std::vector<TestResult>& tests);

nlohmann::json to_json(const TestResult& t);
TestResult test_result_from_json(const nlohmann::json& j);  // throws nlohmann::json::exception
nlohmann::json to_json(const CompileRecord& c);
CompileRecord compile_record_from_json(const nlohmann::json& j);
nlohmann::json to_json(const ContestResults& r);

}  // namespace sudoku::judge
