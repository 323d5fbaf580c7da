// Grading a whole contest through the CLI: scores, reports, and a journal that survives kills.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "judge_fixture.hpp"
#include "sudoku/judge/output/journal.hpp"
#include "sudoku/judge/output/report.hpp"

using namespace judge_test;
using Json = nlohmann::json;
using sudoku::judge::ProblemStatus;

extern char** environ;

namespace {

pid_t start_judge(const fs::path& contest, const fs::path& out, int jobs = 1) {
    std::vector<std::string> args = {judge_cli().string(), "grade",  contest.string(),    "--out",
                                     out.string(),         "--jobs", std::to_string(jobs)};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, (out.string() + ".stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_addopen(&actions, 2, (out.string() + ".stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    pid_t pid;
    REQUIRE(posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) == 0);
    posix_spawn_file_actions_destroy(&actions);
    return pid;
}

int wait_for(pid_t pid) {
    int status;
    waitpid(pid, &status, 0);
    return status;
}

// Test results in the journal: how many lines, and how many distinct (contestant, test) among them.
// A line the judge was killed while writing does not parse and is not counted.
std::pair<int, int> journal_entries(const fs::path& out) {
    std::ifstream in(out / "journal.jsonl");
    std::set<std::string> keys;
    std::string line;
    int tests = 0;
    while (std::getline(in, line)) {
        auto j = Json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.contains("test")) continue;
        ++tests;
        keys.insert(j["test"]["contestant"].get<std::string>() + "/" + j["test"]["test"].get<std::string>());
    }
    return {tests, static_cast<int>(keys.size())};
}

Json grade_fully(const fs::path& contest, const fs::path& out, int jobs = 1) {
    int status = wait_for(start_judge(contest, out, jobs));
    INFO(read_text(out.string() + ".stderr"));
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    return Json::parse(read_text(out / "results.json"));
}

}  // namespace

TEST_CASE("contest: every contestant gets the score a person would expect") {
    auto dir = scratch("contest");
    Json r = grade_fully(write_sum_contest(dir), dir / "out");
    std::map<std::string, Json> by_name;
    for (auto& c : r["contestants"]) by_name[c["name"]] = c;
    CHECK(by_name["alice"]["total"] == 100);
    CHECK(by_name["alice"]["rank"] == 1);
    CHECK(by_name["carol"]["total"] == 40);
    CHECK(by_name["carol"]["rank"] == 2);
    CHECK(by_name["bob"]["total"] == 0);
    CHECK(by_name["dave"]["problems"][0]["status"] == "CE");
    CHECK(by_name["dave"]["problems"][0]["compile_message"].get<std::string>().find("undeclared_name") !=
          std::string::npos);
    CHECK(by_name["erin"]["problems"][0]["status"] == "missing");
    CHECK(by_name["carol"]["problems"][0]["tests"][2]["verdict"] == "WA");
    CHECK(by_name["carol"]["problems"][0]["groups"][0]["passed"] == true);

    std::string csv = read_text(dir / "out/results.csv");
    CHECK(csv.find("1,alice,100,sum,100,graded,c,01,small,AC") != std::string::npos);
    std::string html = read_text(dir / "out/report.html");
    // The names, the verdict mix of the tests (drawn without script), and dave's CE in the page's data.
    for (const char* needle :
         {"alice", "bob", "carol", "dave", "erin", "<title>AC: ", "<title>WA: ", "\"status\":\"CE\""})
        CHECK(html.find(needle) != std::string::npos);
    CHECK(html.find("http") == std::string::npos);  // self-contained: nothing to fetch
    std::string summary = read_text(dir.string() + "/out.stdout");
    CHECK(summary.find("alice") != std::string::npos);
    CHECK(read_text(dir.string() + "/out.stderr").find("protections:") != std::string::npos);
}

TEST_CASE("contest: a judge killed at several moments resumes to the same results without running a test twice") {
    auto dir = scratch("resume");
    fs::path contest = write_sum_contest(dir);
    Json uninterrupted = grade_fully(contest, dir / "straight");

    fs::path out = dir / "killed";
    std::set<int> kill_points;
    for (int target : {1, 5, 9}) {
        pid_t pid = start_judge(contest, out);
        auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (journal_entries(out).first < target && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        kill(pid, SIGKILL);
        wait_for(pid);
        kill_points.insert(journal_entries(out).first);
    }
    CHECK(kill_points.size() >= 2);  // the kills landed at different moments
    Json resumed = grade_fully(contest, out);
    CHECK(without_measurements(resumed) == without_measurements(uninterrupted));

    // Every test appears once in the journal: nothing was run twice into the results.
    auto [tests, distinct] = journal_entries(out);
    CHECK(tests == distinct);
    CHECK(tests == 12);  // alice, bob, carol x 4 tests
}

TEST_CASE("contest: kill -9 at twenty random moments, then a restart, equals an uninterrupted run") {
    auto dir = scratch("resume-random");
    fs::path contest = write_sum_contest(dir);
    auto t0 = std::chrono::steady_clock::now();
    Json uninterrupted = grade_fully(contest, dir / "straight");
    const double span_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

    // Kill moments spread over a whole run (compiling, running, checking, journaling), from a
    // fixed seed so a failure can be replayed; each restart resumes from what the last one left.
    // Kill k waits for the journal to hold k/20 of the contest's tests and then lands at a seeded
    // offset within a twentieth of the run: paced by the judge's progress, not by the clock, so a
    // busy machine that slows the judge down still sees kills at every stage.
    fs::path out = dir / "killed";
    std::uint64_t state = 20091121;
    std::set<int> progress_seen;
    constexpr int contest_tests = 12;  // alice, bob, carol x 4 tests
    for (int kill_number = 0; kill_number < 20; ++kill_number) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const double offset_ms = (state >> 11) % 1000 / 1000.0 / 20.0 * span_ms;
        const int stage = kill_number * contest_tests / 20;
        pid_t pid = start_judge(contest, out);
        auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (journal_entries(out).first < stage && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(offset_ms));
        kill(pid, SIGKILL);
        wait_for(pid);
        progress_seen.insert(journal_entries(out).first);
    }
    INFO("journaled tests seen at the kills: " << progress_seen.size() << " distinct counts");
    CHECK(progress_seen.size() >= 2);  // the kills landed at different stages of the work
    Json resumed = grade_fully(contest, out);
    CHECK(without_measurements(resumed) == without_measurements(uninterrupted));

    auto [tests, distinct] = journal_entries(out);
    CHECK(tests == distinct);  // nothing run twice into the results
    CHECK(tests == contest_tests);
}

TEST_CASE("contest: the CLI answers --help with an example and rejects bad input with exit status 2") {
    auto dir = scratch("cli");
    CHECK(WEXITSTATUS(std::system((judge_cli().string() + " --help > " + (dir / "help").string()).c_str())) == 0);
    CHECK(read_text(dir / "help").find("Example") != std::string::npos);
    write_text(dir / "bad.yaml", "name: x\nproblems: [nosuch]\n");
    fs::create_directories(dir / "contestants");
    CHECK(WEXITSTATUS(std::system(
              (judge_cli().string() + " grade " + (dir / "bad.yaml").string() + " 2> " + (dir / "err").string())
                  .c_str())) == 2);
    CHECK(read_text(dir / "err").find("nosuch") != std::string::npos);
}

TEST_CASE("contest: two parallel jobs give the same results as one and a warning when jobs exceed the cores") {
    auto dir = scratch("jobs");
    fs::path contest = write_sum_contest(dir);
    Json one = grade_fully(contest, dir / "one", 1);
    Json two = grade_fully(contest, dir / "two", 2);
    CHECK(without_measurements(one) == without_measurements(two));
    unsigned cores = std::thread::hardware_concurrency();
    grade_fully(contest, dir / "many", static_cast<int>(cores) + 1);
    CHECK(read_text(dir.string() + "/many.stderr").find("exceeds the") != std::string::npos);
}

TEST_CASE("contest: a reason holding bytes that are not UTF-8 is journaled and reported") {
    auto dir = scratch("utf8");
    sudoku::judge::Journal journal(dir / "journal.jsonl");
    sudoku::judge::TestResult t;
    t.contestant = "amy";
    t.problem = "sum";
    t.test = "01";
    t.verdict = sudoku::judge::Verdict::MISSING;
    t.reason = "no output file; it wrote: \xff\xfe.out";
    journal.append(t);
    sudoku::judge::Journal reread(dir / "journal.jsonl");
    auto back = reread.test("amy", "sum", "01");
    REQUIRE(back);
    CHECK(back->verdict == sudoku::judge::Verdict::MISSING);
    const std::string replaced = "no output file; it wrote: \xEF\xBF\xBD\xEF\xBF\xBD.out";  // U+FFFD twice
    CHECK(back->reason == replaced);

    sudoku::judge::ContestResults results;
    results.contest = "utf8";
    results.problems = {"sum"};
    results.problem_max_points = {10};
    sudoku::judge::ProblemResult problem{"sum", sudoku::judge::ProblemStatus::graded, "", 0, 10, {t}, {}};
    results.contestants = {sudoku::judge::ContestantResult{"amy", 1, 0, {problem}}};
    sudoku::judge::write_results_json(results, dir / "results.json");
    Json reported = Json::parse(read_text(dir / "results.json"));
    CHECK(reported["contestants"][0]["problems"][0]["tests"][0]["reason"] == replaced);
}

TEST_CASE(
    "contest: a run grades the contestants it listed when it started: a folder added meanwhile waits whole for "
    "the next run, one removed keeps the results it was graded to") {
    auto dir = scratch("listed-once");
    auto loaded = sudoku::judge::load_contest(write_sum_contest(dir));
    REQUIRE(std::holds_alternative<sudoku::judge::Contest>(loaded));
    const auto& contest = std::get<sudoku::judge::Contest>(loaded);
    sudoku::judge::GradeOptions options;
    options.out_dir = dir / "out";
    options.jobs = 1;
    int calls = 0;
    options.on_test_done = [&](int, int) {
        if (++calls > 1) return;  // after alice's first test, before carol's
        write_text(dir / "contestants/zoe/sum.c",
                   read_text(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs/sum.c"));
        fs::remove_all(dir / "contestants/carol");
    };
    const auto names_and_totals = [](const sudoku::judge::ContestResults& r) {
        std::map<std::string, std::pair<double, ProblemStatus>> by_name;
        for (const auto& c : r.contestants) by_name[c.name] = {c.total, c.problems.at(0).status};
        return by_name;
    };
    using Row = std::pair<double, ProblemStatus>;
    const auto first = names_and_totals(sudoku::judge::grade(contest, options));
    CHECK(first == std::map<std::string, Row>{{"alice", {100, ProblemStatus::graded}},
                                              {"bob", {0, ProblemStatus::graded}},
                                              {"carol", {40, ProblemStatus::graded}},
                                              {"dave", {0, ProblemStatus::CE}},
                                              {"erin", {0, ProblemStatus::missing}}});
    CHECK(read_text(dir / "out/journal.jsonl").find("zoe") == std::string::npos);

    options.on_test_done = nullptr;  // the next run looks at the folder as it is now
    const auto second = names_and_totals(sudoku::judge::grade(contest, options));
    CHECK(second == std::map<std::string, Row>{{"alice", {100, ProblemStatus::graded}},
                                               {"bob", {0, ProblemStatus::graded}},
                                               {"dave", {0, ProblemStatus::CE}},
                                               {"erin", {0, ProblemStatus::missing}},
                                               {"zoe", {100, ProblemStatus::graded}}});
}
