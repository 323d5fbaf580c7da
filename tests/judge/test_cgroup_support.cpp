// The cgroup detection (sudoku/judge/runner_client/cgroup_support.hpp): the kernel's files parsed from fixture texts,
// and the plan decided on fake cgroup trees built in a scratch folder, so that the v2 decisions are
// checked on any machine (the tree's files are plain files here; the kernel's rules are what the
// detection reads them for).
#include <sys/wait.h>
#include <unistd.h>

#include "judge_fixture.hpp"
#include "sudoku/judge/runner_client/cgroup_support.hpp"
#include "sudoku/judge/runner_client/cgroup_sweep.hpp"
#include "support/skip.hpp"

using namespace sudoku::cgroups;
using judge_test::write_text;
using sudoku::judge::CgroupsState;
namespace fs = std::filesystem;

namespace {

// A mountinfo with cgroup2 at `at` (and a v1 memory hierarchy beside it when `hybrid`).
std::string mountinfo(const fs::path& at, bool hybrid) {
    std::string text = "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n";
    text += "30 22 0:26 / " + at.string() + " rw,nosuid shared:4 - cgroup2 cgroup2 rw,nsdelegate\n";
    if (hybrid) text += "31 22 0:27 / /sys/fs/cgroup/memory rw shared:5 - cgroup cgroup rw,memory\n";
    return text;
}

// A group of the fake tree: its controllers, what it enables below, its processes; `root` groups
// have no cgroup.type, as in the kernel.
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): a group's files in the order the kernel lists them
void make_group(const fs::path& dir, const std::string& controllers, const std::string& subtree,
                const std::string& procs, bool root = false) {
    write_text(dir / "cgroup.controllers", controllers + "\n");
    write_text(dir / "cgroup.subtree_control", subtree + "\n");
    write_text(dir / "cgroup.procs", procs);
    if (!root) {
        write_text(dir / "cgroup.type", "domain\n");
        write_text(dir / "memory.peak", "0\n");
        write_text(dir / "cgroup.kill", "");
    }
}

CgroupHost host_at(const fs::path& mount, const std::string& own_path, std::vector<pid_t> own, bool root_user = true) {
    CgroupHost host;
    host.proc_self_cgroup = "0::" + own_path + "\n";
    host.mountinfo = mountinfo(mount, false);
    host.v1_root = (mount / "no-v1").string();
    host.own = std::move(own);
    host.root_user = root_user;
    return host;
}

}  // namespace

TEST_CASE("cgroups: cgroup.controllers and subtree_control are read as sets of names") {
    CHECK(parse_controllers("cpuset cpu io memory hugetlb pids rdma misc\n") ==
          std::set<std::string>{"cpuset", "cpu", "io", "memory", "hugetlb", "pids", "rdma", "misc"});
    CHECK(parse_controllers("\n").empty());
}

TEST_CASE("cgroups: memory.events and cpu.stat are read as keyed counts") {
    const auto events = parse_flat_keyed("low 0\nhigh 0\nmax 1532\noom 1\noom_kill 2\noom_group_kill 1\n");
    CHECK(events.at("oom") == 1);
    CHECK(events.at("oom_kill") == 2);
    CHECK(events.at("max") == 1532);
    const auto cpu = parse_flat_keyed("usage_usec 2034511\nuser_usec 2000000\nsystem_usec 34511\nnr_periods 0\n");
    CHECK(cpu.at("usage_usec") == 2034511);
    CHECK(parse_flat_keyed("garbage\n").empty());
}

TEST_CASE("cgroups: /proc/self/cgroup is read on v2-only and on hybrid machines") {
    const ProcCgroup v2 = parse_proc_cgroup("0::/user.slice/user-1000.slice/session-3.scope\n");
    REQUIRE(v2.unified);
    CHECK(*v2.unified == "/user.slice/user-1000.slice/session-3.scope");
    CHECK(v2.by_controller.empty());
    const ProcCgroup hybrid =
        parse_proc_cgroup("9:name=systemd:/\n4:memory:/process_api/5f3e\n2:cpu,cpuacct:/x\n1:pids:/\n0::/\n");
    CHECK(*hybrid.unified == "/");
    CHECK(hybrid.by_controller.at("memory") == "/process_api/5f3e");
    CHECK(hybrid.by_controller.at("cpuacct") == "/x");
    CHECK(hybrid.by_controller.at("cpu") == "/x");
    CHECK(parse_pids("12\n345\n") == std::vector<pid_t>{12, 345});
}

TEST_CASE("cgroups: the cgroup2 mount point is found in mountinfo, optional fields and all") {
    CHECK(cgroup2_mount_point(mountinfo("/sys/fs/cgroup/unified", true)) == "/sys/fs/cgroup/unified");
    CHECK(cgroup2_mount_point("22 1 8:1 / / rw - ext4 /dev/sda1 rw\n").empty());
}

TEST_CASE("cgroups: a judge in the root group uses v2 there, with no leaf to move into") {
    const fs::path mount = judge_test::scratch("cg-root");
    make_group(mount, "cpuset cpu io memory pids", "cpu memory pids", "1\n2\n", true);
    make_group(mount / "init.scope", "", "", "1\n");
    const CgroupSupport s = detect_cgroup_support(host_at(mount, "/", {2}));
    CHECK(s.version == CgroupsState::v2);
    CHECK(s.group == mount.string());
    CHECK(s.controllers == std::set<std::string>{"memory", "pids"});
    CHECK_FALSE(s.needs_leaf);
    CHECK(s.memory_peak);
    CHECK(s.why_not.empty());
}

TEST_CASE("cgroups: a scope that holds other processes is refused naming the group, the rule and the remedy") {
    const fs::path mount = judge_test::scratch("cg-session");
    make_group(mount, "cpu memory pids", "cpu memory pids", "1\n", true);
    const std::string scope = "/user.slice/user-1000.slice/session-3.scope";
    make_group(mount.string() + scope, "cpu memory pids", "", "700\n812\n");
    const CgroupSupport s = detect_cgroup_support(host_at(mount, scope, {812}, false));
    CHECK(s.version == CgroupsState::off);
    CHECK_THAT(s.why_not, Catch::Contains(mount.string() + scope));
    CHECK_THAT(s.why_not, Catch::Contains("700"));
    CHECK_THAT(s.why_not, Catch::Contains("no-internal-process rule"));
    CHECK(s.remedy == "systemd-run --user --scope -p Delegate=yes sudoku-judge grade ...");
    CHECK_THAT(s.describe(), Catch::Contains("systemd-run --user --scope -p Delegate=yes"));
    const CgroupSupport as_root = detect_cgroup_support(host_at(mount, scope, {812}, true));
    CHECK(as_root.remedy == "systemd-run --scope -p Delegate=yes sudoku-judge grade ...");
}

TEST_CASE("cgroups: a delegated scope holding only the judge is used, the judge stepping aside into a leaf") {
    const fs::path mount = judge_test::scratch("cg-delegated");
    make_group(mount, "cpu memory pids", "cpu memory pids", "1\n", true);
    const std::string scope = "/system.slice/run-u7.scope";
    make_group(mount.string() + scope, "cpu memory pids", "", "812\n");
    const CgroupSupport s = detect_cgroup_support(host_at(mount, scope, {812}));
    CHECK(s.version == CgroupsState::v2);
    CHECK(s.group == mount.string() + scope);
    CHECK(s.needs_leaf);
    // Once it has: its runners, in the leaf, make their groups beside it, under the scope.
    write_text(mount.string() + scope + "/cgroup.subtree_control", "memory pids\n");
    make_group(mount.string() + scope + "/sudoku-judge", "memory pids", "", "812\n900\n");
    const CgroupSupport runner = detect_cgroup_support(host_at(mount, scope + "/sudoku-judge", {900}));
    CHECK(runner.version == CgroupsState::v2);
    CHECK(runner.group == mount.string() + scope);
    CHECK_FALSE(runner.needs_leaf);
}

TEST_CASE("cgroups: a group without the memory controller says so, and a hybrid machine falls back to v1") {
    const fs::path mount = judge_test::scratch("cg-nomemory");
    make_group(mount, "hugetlb", "", "1\n", true);
    const CgroupSupport s = detect_cgroup_support(host_at(mount, "/", {1}));
    CHECK(s.version == CgroupsState::off);
    CHECK_THAT(s.why_not, Catch::Contains("memory controller"));
    CHECK_THAT(s.why_not, Catch::Contains("hugetlb"));
    CHECK_FALSE(s.remedy.empty());

    CgroupHost hybrid = host_at(mount, "/", {1});
    hybrid.proc_self_cgroup = "4:memory:/box\n0::/\n";
    hybrid.v1_root = (mount / "v1").string();
    make_group(mount / "v1/memory/box", "", "", "");
    const CgroupSupport v1 = detect_cgroup_support(hybrid);
    CHECK(v1.version == CgroupsState::v1);
    CHECK(v1.group == (mount / "v1/memory/box").string());
}

TEST_CASE("cgroups: a step aside the kernel refuses leaves nothing behind and says why") {
    const fs::path mount = judge_test::scratch("cg-aside");
    CgroupSupport s;
    s.version = CgroupsState::v2;
    s.group = mount.string();
    s.controllers = {"memory"};
    s.needs_leaf = true;
    const SteppedAside done = step_aside(s, {getpid()});  // a plain folder: the leaf has no cgroup.procs
    CHECK_THAT(done.error, Catch::Contains("sudoku-judge"));
    CHECK_FALSE(done.moved);
    CHECK_FALSE(fs::exists(mount / "sudoku-judge"));
}

TEST_CASE("cgroups: the sweep removes a dead runner's group together with the run groups below it", "[serial]") {
    if (geteuid() != 0) sudoku::testing::skip_test("making cgroups needs root here");
    const CgroupSupport here = detect_cgroup_support();
    if (!here.usable()) sudoku::testing::skip_test("no usable cgroups here: " + here.describe());
    const pid_t gone = fork();  // a pid whose process is gone: the dead runner
    if (gone == 0) _exit(0);
    REQUIRE(gone > 0);
    waitpid(gone, nullptr, 0);
    const fs::path runner = fs::path(here.group) / ("sudoku-sandbox-" + std::to_string(gone));
    REQUIRE(fs::create_directory(runner));
    REQUIRE(fs::create_directory(runner / "run-1"));
    const sudoku::judge::CgroupSweep sweep = sudoku::judge::sweep_stale_cgroups();
    INFO(runner.string());
    CHECK_FALSE(fs::exists(runner));
    for (const auto& kept : sweep.kept) CHECK(kept.find(runner.string()) == std::string::npos);
}
