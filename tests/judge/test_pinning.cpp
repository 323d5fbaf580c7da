// Pinning within the allowed CPUs: slots go only to CPUs the judge's affinity
// mask allows (taskset, a cpuset, a cluster allocation), spread so that no CPU carries two slots
// while another allowed one is idle.
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include "judge_fixture.hpp"
#include "sudoku/judge/grading/cpu_allocation.hpp"
#include "support/skip.hpp"

using namespace judge_test;
using sudoku::judge::allocate_cpus;

namespace {

// A contestant who answers right only when pinned to exactly `cpu` (it reads its own allowed list).
const char* kPinnedToOne = R"(#include <stdio.h>
#include <string.h>
int main(void) {
    long a, b;
    FILE* in = fopen("sudoku.in", "r");
    if (!in || fscanf(in, "%ld %ld", &a, &b) != 2) return 1;
    char line[256], list[256] = "";
    FILE* st = fopen("/proc/self/status", "r");
    while (st && fgets(line, sizeof line, st))
        if (sscanf(line, "Cpus_allowed_list: %255s", list) == 1) break;
    FILE* out = fopen("sudoku.out", "w");
    fprintf(out, "%ld\n", strcmp(list, "1") == 0 ? a + b : 0);
    return 0;
}
)";

}  // namespace

TEST_CASE("pinning: slots are spread over the allowed CPUs, evenly when there are more slots than CPUs") {
    CHECK(allocate_cpus(2, {0, 1}).slot_cpu == std::vector<int>{0, 1});
    CHECK(allocate_cpus(2, {3, 5, 7}).slot_cpu == std::vector<int>{3, 5});
    CHECK(allocate_cpus(5, {2, 6}).slot_cpu == std::vector<int>{2, 6, 2, 6, 2});
    CHECK_FALSE(allocate_cpus(2, {0, 1}).shared());
    CHECK(allocate_cpus(3, {1}).describe().find("3 slots share 1 CPU(s), up to 3 per CPU") != std::string::npos);
}

TEST_CASE("pinning: a judge under taskset -c 1 pins every slot to CPU 1 and says so", "[serial]") {
    cpu_set_t mine;
    CPU_ZERO(&mine);
    sched_getaffinity(0, sizeof mine, &mine);
    if (!CPU_ISSET(0, &mine) || !CPU_ISSET(1, &mine)) sudoku::testing::skip_test("needs CPUs 0 and 1 allowed");
    auto dir = scratch("pinning");
    fs::path contest = write_sum_contest(dir);
    for (const char* name : {"alice", "bob", "carol"}) {
        fs::remove_all(dir / "contestants" / name);
        write_text(dir / "contestants" / name / "sum.c", kPinnedToOne);
    }
    pid_t judge = fork();
    if (judge == 0) {
        cpu_set_t only1;
        CPU_ZERO(&only1);
        CPU_SET(1, &only1);
        sched_setaffinity(0, sizeof only1, &only1);
        const std::string log = (dir / "log").string();
        freopen(log.c_str(), "w", stderr);
        freopen("/dev/null", "w", stdout);
        execl(judge_cli().c_str(), "sudoku-judge", "grade", contest.c_str(), "--out", (dir / "out").c_str(), "--jobs",
              "2", static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    waitpid(judge, &status, 0);
    const std::string log = read_text(dir / "log");
    INFO(log);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    CHECK(log.find("slots pinned to CPUs 1, 1 (allowed: 1); 2 slots share 1 CPU(s)") != std::string::npos);
    const std::string results = read_text(dir / "out/results.json");
    CHECK(results.find("\"WA\"") == std::string::npos);  // every run was on CPU 1, none on CPU 0
    CHECK(results.find("\"AC\"") != std::string::npos);
}
