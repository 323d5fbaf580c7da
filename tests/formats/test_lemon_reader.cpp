// A LemonLime contest read into the problem model (sudoku/formats/lemon.hpp), each expectation from
// what LemonLime does with the .cdf's fields: its comparison modes (Task::ComparisonMode, by number
// in the .cdf), its special judges' protocols, file or standard I/O, each test case's own limits,
// a test case of several input files scored by its lowest, its subtask dependencies, its clock and
// memory rule and its whole points.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "sudoku/formats/lemon.hpp"
#include "sudoku/problem/scoring.hpp"
#include "support/files.hpp"
#include "support/lemon_cdf.hpp"

namespace fs = std::filesystem;
using sudoku::testing::write_text;
namespace cdf = sudoku::testing::lemon_cdf;
using cdf::test_case;
namespace problem = sudoku::problem;
namespace lemon = sudoku::formats::lemon;
using Json = nlohmann::json;

namespace {

// A fresh contest folder with its data/ folder, as LemonLime lays one out.
fs::path scratch(const std::string& name) {
    const fs::path dir = sudoku::testing::fresh_temp_folder("sudoku-lemon-" + name);
    fs::create_directories(dir / "data");
    return dir;
}

// A traditional task on standard I/O comparing in `mode`, one test case data/<name>/1.in, 1.ans.
// Its title is not its name and its real precision not the usual 3, so that the model is seen to
// take each from its own field.
Json task(const fs::path& dir, const std::string& name, int mode) {
    write_text(dir / "data" / name / "1.in", "1\n");
    write_text(dir / "data" / name / "1.ans", "1\n");
    Json t = cdf::task(name, mode, Json::array({test_case(100, {name + "/1.in"}, {name + "/1.ans"}, 1000, 256)}));
    t["problemTitle"] = "The " + name;
    t["realPrecision"] = 4;
    return t;
}

Json contest_of(const Json& tasks) { return cdf::contest("Lemon Day", tasks); }

lemon::Contest read(const fs::path& dir, const Json& tasks) {
    auto read = lemon::read_contest(contest_of(tasks), dir);
    if (auto* refusals = std::get_if<std::vector<std::string>>(&read)) FAIL(refusals->front());
    return std::get<lemon::Contest>(read);
}

// data/<name>/judge: an executable special judge.
void write_judge(const fs::path& dir, const std::string& name) {
    const fs::path judge = dir / "data" / name / "judge";
    write_text(judge, "#!/bin/sh\n");
    fs::permissions(judge, fs::perms::owner_all);
}

}  // namespace

TEST_CASE("lemon reader: each comparison mode is its own checker of the model") {
    const fs::path dir = scratch("modes");
    Json tasks = Json::array();
    for (int mode = 0; mode <= 5; ++mode) tasks.push_back(task(dir, "m" + std::to_string(mode), mode));
    write_judge(dir, "m4");
    write_judge(dir, "m5");
    tasks[4]["specialJudge"] = "m4/judge";
    tasks[5]["specialJudge"] = "m5/judge";
    const auto contest = read(dir, tasks);
    CHECK(contest.title == "Lemon Day");
    REQUIRE(contest.tasks.size() == 6);
    const auto& c = [&](int mode) -> const problem::Checker& { return contest.tasks[mode].checker; };
    // 0 line by line ("full-text"), 1 ignore spaces: LemonLime's own comparisons.
    CHECK(c(0).kind == problem::CheckerKind::lemon_lines);
    CHECK(c(1).kind == problem::CheckerKind::lemon_ignore_spaces);
    // 2: diff with the task's diffArguments, as one argument.
    CHECK(c(2).kind == problem::CheckerKind::lemon_diff);
    CHECK(c(2).arguments == std::vector<std::string>{"--ignore-space-change"});
    // 3: real numbers within 10^-realPrecision.
    CHECK(c(3).kind == problem::CheckerKind::lemon_real);
    CHECK(c(3).real_precision == 4);
    // 4: Lemon's special judge (input output answer full_score score_file report_file); 5: a
    // testlib checker LemonLime reads by its stderr. Both the file under data/ the task names.
    CHECK(c(4).kind == problem::CheckerKind::program);
    CHECK(c(4).protocol == problem::CheckerProtocol::lemon_special);
    CHECK(c(4).program.path == fs::canonical(dir / "data/m4/judge"));
    CHECK(c(5).kind == problem::CheckerKind::program);
    CHECK(c(5).protocol == problem::CheckerProtocol::lemon_message);
    CHECK(c(5).program.path == fs::canonical(dir / "data/m5/judge"));
    for (const auto& t : contest.tasks) {
        INFO(t.name);
        CHECK(t.format == problem::PackageFormat::lemon);
        CHECK(t.title == "The " + t.name);
        CHECK(problem::model_problems(t).empty());
    }
}

TEST_CASE("lemon reader: a special judge that is not executable is refused, as LemonLime runs it as it is") {
    const fs::path dir = scratch("judge-mode");
    Json t = task(dir, "s", 4);
    write_text(dir / "data/s/judge", "#!/bin/sh\n");
    t["specialJudge"] = "s/judge";
    auto read = lemon::read_contest(contest_of(Json::array({t})), dir);
    REQUIRE(std::holds_alternative<std::vector<std::string>>(read));
    CHECK_THAT(std::get<std::vector<std::string>>(read).front(),
               Catch::Contains("task 1 (s): special judge") && Catch::Contains("is not executable"));
}

TEST_CASE("lemon reader: standard I/O or the task's file names") {
    const fs::path dir = scratch("io");
    Json files = task(dir, "f", 0), half = task(dir, "h", 0);
    files["standardInputCheck"] = false;
    files["standardOutputCheck"] = false;
    half["standardOutputCheck"] = false;
    const auto contest = read(dir, Json::array({files, half}));
    CHECK(contest.tasks[0].io.input == "f.in");
    CHECK(contest.tasks[0].io.output == "f.out");
    CHECK(contest.tasks[1].io.uses_stdin());
    CHECK(contest.tasks[1].io.output == "h.out");
}

// LemonLime limits each test case on its own (TestCase::timeLimit in ms, memoryLimit in MiB), runs
// every input file of a case, scores the case by its lowest input, and skips a case whose
// dependency ("<k>_lemon_SUbtaskDEPENDENCE_fLAg" among its inputs) has a case scoring 0.
TEST_CASE("lemon reader: test cases as groups with their own limits, inputs and dependencies") {
    const fs::path dir = scratch("cases");
    Json t = task(dir, "p", 3);
    for (const char* f : {"a.in", "a.ans", "b.in", "b.ans", "c.in", "c.ans"}) write_text(dir / "data/p" / f, "2\n");
    t["testCases"] = {test_case(30, {"p/a.in", "p/b.in"}, {"p/a.ans", "p/b.ans"}, 1500, 64),
                      test_case(70, {"p/c.in", "1_lemon_SUbtaskDEPENDENCE_fLAg"}, {"p/c.ans"}, 250, 512)};
    const auto contest = read(dir, Json::array({t}));
    const problem::Problem& p = contest.tasks.at(0);
    REQUIRE(p.tests.size() == 3);
    CHECK(p.tests[0].name == "1-1");
    CHECK(p.tests[1].name == "1-2");
    CHECK(p.tests[2].name == "2-1");
    CHECK(p.tests[1].input == fs::canonical(dir / "data/p/b.in"));
    CHECK(p.tests[1].answer == fs::canonical(dir / "data/p/b.ans"));
    CHECK(p.tests[0].group == "1");
    CHECK(p.tests[1].group == "1");
    CHECK(p.tests[2].group == "2");
    CHECK(p.tests[0].time_s == 1.5);
    CHECK(p.tests[0].memory_mib == 64);
    CHECK(p.tests[2].time_s == 0.25);
    CHECK(p.tests[2].memory_mib == 512);
    // The problem's own limits, what a report shows, are the first case's.
    CHECK(p.limits.time_s == 1.5);
    CHECK(p.limits.memory_mib == 64);
    REQUIRE(p.groups.size() == 3);
    CHECK(p.groups[0].name == "data");
    CHECK(p.groups[0].aggregation == problem::Aggregation::sum);
    for (int k : {1, 2}) {
        const problem::Group& g = p.groups[k];
        CHECK(g.name == std::to_string(k));
        CHECK(g.parent == "data");
        CHECK(g.aggregation == problem::Aggregation::min);
    }
    CHECK(p.groups[1].accept_score == 30);
    CHECK(p.groups[2].accept_score == 70);
    CHECK(p.groups[1].require_pass.empty());
    CHECK(p.groups[2].require_pass == std::vector<std::string>{"1"});
    CHECK(problem::model_problems(p).empty());
    CHECK(problem::max_score(p) == 100);
}

TEST_CASE("lemon reader: user CPU time, the address space and whole points, as LemonLime judges") {
    const fs::path dir = scratch("rules");
    const auto p = read(dir, Json::array({task(dir, "r", 0)})).tasks.at(0);
    CHECK(p.limits.cpu_clock == problem::CpuClock::user);
    CHECK(p.limits.memory_rule == problem::MemoryRule::address_space);
    CHECK(p.partial_points == problem::PartialPoints::whole);
    CHECK(p.type == problem::ProblemType::scoring);
}

// Lemon's special judge gives case 1 (25 points) half its score: LemonLime adds whole points, 12,
// where a model scored without them counts 12.5. Case 2 depends on case 1, which scored something:
// LemonLime judges it (a dependency fails only on a case scoring 0).
TEST_CASE("lemon reader: a half-scored case keeps whole points and still meets a dependency") {
    const fs::path dir = scratch("whole");
    Json t = task(dir, "w", 4);
    write_judge(dir, "w");
    t["specialJudge"] = "w/judge";
    t["testCases"] = {test_case(25, {"w/1.in"}, {"w/1.ans"}, 1000, 256),
                      test_case(75, {"w/1.in", "1_lemon_SUbtaskDEPENDENCE_fLAg"}, {"w/1.ans"}, 1000, 256)};
    const auto p = read(dir, Json::array({t})).tasks.at(0);
    std::vector<problem::TestResult> results(2);
    results[0] = {problem::Judgement::accepted, true, std::nullopt, 0.5};
    results[1] = {problem::Judgement::accepted, true, std::nullopt, std::nullopt};
    const auto score = problem::score_problem(p, results);
    CHECK(score.test_scores == std::vector<double>{12, 75});
    CHECK(score.score == 87);
    // Case 1 scoring nothing: case 2 is skipped.
    results[0] = {problem::Judgement::wrong_answer, true, std::nullopt, std::nullopt};
    const auto none = problem::score_problem(p, results);
    CHECK(none.score == 0);
    CHECK(none.groups.at(2).skipped);
}

TEST_CASE("lemon reader: every refusal of the .cdf at once, each naming its task and test case") {
    const fs::path dir = scratch("refusals");
    Json a = task(dir, "a", 0), b = task(dir, "b", 2), c = task(dir, "c", 0);
    a["taskType"] = 2;
    b["diffArguments"] = "-b -B";
    c["testCases"][0]["inputFiles"] = {"../../secret/1.in"};
    auto read = lemon::read_contest(contest_of(Json::array({a, b, c})), dir);
    REQUIRE(std::holds_alternative<std::vector<std::string>>(read));
    const auto& refusals = std::get<std::vector<std::string>>(read);
    REQUIRE(refusals.size() == 3);
    CHECK_THAT(refusals[0], Catch::StartsWith("task 1 (a): task type 2 (interaction) cannot be graded here"));
    CHECK_THAT(refusals[1], Catch::StartsWith("task 2 (b): \"diffArguments\" is \"-b -B\""));
    CHECK(refusals[2] == "task 3 (c), test case 1: input '../../secret/1.in' leaves data/");
}
