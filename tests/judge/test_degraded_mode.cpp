// Without namespaces (--no-namespaces) every program runs as the same uid 65534 and sees the host's
// files. A program could signal any other run of the judge: grading then runs one program at a
// time, whatever --jobs asks. It could rewrite another contestant's compiled program: kept
// programs are root's and read-only. It could leave processes behind, out of its process group, to
// take the uid's process count or kill later programs: the runner kills and reaps every process
// of a run before it answers.
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"
#include "support/skip.hpp"

using namespace judge_test;

TEST_CASE("degraded mode: --no-namespaces with --jobs 2 runs one program at a time, and says so") {
    const fs::path dir = scratch("degraded-jobs");
    write_sum_contest(dir);
    const CliRun r = judge_in(dir, "grade contest.yaml --out out --no-namespaces --jobs 2");
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK_THAT(r.err + r.out, Catch::Contains("--no-namespaces: one run at a time, not 2"));
    // One slot: one CPU in the pinning line.
    const std::string all = r.err + r.out, pinned = "slots pinned to CPUs ";
    const size_t at = all.find(pinned);
    REQUIRE(at != std::string::npos);
    CHECK(all.substr(at + pinned.size(), all.find(" (", at) - at - pinned.size()).find(',') == std::string::npos);
    const auto results = nlohmann::json::parse(read_text(dir / "out/results.json"));
    for (const auto& c : results["contestants"])
        if (c["name"] == "alice") CHECK(c["problems"][0]["points"] == 100);
}

TEST_CASE("degraded mode: a program cannot rewrite another contestant's compiled program") {
    if (geteuid() != 0) sudoku::testing::skip_test("programs run as another user only when the judge is root");
    const fs::path dir = scratch("degraded-overwrite");
    write_sum_contest(dir);
    // aaron's runs come before alice's: were alice's program writable, she would run a truncated one.
    fs::create_directories(dir / "contestants/aaron");
    fs::copy_file(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs/overwrites_other.c",
                  dir / "contestants/aaron/sum.c");
    const CliRun r = judge_in(dir, "grade contest.yaml --out out --no-namespaces --jobs 1");
    INFO(r.err);
    REQUIRE(r.status == 0);
    const auto results = nlohmann::json::parse(read_text(dir / "out/results.json"));
    for (const auto& c : results["contestants"])
        if (c["name"] == "alice" || c["name"] == "aaron") {
            INFO(c["name"] << ": " << c["problems"][0].dump());
            CHECK(c["problems"][0]["points"] == 100);
        }
    struct stat st {};
    REQUIRE(lstat((dir / "out/build/alice/sum/sum").c_str(), &st) == 0);
    CHECK(st.st_uid == 0);
    CHECK((st.st_mode & 0222) == 0);
}

namespace {

// Processes whose working folder is under `dir` (their /proc/PID/cwd), this test's programs only.
int processes_working_under(const fs::path& dir) {
    int count = 0;
    for (const auto& entry : fs::directory_iterator("/proc")) {
        std::error_code ec;
        const fs::path cwd = fs::read_symlink(entry.path() / "cwd", ec);
        if (!ec && cwd.string().rfind(dir.string() + "/", 0) == 0) ++count;
    }
    return count;
}

// The sum contest with aaron, whose program is programs/`attack`, graded before alice's: alice's
// program is AC on every test whatever aaron's left behind, and nothing of aaron's outlives grading.
void alice_unharmed_after(const std::string& name, const std::string& attack, const std::string& options) {
    if (geteuid() != 0) sudoku::testing::skip_test("programs run as another user only when the judge is root");
    const fs::path dir = scratch(name);
    write_sum_contest(dir);
    fs::create_directories(dir / "contestants/aaron");
    fs::copy_file(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs" / attack, dir / "contestants/aaron/sum.c");
    const CliRun r = judge_in(dir, "grade contest.yaml --out out --jobs 2 " + options);
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(processes_working_under(dir / "out") == 0);
    const auto results = nlohmann::json::parse(read_text(dir / "out/results.json"));
    bool seen = false;
    for (const auto& c : results["contestants"])
        if (c["name"] == "alice") {
            INFO(c["problems"][0].dump());
            CHECK(c["problems"][0]["points"] == 100);
            seen = true;
        }
    CHECK(seen);
}

}  // namespace

// [serial]: the leftovers take processes of uid 65534, which every other test's programs run as.
TEST_CASE("degraded mode: a program's leftover processes and zombies end with its run", "[serial]") {
    alice_unharmed_after("degraded-zombies", "leaves_zombies.c", "--no-namespaces --no-cgroups");
    alice_unharmed_after("degraded-cgroups-zombies", "leaves_zombies.c", "--no-namespaces");
}

TEST_CASE("degraded mode: a program's leftover killing its neighbours reaches no later program", "[serial]") {
    alice_unharmed_after("degraded-kill", "kills_neighbours.c", "--no-namespaces --no-cgroups");
}
