// Truthful protections: each run's record says what the run really had, and
// --no-namespaces / --no-cgroups take effect on both runner paths (one-shot and --serve); the
// contest's reports say what was in force for its runs, per shard after a merge.
#include <unistd.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "judge_fixture.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "support/skip.hpp"

using namespace sudoku::judge;
using namespace judge_test;
using Json = nlohmann::json;

namespace {

std::string own_pid_namespace() {
    std::error_code ec;
    return fs::read_symlink("/proc/self/ns/pid", ec).string();
}

// What `script` (run by /bin/sh in the box) wrote to the box's out.txt, and the run's record.
std::pair<RunRecord, std::string> run_script(const fs::path& dir, const std::string& script, bool namespaces,
                                             bool cgroups, SandboxSession* session) {
    fs::path box = dir / "box";
    fs::remove_all(box);
    fs::create_directories(box);
    RunRequest r;
    r.argv = {"/bin/sh", "-c", script + " > out.txt"};
    r.work_dir = box;
    r.namespaces = namespaces;
    r.cgroups = cgroups;
    RunRecord record = session ? session->run(r) : run_sandboxed(r);
    INFO(record.error);
    REQUIRE(record.error.empty());
    return {record, read_text(box / "out.txt")};
}

std::string own_network_namespace() {
    std::error_code ec;
    return fs::read_symlink("/proc/self/ns/net", ec).string();
}

// The interfaces /proc/net/dev lists, as their names.
std::vector<std::string> interfaces_in(const std::string& net_dev) {
    std::vector<std::string> names;
    std::istringstream lines(net_dev);
    for (std::string line; std::getline(lines, line);) {
        auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        auto first = line.find_first_not_of(' ');
        names.push_back(line.substr(first, colon - first));
    }
    return names;
}

int run_cli(const std::string& args, const fs::path& out) {
    std::string command =
        judge_cli().string() + " " + args + " >" + out.string() + ".stdout 2>" + out.string() + ".stderr";
    int status = std::system(command.c_str());
    INFO(command << "\n" << read_text(out.string() + ".stderr"));
    REQUIRE(WIFEXITED(status));
    return WEXITSTATUS(status);
}

}  // namespace

TEST_CASE("protections: --no-namespaces is reported off and the program really sees the host's pid namespace") {
    if (geteuid() != 0) sudoku::testing::skip_test("the namespaces-on half needs root");
    auto dir = scratch("truth-ns");
    SandboxSession session;
    for (SandboxSession* s : {static_cast<SandboxSession*>(nullptr), &session}) {
        auto [off, seen_off] = run_script(dir, "readlink /proc/self/ns/pid", false, true, s);
        CHECK(off.namespaces == NamespacesState::off);
        CHECK(seen_off == own_pid_namespace() + "\n");
        auto [on, seen_on] = run_script(dir, "readlink /proc/self/ns/pid", true, true, s);
        CHECK(on.namespaces == NamespacesState::on);
        CHECK(seen_on != own_pid_namespace() + "\n");
    }
}

TEST_CASE("protections: --no-cgroups is reported off and the program is in no runner cgroup, on both runner paths") {
    if (geteuid() != 0) sudoku::testing::skip_test("cgroups need root here");
    auto dir = scratch("truth-cg");
    SandboxSession session;
    for (SandboxSession* s : {static_cast<SandboxSession*>(nullptr), &session}) {
        INFO((s ? "long-lived runner" : "one-shot runner"));
        auto [on, groups_on] = run_script(dir, "cat /proc/self/cgroup", true, true, s);
        CHECK(on.cgroups != CgroupsState::off);
        CHECK(groups_on.find("sudoku-sandbox-") != std::string::npos);
        auto [off, groups_off] = run_script(dir, "cat /proc/self/cgroup", true, false, s);
        CHECK(off.cgroups == CgroupsState::off);
        CHECK(groups_off.find("sudoku-sandbox-") == std::string::npos);
        // and the next run with cgroups is measured in them again
        auto [again, groups_again] = run_script(dir, "cat /proc/self/cgroup", true, true, s);
        CHECK(again.cgroups != CgroupsState::off);
        CHECK(groups_again.find("sudoku-sandbox-") != std::string::npos);
    }
}

TEST_CASE("protections: grading with --no-namespaces --no-cgroups says so on stderr, stdout, results.json and report") {
    if (geteuid() != 0) sudoku::testing::skip_test("the contrast with the full sandbox needs root");
    auto dir = scratch("truth-contest");
    fs::path contest = write_sum_contest(dir);
    REQUIRE(run_cli("grade " + contest.string() + " --out " + (dir / "off").string() + " --no-namespaces --no-cgroups",
                    dir / "off") == 0);
    const std::string startup = read_text(dir.string() + "/off.stderr");
    CHECK(startup.find("namespaces off") != std::string::npos);
    CHECK(startup.find("missing: cgroups, namespaces") != std::string::npos);
    CHECK(read_text(dir.string() + "/off.stdout").find("namespaces off") != std::string::npos);
    Json r = Json::parse(read_text(dir / "off/results.json"));
    CHECK(r["sandbox"]["namespaces"] == "off");
    CHECK(r["sandbox"]["cgroups"] == "off");
    CHECK(r["sandbox"]["from"] == "runs");
    CHECK(r["protections"].get<std::string>().find("namespaces off") != std::string::npos);
    CHECK(read_text(dir / "off/report.html").find("namespaces off") != std::string::npos);
    // Every journaled run carries what it had.
    CHECK(read_text(dir / "off/journal.jsonl").find(R"("sandbox":{"cgroups":"off")") != std::string::npos);

    REQUIRE(run_cli("grade " + contest.string() + " --out " + (dir / "on").string(), dir / "on") == 0);
    Json on = Json::parse(read_text(dir / "on/results.json"));
    CHECK(on["sandbox"]["namespaces"] == "on");
    CHECK(on["sandbox"]["cgroups"] != "off");
}

TEST_CASE("protections: a merge reports each shard's protections and the weakest for the contest") {
    if (geteuid() != 0) sudoku::testing::skip_test("the contrast with the full sandbox needs root");
    auto dir = scratch("truth-merge");
    fs::path contest = write_sum_contest(dir);
    REQUIRE(run_cli("grade " + contest.string() + " --shard 0/2 --out " + (dir / "s0").string() + " --no-namespaces",
                    dir / "s0") == 0);
    REQUIRE(run_cli("grade " + contest.string() + " --shard 1/2 --out " + (dir / "s1").string(), dir / "s1") == 0);
    REQUIRE(run_cli("merge " + contest.string() + " --out " + (dir / "m").string() + " " + (dir / "s0").string() + " " +
                        (dir / "s1").string(),
                    dir / "m") == 0);
    Json r = Json::parse(read_text(dir / "m/results.json"));
    REQUIRE(r["shards"].size() == 2);
    CHECK(r["shards"][0]["index"] == 0);
    CHECK(r["shards"][0]["sandbox"]["namespaces"] == "off");
    CHECK(r["shards"][1]["sandbox"]["namespaces"] == "on");
    CHECK(r["sandbox"]["namespaces"] == "off");  // the contest is as protected as its weakest shard
    CHECK(read_text(dir / "m/report.html").find("Shard 1: cgroups") != std::string::npos);
}

TEST_CASE("protections: a pin that cannot be set fails the run naming it") {
    auto dir = scratch("truth-pin");
    const std::string command = std::string(SUDOKU_SANDBOX_TESTING_PATH) + " --dir " + dir.string() +
                                " --core 0 --fail-step pin -- /bin/true 2>&1";
    std::string text;
    if (FILE* p = popen(command.c_str(), "r")) {
        char buf[4096];
        for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) text.append(buf, n);
        pclose(p);
    }
    RunRecord r = parse_run_record(text);
    CHECK(r.error.find("sched_setaffinity(core 0)") != std::string::npos);
    CHECK(r.core == -1);
}

TEST_CASE("protections: the weakest of two runs is weakest protection by protection") {
    Protections full{CgroupsState::v1, NamespacesState::on, 65534, true};
    Protections bare{CgroupsState::off, NamespacesState::off, 0, false};
    CHECK(weakest(full, bare) == bare);
    CHECK(weakest(full, Protections{CgroupsState::v1, NamespacesState::user, 1000, true}).namespaces ==
          NamespacesState::user);
    CHECK(full.describe().find("missing: none") != std::string::npos);
    CHECK(bare.describe().find("missing: cgroups, namespaces, uid drop, CPU pinning") != std::string::npos);
    CHECK(protections_from_json(to_json(full)) == full);
}

// The network (judge/runner/slot_network.hpp): the runner's one empty network namespace, joined by
// every run, never the host's.
TEST_CASE("protections: every run, on both runner paths, is in an empty network namespace, not the host's") {
    if (geteuid() != 0) sudoku::testing::skip_test("the root path of the runner's network needs root");
    auto dir = scratch("run-network");
    SandboxSession session;
    for (SandboxSession* s : {static_cast<SandboxSession*>(nullptr), &session, &session}) {
        INFO((s ? "long-lived runner" : "one-shot runner"));
        auto [record, seen] = run_script(dir, "readlink /proc/self/ns/net; cat /proc/net/dev", true, true, s);
        CHECK(record.namespaces == NamespacesState::on);
        CHECK(seen.substr(0, seen.find('\n')) != own_network_namespace());
        CHECK(interfaces_in(seen) == std::vector<std::string>{"lo"});
        auto [lo, flags] = run_script(dir, "cat /sys/class/net/lo/flags 2>/dev/null || echo none", true, true, s);
        CHECK((flags == "none\n" || flags == "0x8\n"));  // no /sys inside, or lo down (IFF_LOOPBACK only)
    }
}

TEST_CASE("protections: the runs of one long-lived runner share its one network namespace, made once") {
    if (geteuid() != 0) sudoku::testing::skip_test("the root path of the runner's network needs root");
    auto dir = scratch("run-network-shared");
    SandboxSession session, other;
    const std::string first = run_script(dir, "readlink /proc/self/ns/net", true, true, &session).second;
    CHECK(run_script(dir, "readlink /proc/self/ns/net", true, true, &session).second == first);
    CHECK(run_script(dir, "readlink /proc/self/ns/net", true, true, &other).second != first);  // one per slot
}
