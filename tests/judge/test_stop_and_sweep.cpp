// No leftovers after faults: the cgroups of runners that died are swept when
// the judge starts, and SIGTERM stops grading with a whole journal, no report and exit 143, after
// which the same command resumes.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "judge_fixture.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "support/skip.hpp"

using namespace judge_test;
using Json = nlohmann::json;

extern char** environ;

namespace {

// This process's own group in a v1 hierarchy (where the runners it starts make theirs).
fs::path own_group(const std::string& controller) {
    std::ifstream in("/proc/self/cgroup");
    for (std::string line; std::getline(in, line);) {
        auto a = line.find(':'), b = line.find(':', a + 1);
        std::string names = "," + line.substr(a + 1, b - a - 1) + ",";
        if (names.find("," + controller + ",") != std::string::npos)
            return fs::path("/sys/fs/cgroup") / controller / line.substr(b + 2);
    }
    return {};
}

// Grades a fresh sum contest in `dir` (out/, its stdout and stderr in log); the shell's status.
int grade_sum_contest_logged(const fs::path& dir) {
    fs::path contest = write_sum_contest(dir);
    return std::system((judge_cli().string() + " grade " + contest.string() + " --out " + (dir / "out").string() +
                        " >" + (dir / "log").string() + " 2>&1")
                           .c_str());
}

pid_t dead_pid() {
    pid_t child = fork();
    if (child == 0) _exit(0);
    waitpid(child, nullptr, 0);
    return child;
}

pid_t start(const std::vector<std::string>& args, const fs::path& log) {
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, (log.string() + ".stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_addopen(&actions, 2, (log.string() + ".stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    pid_t pid = -1;
    REQUIRE(posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) == 0);
    posix_spawn_file_actions_destroy(&actions);
    return pid;
}

int journal_tests(const fs::path& journal, bool& whole) {
    std::ifstream in(journal);
    int tests = 0;
    whole = true;
    for (std::string line; std::getline(in, line);) {
        auto j = Json::parse(line, nullptr, false);
        if (j.is_discarded()) whole = false;
        if (!j.is_discarded() && j.contains("test")) ++tests;
    }
    return tests;
}

}  // namespace

TEST_CASE("sweep: a stale sudoku-sandbox-<dead pid> cgroup is removed at judge start, one holding a process is kept",
          "[serial]") {
    if (geteuid() != 0) sudoku::testing::skip_test("making cgroups needs root");
    fs::path memory = own_group("memory"), pids = own_group("pids");
    if (memory.empty() || !fs::exists(memory / "cgroup.procs"))
        sudoku::testing::skip_test("no cgroup v1 memory hierarchy here");
    const std::string stale = "sudoku-sandbox-" + std::to_string(dead_pid());
    const std::string busy = "sudoku-sandbox-" + std::to_string(dead_pid());
    for (const auto& g : {memory / stale, pids / stale, memory / busy}) REQUIRE(mkdir(g.c_str(), 0755) == 0);
    pid_t sleeper = fork();
    if (sleeper == 0) {
        execl("/bin/sleep", "sleep", "30", static_cast<char*>(nullptr));
        _exit(127);
    }
    write_text(memory / busy / "cgroup.procs", std::to_string(sleeper));

    auto dir = scratch("sweep");
    const int status = grade_sum_contest_logged(dir);
    INFO(read_text(dir / "log"));
    CHECK(WEXITSTATUS(status) == 0);
    CHECK_FALSE(fs::exists(memory / stale));
    CHECK_FALSE(fs::exists(pids / stale));
    CHECK(fs::exists(memory / busy));  // its runner is gone, but a process is still in it
    CHECK(read_text(dir / "log").find("cgroup(s) left by runners that died") != std::string::npos);

    kill(sleeper, SIGKILL);
    waitpid(sleeper, nullptr, 0);
    rmdir((memory / busy).c_str());
}

TEST_CASE("sweep: the root skeleton folder of a --serve runner killed by SIGKILL is removed at judge start",
          "[serial]") {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's root skeleton needs root");
    int to_runner[2];
    REQUIRE(pipe(to_runner) == 0);
    pid_t runner = fork();
    if (runner == 0) {
        dup2(to_runner[0], 0);
        close(to_runner[1]);
        execl(sudoku::judge::sandbox_executable().c_str(), "sudoku-sandbox", "--serve", static_cast<char*>(nullptr));
        _exit(127);
    }
    close(to_runner[0]);
    const std::string prefix = "sudoku-sandbox-root-" + std::to_string(runner) + "-";
    auto skeletons = [&] {
        std::vector<fs::path> found;
        for (const auto& e : fs::directory_iterator("/tmp"))
            if (e.path().filename().string().rfind(prefix, 0) == 0) found.push_back(e.path());
        return found;
    };
    // A loaded machine may take seconds to start the runner: wait on what it makes, not on a clock.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (skeletons().empty() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE(skeletons().size() == 1);  // made at start, once per runner
    kill(runner, SIGKILL);             // a cancelled cluster job: no clean-up of its own
    waitpid(runner, nullptr, 0);
    close(to_runner[1]);
    REQUIRE(skeletons().size() == 1);  // left behind (before: for good)

    auto dir = scratch("sweep-skeleton");
    const int status = grade_sum_contest_logged(dir);
    INFO(read_text(dir / "log"));
    CHECK(WEXITSTATUS(status) == 0);
    CHECK(skeletons().empty());
    CHECK(read_text(dir / "log").find("root skeleton folder(s) left by runners that died") != std::string::npos);
}

TEST_CASE("contest: SIGTERM during grading stops with a whole journal, no report and exit 143, and a rerun resumes") {
    auto dir = scratch("sigterm");
    fs::path contest = write_sum_contest(dir);
    fs::create_directories(dir / "contestants/zed");
    fs::copy_file(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs/sleeper.c", dir / "contestants/zed/sum.c");
    const fs::path out = dir / "out";
    const std::vector<std::string> args = {judge_cli().string(), "grade", contest.string(), "--out", out.string()};

    pid_t judge = start(args, dir / "first");
    bool whole = true;
    // alice, bob and carol (12 tests) are quick; zed's first test sleeps into its wall limit.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (journal_tests(out / "journal.jsonl", whole) < 12 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    kill(judge, SIGTERM);
    int status = 0;
    waitpid(judge, &status, 0);
    INFO(read_text(dir.string() + "/first.stderr"));
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 143);
    CHECK(read_text(dir.string() + "/first.stderr").find("run the same command again to resume") != std::string::npos);
    CHECK(journal_tests(out / "journal.jsonl", whole) == 12);  // zed's interrupted test is not a result
    CHECK(whole);
    CHECK_FALSE(fs::exists(out / "results.json"));
    CHECK_FALSE(fs::exists(out / "report.html"));

    status = std::system(
        (args[0] + " grade " + contest.string() + " --out " + out.string() + " >" + (dir / "second").string() + " 2>&1")
            .c_str());
    REQUIRE(WEXITSTATUS(status) == 0);
    Json r = Json::parse(read_text(out / "results.json"));
    for (auto& c : r["contestants"]) {
        if (c["name"] == "alice") CHECK(c["total"] == 100);
        if (c["name"] == "zed") CHECK(c["problems"][0]["tests"][0]["verdict"] == "TLE");
    }
    CHECK(read_text(dir / "second").find("resuming: 12 test result(s)") != std::string::npos);
}
