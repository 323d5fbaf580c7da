// Fail closed: a protection the runner cannot put in place ends the run as a judge fault naming it,
// never a run that goes on less protected than reported. Each setup call is made to fail through
// the test build of the runner (sudoku-sandbox-testing, --fail-step), as the kernel would refuse it
// (EPERM); the release runner does not take --fail-step at all.
#include <unistd.h>

#include <cstdio>

#include "judge_fixture.hpp"
#include "sudoku/judge/checkers/checkers.hpp"
#include "sudoku/judge/grading/verdict.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "support/skip.hpp"

using namespace sudoku::judge;
namespace fs = std::filesystem;

namespace {

// The runner's test build, the only one that takes --fail-step.
const fs::path kTestingRunner = SUDOKU_SANDBOX_TESTING_PATH;

// The runner run by hand on /bin/true with one setup step failing; its record, parsed.
RunRecord run_runner(const fs::path& dir, const std::string& extra) {
    const std::string command =
        kTestingRunner.string() + " --dir " + dir.string() + " --cpu 1 --mem 64 " + extra + " -- /bin/true 2>&1";
    std::string text;
    if (FILE* p = popen(command.c_str(), "r")) {
        char buf[4096];
        for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) text.append(buf, n);
        pclose(p);
    }
    INFO(command << "\n" << text);
    return parse_run_record(text);
}

Verdict verdict_of(const RunRecord& record) {
    RunLimits limits;
    return decide_verdict(record, limits, OutputFacts{}, [] { return CheckResult{}; }).verdict;
}

}  // namespace

TEST_CASE("sandbox: a run whose limits cannot be set fails naming the limit, instead of running unlimited") {
    const fs::path dir = judge_test::scratch("fail-setrlimit");
    const RunRecord ok = run_runner(dir, "");
    REQUIRE(ok.error.empty());
    const RunRecord failed = run_runner(dir, "--fail-step setrlimit");
    CHECK_THAT(failed.error, Catch::Contains("setrlimit(RLIMIT_"));
    CHECK(verdict_of(failed) == Verdict::FAIL);
    // Without namespaces the limits are all there is: the same refusal.
    const RunRecord bare = run_runner(dir, "--no-namespaces --no-cgroups --fail-step setrlimit");
    CHECK_THAT(bare.error, Catch::Contains("setrlimit(RLIMIT_"));
}

TEST_CASE("sandbox: a run whose no_new_privs cannot be set fails naming it") {
    const fs::path dir = judge_test::scratch("fail-nnp");
    const RunRecord failed = run_runner(dir, "--fail-step no-new-privs");
    CHECK_THAT(failed.error, Catch::Contains("prctl(PR_SET_NO_NEW_PRIVS)"));
    CHECK(verdict_of(failed) == Verdict::FAIL);
}

TEST_CASE("sandbox: a run whose open-file limit cannot be set fails naming RLIMIT_NOFILE") {
    const fs::path dir = judge_test::scratch("fail-nofile");
    const RunRecord failed = run_runner(dir, "--fail-step nofile");
    CHECK_THAT(failed.error, Catch::Contains("setrlimit(RLIMIT_NOFILE)"));
    CHECK(verdict_of(failed) == Verdict::FAIL);
}

TEST_CASE("sandbox: a run whose seccomp filter cannot be loaded fails naming it") {
    const fs::path dir = judge_test::scratch("fail-seccomp");
    const RunRecord failed = run_runner(dir, "--fail-step seccomp");
    CHECK_THAT(failed.error, Catch::Contains("seccomp filter"));
    CHECK(verdict_of(failed) == Verdict::FAIL);
}

TEST_CASE("sandbox: each step of building the program's root that fails ends the run naming the step") {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's mount namespace needs root here");
    const fs::path dir = judge_test::scratch("fail-root");
    for (const char* step : {"root", "bind", "dev", "proc", "tmpfs", "pivot-root"}) {
        INFO("--fail-step " << step);
        const RunRecord failed = run_runner(dir, std::string("--fail-step ") + step);
        CHECK_THAT(failed.error, Catch::Contains(std::string("new root (") + step + ")"));
        CHECK(verdict_of(failed) == Verdict::FAIL);
    }
}

TEST_CASE("sandbox: a run that cannot join the runner's empty network fails naming it") {
    if (geteuid() != 0) sudoku::testing::skip_test("the root path of the runner's network needs root");
    const fs::path dir = judge_test::scratch("fail-net");
    const RunRecord failed = run_runner(dir, "--fail-step net");
    CHECK_THAT(failed.error, Catch::Contains("network namespace"));
    CHECK(verdict_of(failed) == Verdict::FAIL);
}

TEST_CASE("sandbox: a run that cannot make itself the OOM killer's first choice fails naming it") {
    const fs::path dir = judge_test::scratch("fail-oom");
    const RunRecord failed = run_runner(dir, "--fail-step oom");
    CHECK_THAT(failed.error, Catch::Contains("oom_score_adj"));
    CHECK(verdict_of(failed) == Verdict::FAIL);
}

TEST_CASE("sandbox: --fail-step takes only the steps it knows") {
    const fs::path dir = judge_test::scratch("fail-unknown");
    const std::string command =
        kTestingRunner.string() + " --dir " + dir.string() + " --fail-step mount -- /bin/true >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 2);
}

TEST_CASE("sandbox: the release runner has no --fail-step: the option is refused as unknown") {
    const fs::path dir = judge_test::scratch("fail-release");
    const std::string base = sandbox_executable().string() + " --dir " + dir.string();
    const int refused = std::system((base + " --fail-step oom -- /bin/true >/dev/null 2>&1").c_str());
    CHECK(WIFEXITED(refused));
    CHECK(WEXITSTATUS(refused) == 2);
    const int ran = std::system((base + " -- /bin/true >/dev/null 2>&1").c_str());
    CHECK(WIFEXITED(ran));
    CHECK(WEXITSTATUS(ran) == 0);
    FILE* help = popen((sandbox_executable().string() + " --help").c_str(), "r");
    REQUIRE(help);
    std::string text;
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, help)) > 0;) text.append(buf, n);
    pclose(help);
    CHECK(text.find("--dir") != std::string::npos);
    CHECK(text.find("--fail-step") == std::string::npos);
}
