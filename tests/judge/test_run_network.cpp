// The network a run sees (judge/sandbox/slot_network.hpp): the runner's one empty network
// namespace, joined by every run, never the host's; a run that cannot join it fails naming it.
#include <unistd.h>

#include <cstdio>
#include <sstream>
#include <vector>

#include "judge_fixture.hpp"
#include "sudoku/sandbox.hpp"
#include "support/skip.hpp"

using namespace sudoku::judge;
using namespace judge_test;

namespace {

std::string own_network_namespace() {
    std::error_code ec;
    return fs::read_symlink("/proc/self/ns/net", ec).string();
}

// What `script` (run by /bin/sh in the box) wrote to the box's out.txt.
std::string run_script(const fs::path& dir, const std::string& script, SandboxSession* session) {
    fs::path box = dir / "box";
    fs::remove_all(box);
    fs::create_directories(box);
    RunRequest r;
    r.argv = {"/bin/sh", "-c", script + " > out.txt"};
    r.work_dir = box;
    RunRecord record = session ? session->run(r) : run_sandboxed(r);
    INFO(record.error);
    REQUIRE(record.error.empty());
    REQUIRE(record.namespaces == NamespacesState::on);
    return read_text(box / "out.txt");
}

// The interfaces /proc/net/dev lists, as "name:" words.
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

}  // namespace

TEST_CASE("network: every run, on both runner paths, is in an empty network namespace, not the host's") {
    if (geteuid() != 0) sudoku::testing::skip_test("the root path of the runner's network needs root");
    auto dir = scratch("run-network");
    SandboxSession session;
    for (SandboxSession* s : {static_cast<SandboxSession*>(nullptr), &session, &session}) {
        INFO((s ? "long-lived runner" : "one-shot runner"));
        const std::string seen = run_script(dir, "readlink /proc/self/ns/net; cat /proc/net/dev", s);
        CHECK(seen.substr(0, seen.find('\n')) != own_network_namespace());
        CHECK(interfaces_in(seen) == std::vector<std::string>{"lo"});
        const std::string flags = run_script(dir, "cat /sys/class/net/lo/flags 2>/dev/null || echo none", s);
        CHECK((flags == "none\n" || flags == "0x8\n"));  // no /sys inside, or lo down (IFF_LOOPBACK only)
    }
}

TEST_CASE("network: the runs of one long-lived runner share its one namespace, made once") {
    if (geteuid() != 0) sudoku::testing::skip_test("the root path of the runner's network needs root");
    auto dir = scratch("run-network-shared");
    SandboxSession session;
    const std::string first = run_script(dir, "readlink /proc/self/ns/net", &session);
    const std::string second = run_script(dir, "readlink /proc/self/ns/net", &session);
    CHECK(first == second);
    SandboxSession other;
    CHECK(run_script(dir, "readlink /proc/self/ns/net", &other) != first);  // one per slot
}

TEST_CASE("network: a run that cannot join the runner's empty network fails naming it") {
    if (geteuid() != 0) sudoku::testing::skip_test("the root path of the runner's network needs root");
    auto dir = scratch("run-network-fail");
    const std::string command = sandbox_executable().string() + " --dir " + dir.string() +
                                " --cpu 1 --mem 64 --fail-step net -- /bin/true 2>&1";
    std::string text;
    if (FILE* p = popen(command.c_str(), "r")) {
        char buf[4096];
        for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) text.append(buf, n);
        pclose(p);
    }
    INFO(command << "\n" << text);
    const RunRecord failed = parse_run_record(text);
    CHECK_THAT(failed.error, Catch::Contains("network namespace"));
    CHECK_FALSE(failed.exit_code.has_value());
}
