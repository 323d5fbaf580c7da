// The one model of a problem: what every package reader (formats/) produces, every writer
// consumes and the judge grades. No format, file or YAML here: only what a problem is.
//
//   Problem
//   ├─ io, limits, time_rule          how a submission runs (and how its time and memory count)
//   ├─ partial_points                 exact, or whole points (LemonLime)
//   ├─ tests[]                        in judging order; each in one group (its closest)
//   ├─ groups[]                       a tree by `parent`, parents before children; a test or a
//   │                                 group is a child of the group it names, in list order
//   │    data (root) ─┬─ sample ─ tests
//   │                 └─ secret ─┬─ secret/g1 ─ tests
//   │                            └─ secret/g2 ─ tests    (require_pass: [secret/g1])
//   ├─ checker                        built-in comparison, or a program and its protocol
//   ├─ validators[]                   input validators (run by verify over every test)
//   └─ expectations[]                 the package's own submissions and what they must get
//
// Scoring (sudoku/problem/scoring.hpp): a test's score is its checker's when the protocol gives
// one (a score file, a fraction), else its group's accept_score or reject_score; a group's score
// aggregates its children's by its rule; the root's score is the problem's.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/common/enum_names.hpp"

namespace sudoku::problem {

// Where a problem was read from: what its expectations' judgements are compared in.
enum class PackageFormat { own, kattis, domjudge, polygon, lemon };

// A problem judged right or wrong (its score is all or nothing), or scored.
enum class ProblemType { pass_fail, scoring };

// How a group's score comes from its children's scores.
enum class Aggregation {
    sum,        // the sum
    min,        // the smallest: a group scored by its weakest test
    average,    // the mean
    max,        // the largest
    pass_fail,  // max_score when every test below is accepted, else 0
};

// How a group's judgement comes from its children's (Kattis's default grader modes).
enum class VerdictRule {
    worst_error,    // accepted when all are, else the worst (judge error > RTE > MLE > TLE > OLE > WA > PE)
    first_error,    // accepted when all are, else the first that is not
    always_accept,  // accepted whatever its children got (a group that only counts points)
};

// The judgements a submission can get, in the words every format shares.
enum class Judgement {
    accepted,
    wrong_answer,
    presentation_error,
    time_limit_exceeded,
    memory_limit_exceeded,
    run_time_error,
    output_limit_exceeded,
    compile_error,
    judge_error,
};

// How a checker program says its judgement (and score).
enum class CheckerProtocol {
    testlib,        // `checker input output answer`: exit 0 AC, 1 WA, 2 PE, 3 fail, 7 points
    kattis,         // `validator input answer feedback_dir/ < output`: exit 42 AC, 43 WA, else judge
                    // error; feedback_dir/score.txt or score_multiplier.txt, judgemessage.txt
    lemon_message,  // LemonLime's reading of a testlib checker's stderr
    lemon_special,  // LemonLime's own special judge: input output answer full_score score_file report_file
    cms,            // `checker input answer output`: a fraction 0..1 on stdout, a message on stderr
};

// What compares a submission's output with the answer.
enum class CheckerKind {
    tokens,   // whitespace-separated tokens, exactly (or case-insensitively: case_sensitive false)
    exact,    // bytes
    lines,    // lines, trailing whitespace ignored
    floats,   // tokens, numbers within float_absolute or float_relative of the answer's
    program,  // a program of the package, speaking `protocol`
    // LemonLime's comparison modes, each with its own quirks (how it reads in pieces, which
    // differences are presentation errors), so none of them is one of the kinds above:
    lemon_lines,          // "full-text": line by line, byte for byte
    lemon_ignore_spaces,  // words compared; the same words on other lines a presentation error
    lemon_real,           // numbers within 10^-real_precision, absolute or relative
    lemon_diff,           // the external tool: `diff ARGUMENT answer output`, `arguments` its one
};

// How a run's CPU time is counted against the time limit.
enum class CpuClock {
    user_and_system,  // both (most judges)
    user,             // user time alone (LemonLime)
};

// What the memory limit bounds.
enum class MemoryRule {
    resident,       // the resident peak: memory reserved and never touched is free
    address_space,  // the address space, reserved or not (LemonLime)
};

// How partial points add up, and when a group that others require counts as passed.
enum class PartialPoints {
    exact,  // as scored; a required group passes when every test in it is accepted
    whole,  // truncated to whole points per test and per group, and a required group passes when
            // it scored more than 0 (LemonLime keeps integer scores and skips a subtask only
            // when one it depends on scored nothing)
};

}  // namespace sudoku::problem

template <>
struct sudoku::EnumNames<sudoku::problem::PackageFormat> {
    static constexpr std::string_view names[] = {"own", "kattis", "domjudge", "polygon", "lemon"};
};
template <>
struct sudoku::EnumNames<sudoku::problem::ProblemType> {
    static constexpr std::string_view names[] = {"pass-fail", "scoring"};
};
template <>
struct sudoku::EnumNames<sudoku::problem::Aggregation> {
    static constexpr std::string_view names[] = {"sum", "min", "average", "max", "pass-fail"};
};
template <>
struct sudoku::EnumNames<sudoku::problem::VerdictRule> {
    static constexpr std::string_view names[] = {"worst-error", "first-error", "always-accept"};
};
template <>
struct sudoku::EnumNames<sudoku::problem::Judgement> {
    // The short names Kattis, DOMjudge and Polygon packages and our verdicts share.
    static constexpr std::string_view names[] = {"AC", "WA", "PE", "TLE", "MLE", "RTE", "OLE", "CE", "JE"};
};
template <>
struct sudoku::EnumNames<sudoku::problem::CheckerProtocol> {
    static constexpr std::string_view names[] = {"testlib", "kattis", "lemon-message", "lemon-special", "cms"};
};
template <>
struct sudoku::EnumNames<sudoku::problem::CheckerKind> {
    static constexpr std::string_view names[] = {
        "tokens",     "exact",     "lines", "float", "program", "lemon-lines", "lemon-ignore-spaces",
        "lemon-real", "lemon-diff"};
};
template <>
struct sudoku::EnumNames<sudoku::problem::CpuClock> {
    static constexpr std::string_view names[] = {"user-and-system", "user"};
};
template <>
struct sudoku::EnumNames<sudoku::problem::MemoryRule> {
    static constexpr std::string_view names[] = {"resident", "address-space"};
};
template <>
struct sudoku::EnumNames<sudoku::problem::PartialPoints> {
    static constexpr std::string_view names[] = {"exact", "whole"};
};

namespace sudoku::problem {

// Everything a run of a submission may use. 0 where the format leaves it to the judge.
struct Limits {
    double time_s = 1;              // CPU seconds per test
    double wall_s = 0;              // 0: the judge's wall limit for time_s
    std::int64_t memory_mib = 256;  // 0: the judge's default
    std::int64_t output_kib = 65536;
    std::int64_t stack_mib = 0;                      // 0: as much as the memory limit
    std::int64_t code_kib = 0;                       // a larger submission is refused; 0: the judge's default
    CpuClock cpu_clock = CpuClock::user_and_system;  // what time_s bounds
    MemoryRule memory_rule = MemoryRule::resident;   // what memory_mib bounds
};

// A time limit the format derives from the package's submissions (Kattis): the slowest accepted
// run times ac_to_time_limit, rounded up to a multiple of resolution, and time_limit_to_tle
// below the fastest time_limit_exceeded one.
struct TimeLimitRule {
    bool derived = false;  // false: Limits::time_s as given
    double ac_to_time_limit = 2.0;
    double time_limit_to_tle = 1.5;
    double resolution = 1.0;
};

// Standard streams, or plain file names in the run's folder.
struct Io {
    std::string input = "stdin";
    std::string output = "stdout";
    bool uses_stdin() const { return input == "stdin"; }
    bool uses_stdout() const { return output == "stdout"; }
};

struct Test {
    std::string name;  // unique in the problem; may hold '/' ("secret/group1/01")
    std::filesystem::path input, answer;
    std::string group;  // the closest group holding it (Group::name)
    bool sample = false;
    double time_s = 0;  // this test's own limits, 0 for the problem's
    std::int64_t memory_mib = 0;
    std::vector<std::string> checker_arguments;    // after the protocol's own arguments
    std::vector<std::string> validator_arguments;  // for every input validator on this test
};

// A closed range of scores; infinite ends allowed.
struct ScoreRange {
    double min = 0, max = 0;
};

struct Group {
    std::string name;    // unique; "data", "sample", "secret", "secret/group1", ...
    std::string parent;  // empty for the root (exactly one group has none)
    Aggregation aggregation = Aggregation::sum;
    VerdictRule verdict_rule = VerdictRule::worst_error;
    bool accept_if_any_accepted = false;  // accepted when any child is, whatever verdict_rule says
    bool stop_on_reject = false;          // children after the first not accepted are not run
    bool ignore_sample = false;           // the root only: its score and judgement are secret's alone
    // A test's score when its checker gives none: accepted, or not accepted.
    double accept_score = 1, reject_score = 0;
    // The most the group can score: pass_fail groups score it, others are checked against it.
    std::optional<double> max_score;  // nullopt: unbounded (whatever the children add up to)
    std::optional<ScoreRange> range;  // a score outside it is a judge error (Kattis legacy `range`)
    // Groups that must have every test accepted (with PartialPoints::whole: must have scored) for
    // this one to be scored (earlier groups, or "sample"): otherwise it scores 0 and its tests
    // count as not accepted.
    std::vector<std::string> require_pass;
    bool sample = false;
};

// A program of the package: a checker, a validator, a submission. One file, or a folder of
// files (one of them the entry point, by the language's rule).
struct Program {
    std::filesystem::path path;
    std::string language;                         // the judge's language name; empty: none of its languages
    std::string declared_language;                // the package's own name for it, when it names one ("kotlin")
    std::filesystem::path entry;                  // a folder's file it starts from; empty: its first source
    std::vector<std::filesystem::path> includes;  // copied beside it before compiling (testlib.h, include/<lang>/*)
};

struct Checker {
    CheckerKind kind = CheckerKind::tokens;
    CheckerProtocol protocol = CheckerProtocol::testlib;   // kind program only
    Program program;                                       // kind program only
    bool case_sensitive = true;                            // tokens
    bool space_change_sensitive = false;                   // tokens: whitespace compared exactly
    std::optional<double> float_absolute, float_relative;  // floats: either tolerance suffices
    int real_precision = 3;                                // lemon_real: the digits p of 10^-p
    // program: for every test, before Test::checker_arguments; lemon_diff: diff's, which
    // LemonLime gives as one argument
    std::vector<std::string> arguments;
};

struct InputValidator {
    Program program;
    std::vector<std::string> arguments;
    int accept_exit = 42;     // the exit status that accepts an input (Kattis 42; testlib 0)
    bool crlf_as_lf = false;  // the input's CR LF line ends given to it as LF (Polygon)
};

// How a submission's run times bound a time limit the format derives (Kattis).
enum class TimeLimitUse {
    none,   // not at all
    lower,  // from below: the limit is at least its slowest test x ac_to_time_limit
    upper,  // from above: its slowest test is at least the limit x time_limit_to_tle
};

}  // namespace sudoku::problem

template <>
struct sudoku::EnumNames<sudoku::problem::TimeLimitUse> {
    static constexpr std::string_view names[] = {"none", "lower", "upper"};
};

namespace sudoku::problem {

// What a submission must get on part of the tests (Kattis submissions.yaml's keys naming a test
// group or test): the conditions of Expectation, over the tests the path covers.
struct GroupExpectation {
    std::string path;                // as the package wrote it: "secret/group1", "sample", "secret/*-hard"
    std::vector<std::string> named;  // the groups and tests whose own name it matches
    std::vector<std::string> tests;  // the tests it covers: the named ones and every test below a named group
    std::vector<Judgement> permitted, required;        // over `tests`, as Expectation's over all
    std::optional<ScoreRange> score;                   // each named group's aggregated score (a named test's own)
    std::string message;                               // in the judge message of at least one of `tests`
    TimeLimitUse time_limit_use = TimeLimitUse::none;  // how the run times of `tests` bound a derived limit
};

// What one of the package's own submissions must get, in the package's own words.
struct Expectation {
    Program submission;
    std::string contestant;  // the name it is graded under, unique: "accepted-hello.cpp"
    std::string folder;      // the package's name for its class: "accepted", "wrong_answer", "MAIN"
    // Every test's judgement is one of `permitted` (empty: any); at least one test's is one of
    // `required` (empty: no such condition); the submission's own judgement is one of `overall`
    // (empty: any).
    std::vector<Judgement> permitted, required, overall;
    std::optional<ScoreRange> score;
    // Text the checker's message must hold on at least one test (Kattis judgemessage.txt); empty:
    // no such condition.
    std::string message;
    TimeLimitUse time_limit_use = TimeLimitUse::none;
    std::vector<GroupExpectation> groups;  // on part of the tests, each besides the above
};

struct Problem {
    PackageFormat format = PackageFormat::own;
    std::filesystem::path source;  // the package's folder (or archive) it was read from
    std::string name;              // a plain name: the problem's folder in a contest
    std::string title;
    ProblemType type = ProblemType::pass_fail;
    Io io;
    Limits limits;
    TimeLimitRule time_rule;
    PartialPoints partial_points = PartialPoints::exact;
    std::vector<Test> tests;
    std::vector<Group> groups;  // parents before children; empty: one root "data" holding every test
    Checker checker;
    std::vector<InputValidator> validators;
    std::vector<Expectation> expectations;
    // The format has no memory-limit judgement: a run over its memory limit is a run-time error
    // (Kattis, DOMjudge).
    bool memory_is_run_time_error = false;
    // What the reader decided that the host should know ("the time limit is derived from ...").
    std::vector<std::string> notes;
    // The package's constants (Kattis 2025-09): "name" and "name.variant" to the text that replaces
    // {{name}} and {{name.variant}} in its validators and submissions before they are compiled.
    std::map<std::string, std::string> constants;
    // Files added to every submission of a language before it is compiled, over its own of the
    // same name (Kattis include/<language>/): the judge's language name ("cpp") to the files.
    std::map<std::string, std::vector<std::filesystem::path>> included_files;
};

// The group named `name`, or nullptr.
const Group* find_group(const Problem& problem, std::string_view name);

// The root group's name ("data" when `groups` is empty).
std::string root_group(const Problem& problem);

// Messages for every broken invariant (a test or group naming an unknown group, a cycle, names
// given twice, require_pass naming a later group or one not pass-fail, a range upside down).
std::vector<std::string> model_problems(const Problem& problem);

// The format's judgement for what our judge calls `judgement` (memory_is_run_time_error applied).
Judgement in_format(const Problem& problem, Judgement judgement);

}  // namespace sudoku::problem
