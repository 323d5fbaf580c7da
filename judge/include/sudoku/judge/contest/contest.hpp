// A contest as the host describes it in CONTEST.yaml:
//
//   name: Example contest
//   contestants: contestants        # contestants/<name>/<problem>.<ext>|binary, or a folder <problem>/
//                                   # (sudoku/judge/contest/submission_sources.hpp)
//   testdata: testdata              # testdata/<problem>/{config.yaml, manifest.json, NN.in, NN.ans}
//   problems:                       # by name: testdata/<name>/config.yaml is a sudoku problem,
//     - target-sudoku               # a folder without it a plain problem (sudoku/judge/contest/plain_problem.hpp);
//     - config: configs/poj2676.yaml  # or by config path,
//     - folder: more/hello          # or a plain problem's folder of tests
//   compile:
//     cpp: g++ -O2 -std=gnu++17 -pipe -o {exe} {src}
//     c: gcc -O2 -std=gnu11 -pipe -o {exe} {src} -lm
//     time_limit: 10                # seconds
//     message_limit: 64             # KiB of compiler messages kept
//     source_limit: 1024            # KiB: a larger source is refused without being read
//     output_limit: 64              # MiB: the largest file the compiler may write (and a ready binary)
//     memory_limit: 2048            # MiB of memory for the compiler
//   languages:                      # more languages, or built-in ones changed (sudoku/judge/contest/languages.hpp)
//     python: {time_multiplier: 2}
//   jobs: 1                         # parallel runs (--jobs overrides)
//   stack: memory                   # memory (stack may use the whole memory limit) | <MiB>
//   read_only_dirs: [/opt/gcc-13]   # host directories every run, compile and checker also sees,
//                                   # read-only at the same path (absolute, existing, holding
//                                   # neither the test data nor the contestants); default none
//
// Paths are relative to the YAML file. The problems themselves (limits, checker, scoring, groups)
// are the generator's ProblemConfig: the judge never redefines them.
#pragma once

#include <filesystem>
#include <limits>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/common/bounds.hpp"
#include "sudoku/common/diagnostic.hpp"
#include "sudoku/judge/checkers/checkers.hpp"
#include "sudoku/judge/checkers/float_checker.hpp"
#include "sudoku/judge/contest/languages.hpp"
#include "sudoku/judge/runner_client/runner_contract.hpp"
#include "sudoku/problem/problem.hpp"
#include "sudoku/problem/problem_config.hpp"

namespace sudoku::judge {

// The bounds of every number in CONTEST.yaml (listed in docs/judge.md, "Limits").
namespace contest_bounds {
inline constexpr Bounds<int> kJobs{1, 1024};  // runs are pinned one per core; also --jobs
inline constexpr Bounds<long long> kStackMib{1, 1 << 20};
inline constexpr Bounds<double> kCompileTimeLimitS{0.1, 600};
inline constexpr Bounds<long long> kMessageLimitKib{1, 16384};
inline constexpr Bounds<long long> kSourceLimitKib{1, 65536};
inline constexpr Bounds<long long> kCompileOutputLimitMib{1, 4096};
inline constexpr Bounds<long long> kCompileMemoryLimitMib{64, 1 << 20};
}  // namespace contest_bounds

struct TestCase {
    std::string name;  // "01"
    std::string group;
    std::filesystem::path input, answer;
    double points = 0;  // per test (per-test scoring) or the group's (per-group)
    // This test's own limits where it has them (a LemonLime test case's), 0 for the problem's.
    double time_limit_s = 0;
    long long memory_limit_mib = 0;
    // A Kattis validator's arguments for this test alone, after the problem's checker_arguments.
    std::vector<std::string> checker_arguments = {};
};

// A group that scores only when the groups it depends on pass (plain problems' `depends`).
struct GroupDependency {
    std::string group;
    std::vector<std::string> on;
};

// The points some groups may earn together (plain problems' `score_ranges`: an imported Kattis
// group's legacy `range`, over the plain groups below it). Outside [min, max] the scores are the
// package's fault, not the submission's (sudoku/judge/grading/scoring.hpp).
struct GroupScoreRange {
    std::string name;                 // the package's group it bounds, for the message
    std::vector<std::string> groups;  // the plain groups whose points add up to its score
    double min = -std::numeric_limits<double>::infinity(), max = std::numeric_limits<double>::infinity();
};

// How points are counted: exactly as the checker's fraction says, or as LemonLime counts them
// (sudoku/judge/grading/scoring.hpp).
enum class PartialPoints { exact, lemon };

// A group's own scoring rule (a group's `scoring` in problem.yaml): per-test, per-group (the
// group's points x its smallest fraction), or max (its points x its largest fraction).
enum class GroupRule { per_test, per_group, max };

struct ContestProblem {
    ProblemConfig config;
    std::filesystem::path config_file;  // where `config` was read (its bytes decide results)
    std::filesystem::path testdata;     // testdata/<name>
    std::vector<TestCase> tests;        // in manifest order
    // A plain problem (sudoku/judge/contest/plain_problem.hpp): a folder of tests, config.problem empty.
    bool plain = false;
    FloatTolerance float_tolerance;
    int real_precision = 0;  // the lemon-real checker's digits (sudoku/judge/checkers/lemon_checkers.hpp)
    CheckerProtocol checker_protocol = CheckerProtocol::testlib;
    PartialPoints partial_points = PartialPoints::exact;
    std::vector<GroupDependency> dependencies;
    std::vector<GroupScoreRange> score_ranges;
    std::string diff_arguments;                      // the lemon-diff checker's one argument to diff
    CpuClock cpu_clock = CpuClock::user_and_system;  // LemonLime's time rule: user
    MemoryRule memory_rule = MemoryRule::resident;   // LemonLime's memory rule: address-space
    // Groups scored by their own rule (the others by config.scoring).
    std::map<std::string, GroupRule> group_scoring;
    std::vector<std::string> checker_arguments;  // a Kattis validator's flags (checker_protocol kattis)
    bool case_sensitive = true;                  // tokens and float: false compares letters ignoring case
    bool space_change_sensitive = false;         // tokens and float: whitespace must match too (Kattis)
    // Files compiled with every submission of a language (the language's name to the files), over
    // the submission's own of the same name: an imported Kattis package's include/<language>/.
    std::map<std::string, std::vector<std::filesystem::path>> included_files;
    // A package's own groups as a tree (problem.yaml `score_tree`: an imported package whose
    // rules the plain groups cannot say), scored by the problem model's rules
    // (sudoku/problem/scoring.hpp); each test's `group` is its closest group, its points that
    // group's accept_score. Empty: the plain groups above.
    std::vector<problem::Group> score_tree;
};

struct Contest {
    std::filesystem::path source;
    std::string name;
    std::filesystem::path contestants_dir, testdata_dir;
    std::vector<ContestProblem> problems;
    CompileSettings compile;
    int jobs = 1;
    long long stack_mib = -1;  // -1: the memory limit
    std::vector<std::filesystem::path> read_only_dirs;
};

std::variant<Contest, Diagnostic> load_contest(const std::filesystem::path& yaml_file);

// The tests of a generated test set, from its manifest.json.
std::variant<std::vector<TestCase>, Diagnostic> load_tests(const std::filesystem::path& testdata_dir);

// Contestant names: the sub-directories of the contestants directory, sorted.
std::vector<std::string> list_contestants(const std::filesystem::path& contestants_dir);

// The key that authenticates shard records (sudoku/judge/scaleout/shard_status.hpp, ShardKey)
// lives beside the contest file, one of the contest's files that no submission may be.
inline constexpr const char* kShardKeyFile = ".judge-key";

// CONTEST_DIR/.judge-key.
std::filesystem::path default_shard_key_file(const Contest& contest);

// A contestant's submission for a problem: sudoku/judge/contest/submission_sources.hpp (find_sources).

}  // namespace sudoku::judge
