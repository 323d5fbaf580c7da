// The runner without root: as an ordinary user where unprivileged user
// namespaces work, a run gets a user namespace first and then its own pid, mount, net, ipc and uts
// namespaces, and its process limit is its own (counted in its user namespace), not the user's.
// These tests drop to uid 65534 themselves, so they need root to start (77 otherwise).
#include <grp.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "judge_fixture.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "support/skip.hpp"

using namespace sudoku::judge;
using namespace judge_test;

namespace {

constexpr uid_t kNobody = 65534;

// Becomes uid/gid 65534 with `nproc` as the user's process limit (as a real account has one).
// RLIM_INFINITY: keep the limit there is.
void become_nobody(rlim_t nproc) {
    rlimit r{nproc, nproc};
    if ((nproc != RLIM_INFINITY && setrlimit(RLIMIT_NPROC, &r) != 0) || setgroups(0, nullptr) != 0 ||
        setgid(kNobody) != 0 || setuid(kNobody) != 0)
        _exit(126);
}

void skip_unless_rootless_possible() {
    if (geteuid() != 0) sudoku::testing::skip_test("dropping to uid 65534 needs root");
    pid_t child = fork();
    if (child == 0) {
        become_nobody(RLIM_INFINITY);
        _exit(unshare(CLONE_NEWUSER) == 0 && access(sandbox_executable().c_str(), X_OK) == 0 ? 0 : 1);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        sudoku::testing::skip_test("unprivileged user namespaces are off here (or the runner is not reachable)");
}

// A box uid 65534 may write in.
fs::path nobody_box(const std::string& name) {
    fs::path box = fs::temp_directory_path() / ("sudoku-rootless-" + name + "-" + std::to_string(getpid()));
    fs::remove_all(box);
    fs::create_directories(box);
    REQUIRE(chown(box.c_str(), kNobody, kNobody) == 0);
    return box;
}

// Starts the runner as uid 65534 on `script`; its record goes to box/record.txt.
pid_t start_as_nobody(const fs::path& box, const std::string& limits, const std::string& script, rlim_t nproc) {
    const std::string command = sandbox_executable().string() + " --dir " + box.string() + " --meta " +
                                (box / "record.txt").string() + " " + limits + " -- /bin/sh -c '" + script + "'";
    pid_t child = fork();
    if (child == 0) {
        become_nobody(nproc);
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    return child;
}

RunRecord finish(pid_t runner, const fs::path& box) {
    int status = 0;
    waitpid(runner, &status, 0);
    return parse_run_record(read_text(box / "record.txt"));
}

}  // namespace

TEST_CASE("rootless: a run gets a user namespace, then its own pid namespace, the whitelisted root and an empty /tmp") {
    skip_unless_rootless_possible();
    fs::path box = nobody_box("ns");
    RunRecord r = finish(
        start_as_nobody(box, "--cpu 1", "ls /proc > procs.txt; ls /tmp > tmp.txt; ls / > root.txt", RLIM_INFINITY),
        box);
    INFO(r.error);
    REQUIRE(r.error.empty());
    CHECK(r.namespaces == NamespacesState::user);
    CHECK(r.uid == static_cast<int>(kNobody));
    const std::string procs = read_text(box / "procs.txt");
    CHECK(procs.find("\n" + std::to_string(getpid()) + "\n") == std::string::npos);  // the judge is invisible
    CHECK(procs.find("1\n") == 0);                                                   // its own pid 1
    CHECK(read_text(box / "tmp.txt").empty());
    const std::string root = "\n" + read_text(box / "root.txt");
    CHECK(root.find("\nbox\n") != std::string::npos);  // the box, at its fixed place
    for (const char* host : {"\nhome\n", "\nroot\n", "\nwork\n", "\nsrv\n", "\nvar\n"})
        CHECK(root.find(host) == std::string::npos);  // nothing of the host but the system files
    fs::remove_all(box);
}

TEST_CASE("rootless: a fork bomb in one run does not take the processes of a concurrent run of the same user") {
    skip_unless_rootless_possible();
    const rlim_t user_limit = 300;  // the account's own limit, shared by all its processes
    fs::path bomb_box = nobody_box("bomb"), quiet_box = nobody_box("quiet");
    fs::copy_file(program("hold_processes.c"), bomb_box / "prog");
    REQUIRE(chown((bomb_box / "prog").c_str(), kNobody, kNobody) == 0);
    pid_t bomb = start_as_nobody(bomb_box, "--cpu 3 --wall 2 --procs 64", "exec ./prog", user_limit);
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
    pid_t quiet = start_as_nobody(
        quiet_box, "--cpu 1 --procs 64",
        "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do /bin/true & done; wait && echo ok > ok.txt", user_limit);
    RunRecord q = finish(quiet, quiet_box);
    RunRecord b = finish(bomb, bomb_box);
    INFO("bomb: " << b.error << "; quiet: " << q.error);
    CHECK(b.namespaces == NamespacesState::user);
    CHECK(q.error.empty());
    CHECK(read_text(quiet_box / "ok.txt") == "ok\n");
    CHECK(b.killed_by == KilledBy::wall);  // it held its processes until the end
    // The pid-1 kill took the whole bomb: no process of it is left.
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    struct stat bomb_exe;
    REQUIRE(stat((bomb_box / "prog").c_str(), &bomb_exe) == 0);
    int left = 0;  // processes running this very file (other tests run programs named ./prog too)
    for (auto& e : fs::directory_iterator("/proc")) {
        struct stat st;
        if (stat((e.path() / "exe").c_str(), &st) == 0 && st.st_ino == bomb_exe.st_ino && st.st_dev == bomb_exe.st_dev)
            ++left;
    }
    CHECK(left == 0);
    fs::remove_all(bomb_box);
    fs::remove_all(quiet_box);
}

TEST_CASE("rootless: without cgroups the CPU of the whole tree is polled and stopped at the hard limit", "[serial]") {
    skip_unless_rootless_possible();
    fs::path box = nobody_box("spin");
    RunRecord r =
        finish(start_as_nobody(box, "--cpu 1", "while :; do :; done & while :; do :; done", RLIM_INFINITY), box);
    INFO(r.error);
    CHECK(r.cgroups == CgroupsState::off);
    CHECK(r.killed_by == KilledBy::cpu);
    CHECK(r.cpu_s >= 1.0);
    // Two spinners: per-process RLIMIT_CPU alone would allow 2 s each, 4 s in all. The tree's limit
    // stops them near 1 s; a runner whose poll runs late on a busy machine lets both cores burn on.
    CHECK(r.cpu_s <= 2.0);
    fs::remove_all(box);
}

TEST_CASE("rootless: without cgroups memory is the tree's polled resident peak: 200 MiB touched under 64 is oom") {
    skip_unless_rootless_possible();
    fs::path box = nobody_box("hog");
    fs::copy_file(program("hog.c"), box / "prog");
    REQUIRE(chown((box / "prog").c_str(), kNobody, kNobody) == 0);
    RunRecord r = finish(start_as_nobody(box, "--cpu 2 --mem 64", "exec ./prog", RLIM_INFINITY), box);
    INFO(r.error << " exit " << r.exit_code.value_or(-1) << " peak " << r.peak_kib);
    CHECK(r.error.empty());
    CHECK(r.oom);  // before: the address-space rlimit made malloc fail (exit 3, RE)
    CHECK(r.peak_kib > 64 * 1024);
    fs::remove_all(box);
}
