// sudoku-judge import-lemon, the rest of LemonLime's rules: its diff and its own special-judge
// comparison modes, its clock (user CPU time only) and its memory rule (the address space bounded
// by the memory limit) applied to an imported task, and every setting the import cannot map
// listed at once with its place and what to do.
#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"
#include "sudoku/judge/checkers/lemon_checkers.hpp"
#include "sudoku/judge/import/lemon_import.hpp"
#include "support/lemon_cdf.hpp"
#include "support/skip.hpp"

using namespace judge_test;
using Json = nlohmann::json;
namespace cdf = sudoku::testing::lemon_cdf;

namespace {

// A traditional task on standard input and output whose test case k reads data/<name>/k.in and is
// answered by data/<name>/k.ans (written by write_numbers). diff's argument is "-b", not the usual
// "--ignore-space-change": the diff test sees it reach the imported problem as it is.
Json lemon_task(const std::string& name, int mode, int cases, int full_score, int time_ms, int memory_mib) {
    Json t = cdf::task(name, mode);
    t["diffArguments"] = "-b";
    for (int k = 1; k <= cases; ++k) {
        const std::string stem = name + "/" + std::to_string(k);
        t["testCases"].push_back(cdf::test_case(full_score, {stem + ".in"}, {stem + ".ans"}, time_ms, memory_mib));
    }
    return t;
}

// data/<name>/k.in holds k, and k.ans the answer `answer(k)`.
void write_numbers(const fs::path& lemon, const std::string& name, int cases,
                   const std::function<std::string(int)>& answer) {
    for (int k = 1; k <= cases; ++k) {
        write_text(lemon / "data" / name / (std::to_string(k) + ".in"), std::to_string(k) + "\n");
        write_text(lemon / "data" / name / (std::to_string(k) + ".ans"), answer(k));
    }
}

void write_cdf(const fs::path& lemon, const Json& tasks) {
    write_text(lemon / "contest.cdf", cdf::contest("Lemon Day 2", tasks).dump(2));
}

void submit(const fs::path& lemon, const std::string& who, const std::string& file, const std::string& code) {
    write_text(lemon / "source" / who / file, code);
}

std::string source_of(const std::string& program_file) {
    return read_text(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs" / program_file);
}

// Imports lemon/contest.cdf into `dir`/here and grades it; the results.
Json import_and_grade(const fs::path& dir) {
    const CliRun imported = judge_in(dir, "import-lemon lemon/contest.cdf --out here");
    INFO(imported.err);
    REQUIRE(imported.status == 0);
    const CliRun graded = judge_in(dir, "grade here/CONTEST.yaml --out results --jobs 2");
    INFO(graded.out << graded.err);
    REQUIRE(graded.status == 0);
    return Json::parse(read_text(dir / "results/results.json"));
}

// Grades `dir`/here again, with `line` taken out of the problem.yaml of `problem`.
Json grade_without(const fs::path& dir, const std::string& problem, const std::string& line) {
    const fs::path yaml = dir / "here" / problem / "problem.yaml";
    std::string text = read_text(yaml);
    const size_t at = text.find(line + "\n");
    REQUIRE(at != std::string::npos);
    write_text(yaml, text.erase(at, line.size() + 1));
    fs::remove_all(dir / "results");
    const CliRun graded = judge_in(dir, "grade here/CONTEST.yaml --out results --jobs 2");
    INFO(graded.out << graded.err);
    REQUIRE(graded.status == 0);
    return Json::parse(read_text(dir / "results/results.json"));
}

// contestant -> problem -> its points, and contestant -> problem -> its tests' verdicts.
std::map<std::string, std::map<std::string, double>> points_of(const Json& results) {
    std::map<std::string, std::map<std::string, double>> points;
    for (const auto& c : results["contestants"])
        for (const auto& p : c["problems"]) points[c["name"]][p["problem"]] = p["points"];
    return points;
}
std::map<std::string, std::string> first_verdicts(const Json& results, const std::string& problem) {
    std::map<std::string, std::string> verdicts;
    for (const auto& c : results["contestants"])
        for (const auto& p : c["problems"])
            if (p["problem"] == problem) verdicts[c["name"]] = p["tests"][0]["verdict"];
    return verdicts;
}

std::string import_refusal(const fs::path& dir, const Json& tasks, const std::string& version = "1.0") {
    write_text(dir / "lemon/contest.cdf", cdf::contest("Lemon Day 2", tasks, version).dump());
    auto r = sudoku::judge::import_lemon(dir / "lemon/contest.cdf", dir / "refused");
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(r));
    CHECK(!fs::exists(dir / "refused"));
    return std::get<sudoku::Diagnostic>(r).to_string();
}

}  // namespace

TEST_CASE("import-lemon: every setting that cannot be mapped is listed at once, with its place and a way out") {
    auto dir = scratch("lemon-all-refusals");
    const fs::path lemon = dir / "lemon";
    for (const char* name : {"a", "b", "c", "d", "e"})
        write_numbers(lemon, name, 1, [](int k) { return std::to_string(k) + "\n"; });
    Json a = lemon_task("a", 0, 1, 100, 1000, 64), b = lemon_task("b", 0, 1, 100, 1000, 64),
         c = lemon_task("c", 0, 1, 100, 1000, 64), d = lemon_task("d", 2, 1, 100, 1000, 64),
         e = lemon_task("e", 0, 1, 100, 1000, 64);
    a["subFolderCheck"] = true;
    b["compilerConfiguration"] = {{"g++", "disable"}, {"gcc", "default"}};
    c["taskType"] = 1;
    d["diffArguments"] = "--ignore-space-change --text --brief";  // LemonLime's own default
    e["testCases"][0]["timeLimit"] = 0;
    const std::string message = import_refusal(dir, {a, b, c, d, e}, "2.0");
    INFO(message);
    CHECK(message.find("contest.cdf: 6 things cannot be imported (nothing was written):") != std::string::npos);
    CHECK(message.find("the contest: \"version\" is \"2.0\", which LemonLime refuses to open") != std::string::npos);
    CHECK(message.find("task 1 (a): \"subFolderCheck\" is true") != std::string::npos);
    CHECK(message.find("move each source/<contestant>/a/a.* up one folder") != std::string::npos);
    CHECK(message.find("task 2 (b): compiler \"g++\" is set to \"disable\"") != std::string::npos);
    CHECK(message.find("gcc") == std::string::npos);
    CHECK(message.find("task 3 (c): task type 1 (answers only) cannot be graded here") != std::string::npos);
    CHECK(message.find("task 4 (d): \"diffArguments\" is \"--ignore-space-change --text --brief\", which LemonLime "
                       "hands to diff as one argument") != std::string::npos);
    CHECK(message.find("task 5 (e), test case 1: \"timeLimit\" is 0, out of 10..") != std::string::npos);
}

TEST_CASE("lemon-special: the score file's whole points of the test case's full score") {
    using Kind = sudoku::judge::CheckResult::Kind;
    using sudoku::judge::lemon_special_verdict;
    CHECK(lemon_special_verdict("10\n", 10, "").kind == Kind::accepted);
    CHECK(lemon_special_verdict("12", 10, "").kind == Kind::accepted);
    CHECK(lemon_special_verdict(" 0 ", 10, "no").kind == Kind::wrong);
    const auto three = lemon_special_verdict("3 points", 7, "close");
    CHECK(three.kind == Kind::partial);
    CHECK(three.message == "close");
    CHECK(std::floor(three.fraction * 7) == 3);  // whole points, as LemonLime adds them
    CHECK(lemon_special_verdict("", 10, "").kind == Kind::fail);
    CHECK(lemon_special_verdict("x", 10, "").kind == Kind::fail);
    CHECK(lemon_special_verdict("-2", 10, "").kind == Kind::fail);
}

// same (mode 2, diffArguments "-b": white space changes ignored, not its absence), 2 test cases of
// 50; near (mode 4, tests/judge/programs/lemon_score_judge.c: right 10, off by one 5), 3 of 10.
//   alice: same "1   \n" and "2\n" (AC, AC: 100); near k, k+1, k+1 (10 + 5 + 5 = 20)
//   bob:   same "1\n\n" (an added line: WA) and "2" without its newline (-b lets it pass: AC, 50);
//          near k+2 everywhere (0)
TEST_CASE("import-lemon: comparison modes 2 (diff) and 4 (Lemon's special judge) score as in LemonLime") {
    if (!fs::exists("/usr/bin/diff")) sudoku::testing::skip_test("no diff (diffutils) on this machine");
    auto dir = scratch("lemon-modes");
    const fs::path lemon = dir / "lemon";
    write_numbers(lemon, "same", 2, [](int k) { return std::to_string(k) + "\n"; });
    write_numbers(lemon, "near", 3, [](int k) { return std::to_string(10 * k) + "\n"; });
    fs::copy_file(program("lemon_score_judge.c"), lemon / "data/near/judge");
    Json same = lemon_task("same", 2, 2, 50, 1000, 128), near = lemon_task("near", 4, 3, 10, 1000, 128);
    near["specialJudge"] = "near/judge";
    write_cdf(lemon, Json::array({same, near}));
    const std::string read_k = "k = int(input())\n";
    submit(lemon, "alice", "same.py", read_k + "print(k, end='   \\n' if k == 1 else '\\n')\n");
    submit(lemon, "alice", "near.py", read_k + "print(10 * k + (0 if k == 1 else 1))\n");
    submit(lemon, "bob", "same.py", read_k + "print(k, end='\\n\\n' if k == 1 else '')\n");
    submit(lemon, "bob", "near.py", read_k + "print(10 * k + 2)\n");
    const Json results = import_and_grade(dir);
    CHECK(read_text(dir / "here/same/problem.yaml").find("diff_arguments: \"-b\"") != std::string::npos);
    const std::map<std::string, std::map<std::string, double>> lemonlime{{"alice", {{"same", 100}, {"near", 20}}},
                                                                         {"bob", {{"same", 50}, {"near", 0}}}};
    CHECK(points_of(results) == lemonlime);
}

// kernel: one test case of 100 points under 0.3 s; alice's program spends 0.5 s of system time and
// almost no user time (tests/judge/programs/lemon_system_time.c): accepted in LemonLime. bob's
// spends 1.6 s there: LemonLime's CPU rlimit, the limit's whole seconds (1 s) of user and system
// time together, ends it by SIGXCPU: TLE.
TEST_CASE("import-lemon: an imported task's CPU limit counts user time only, as LemonLime's") {
    auto dir = scratch("lemon-user-time");
    const fs::path lemon = dir / "lemon";
    write_numbers(lemon, "kernel", 1, [](int k) { return std::to_string(k) + "\n"; });
    write_cdf(lemon, Json::array({lemon_task("kernel", 0, 1, 100, 300, 256)}));
    submit(lemon, "alice", "kernel.c", source_of("lemon_system_time.c"));
    std::string longer = source_of("lemon_system_time.c");
    REQUIRE(longer.find("< 0.5") != std::string::npos);
    submit(lemon, "bob", "kernel.c", longer.replace(longer.find("< 0.5"), 5, "< 1.6"));
    const Json results = import_and_grade(dir);
    CHECK(read_text(dir / "here/kernel/problem.yaml").find("cpu_clock: user\n") != std::string::npos);
    CHECK(first_verdicts(results, "kernel") == std::map<std::string, std::string>{{"alice", "AC"}, {"bob", "TLE"}});
    CHECK(points_of(results)["alice"]["kernel"] == 100);
    // The same task on the judge's own clock, user and system time: over the limit.
    const Json own_clock = grade_without(dir, "kernel", "cpu_clock: user");
    CHECK(first_verdicts(own_clock, "kernel") == std::map<std::string, std::string>{{"alice", "TLE"}, {"bob", "TLE"}});
}

// memo: one test case of 100 points under 64 MiB. LemonLime: MLE for a 96 MiB static array with
// one byte touched (its declared size is over the limit) and for 100 MiB reserved and never
// touched (the address space is limited to 64 MiB: the allocation fails, the program aborts);
// accepted for a program that stays small.
TEST_CASE("import-lemon: an imported task's memory limit bounds the address space, as LemonLime's") {
    auto dir = scratch("lemon-address-space");
    const fs::path lemon = dir / "lemon";
    write_numbers(lemon, "memo", 1, [](int k) { return std::to_string(k) + "\n"; });
    write_cdf(lemon, Json::array({lemon_task("memo", 0, 1, 100, 2000, 64)}));
    submit(lemon, "static", "memo.cpp", source_of("lemon_static_array.cpp"));
    submit(lemon, "reserve", "memo.cpp", source_of("lemon_reserve.cpp"));
    submit(lemon, "small", "memo.py", "print(int(input()))\n");
    const Json results = import_and_grade(dir);
    CHECK(read_text(dir / "here/memo/problem.yaml").find("memory_rule: address-space\n") != std::string::npos);
    CHECK(first_verdicts(results, "memo") ==
          std::map<std::string, std::string>{{"static", "MLE"}, {"reserve", "MLE"}, {"small", "AC"}});
    // The same task under the judge's own rule, the resident peak: all three within 64 MiB.
    const Json resident = grade_without(dir, "memo", "memory_rule: address-space");
    CHECK(first_verdicts(resident, "memo") ==
          std::map<std::string, std::string>{{"static", "AC"}, {"reserve", "AC"}, {"small", "AC"}});
}
