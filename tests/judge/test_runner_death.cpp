// A runner killed by SIGKILL (a judge killed, a cluster job cancelled) takes its run with it: the
// run's init dies with its runner (PR_SET_PDEATHSIG), and with init the whole pid namespace, so no
// program of the run goes on under nobody's watch and limits.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "judge_fixture.hpp"
#include "sudoku/judge/runner_client/cgroup_sweep.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "support/skip.hpp"

using namespace judge_test;

namespace {

// The pids of the processes whose command line is exactly `argv` (NUL-separated as in /proc).
std::vector<pid_t> processes_running(const std::string& argv) {
    std::vector<pid_t> found;
    for (const auto& e : fs::directory_iterator("/proc")) {
        const std::string name = e.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream in(e.path() / "cmdline", std::ios::binary);
        std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (cmdline == argv) found.push_back(std::stoi(name));
    }
    return found;
}

// A runner killed by SIGKILL cannot remove its cgroups: the judge's start-up sweep does. The test
// sweeps at once, or the hostile tests' check for leftover groups would find this runner's.
// Returns the sweep's complaints about `runner`'s groups (none expected).
std::vector<std::string> sweep_groups_of(pid_t runner) {
    const std::string name = "sudoku-sandbox-" + std::to_string(runner);
    std::vector<std::string> left;
    for (int attempt = 0; attempt < 100; ++attempt) {  // the run's processes may take a moment to go
        left.clear();
        for (const auto& why : sudoku::judge::sweep_stale_cgroups().kept)
            if (why.find(name) != std::string::npos) left.push_back(why);
        if (left.empty()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    sudoku::judge::sweep_stale_skeletons();
    return left;
}

}  // namespace

TEST_CASE("sandbox: a runner killed by SIGKILL mid-run leaves no process of the run behind") {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's namespaces need root here");
    const fs::path box = scratch("runner-death");
    // A duration no other process on the machine sleeps: the run's program, found by its argv.
    const std::string seconds = "913." + std::to_string(getpid() % 1000);
    const std::string argv = std::string("/bin/sleep") + '\0' + seconds + '\0';
    pid_t runner = fork();
    if (runner == 0) {
        execl(sudoku::judge::sandbox_executable().c_str(), "sudoku-sandbox", "--dir", box.c_str(), "--cpu", "1",
              "--wall", "1000", "--", "/bin/sleep", seconds.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    for (int i = 0; i < 500 && processes_running(argv).empty(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE(processes_running(argv).size() == 1);  // the run is under way
    kill(runner, SIGKILL);
    waitpid(runner, nullptr, 0);
    for (int i = 0; i < 200 && !processes_running(argv).empty(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const auto left = processes_running(argv);
    for (pid_t p : left) kill(p, SIGKILL);  // before: the sleep went on for 15 minutes
    CHECK(left.empty());
    CHECK(sweep_groups_of(runner).empty());
}

// The runner cannot always make itself immune to the OOM killer (without CAP_SYS_RESOURCE it
// cannot lower its oom_score_adj), and a resident runner shares the run's memory cgroup. Before,
// a program of many processes, each smaller than the runner, filling the limit made the kernel
// kill the runner: its session ended, its run was a judge fault and its cgroups stayed behind.
TEST_CASE("sandbox: a run of many small processes filling its memory limit is the OOM victim, never its runner") {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's cgroups need root here");
    const fs::path dir = scratch("small-processes-oom");
    sudoku::judge::SandboxSession session;
    sudoku::judge::RunRequest request;
    request.work_dir = dir / "box";
    for (int round = 0; round < 2; ++round) {  // the second round: the same runner is still there
        fs::remove_all(request.work_dir);
        fs::create_directories(request.work_dir);
        fs::copy_file(program("many_small_processes.c"), request.work_dir / "prog");
        request.argv = {"./prog"};
        request.limits.memory_mib = 16;  // hard limit 34 MiB: about 30 children of 1 MiB
        request.limits.cpu_s = 1;
        request.limits.wall_s = 3;
        sudoku::judge::RunRecord record = session.run(request);
        INFO("round " << round << ": " << record.error << ", peak " << record.peak_kib << " KiB, killed by "
                      << sudoku::judge::to_string(record.killed_by));
        REQUIRE(record.error.empty());
        if (record.cgroups != sudoku::judge::CgroupsState::v1)
            sudoku::testing::skip_test("the runner shares the run's memory cgroup only with cgroup v1");
        CHECK(record.oom);
    }
}

// The judge fault names how the runner ended, so that a runner killed (by the OOM killer, by an
// operator) is told from one that failed by itself.
TEST_CASE("sandbox: a session whose runner is killed mid-run says the runner was killed by signal 9") {
    if (geteuid() != 0) sudoku::testing::skip_test("the runner's namespaces need root here");
    const fs::path box = scratch("session-runner-killed");
    const std::string seconds = "914." + std::to_string(getpid() % 1000);
    const std::string argv = std::string("/bin/sleep") + '\0' + seconds + '\0';
    pid_t runner = -1;
    std::thread killer([&] {
        for (int i = 0; i < 500 && processes_running(argv).empty(); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        for (const auto& e : fs::directory_iterator("/proc")) {  // this process's runner
            const std::string name = e.path().filename().string();
            if (name.find_first_not_of("0123456789") != std::string::npos) continue;
            std::ifstream stat(e.path() / "stat");
            std::string line;
            std::getline(stat, line);
            const auto close = line.rfind(')');
            if (line.find("(sudoku-sandbox)") == std::string::npos || close == std::string::npos) continue;
            if (std::atoi(line.c_str() + close + 4) == getpid()) {
                runner = std::stoi(name);
                kill(runner, SIGKILL);
            }
        }
    });
    sudoku::judge::SandboxSession session;
    sudoku::judge::RunRequest request;
    request.work_dir = box;
    request.argv = {"/bin/sleep", seconds};
    request.limits.wall_s = 30;
    const sudoku::judge::RunRecord record = session.run(request);
    killer.join();
    CHECK_THAT(record.error, Catch::Contains("ended unexpectedly") && Catch::Contains("killed by signal 9"));
    REQUIRE(runner > 0);
    CHECK(sweep_groups_of(runner).empty());
}
