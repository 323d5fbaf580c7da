// One judge per --out: two judges on one folder shared its slot boxes and its journal
// (alice lost 70 points and both exited 0). The second now says so and exits 2; the first's
// results stay whole.
#include <fcntl.h>
#include <spawn.h>
#include <sys/file.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "judge_fixture.hpp"
#include "sudoku/judge/output/out_dir.hpp"

using namespace judge_test;

extern char** environ;

TEST_CASE("out dir lock: a second judge on the same --out exits 2 and the first's results stay intact") {
    const fs::path dir = scratch("two-judges");
    write_sum_contest(dir);
    const fs::path out = dir / "out";
    std::vector<std::string> args = {judge_cli().string(), "grade", (dir / "contest.yaml").string(), "--out",
                                     out.string()};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, (dir / "first.out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 2, (dir / "first.err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t first;
    REQUIRE(posix_spawn(&first, argv[0], &actions, nullptr, argv.data(), environ) == 0);
    posix_spawn_file_actions_destroy(&actions);
    // The journal exists once the first judge holds the folder and before it has compiled anything.
    for (int i = 0; i < 2000 && !fs::exists(out / "journal.jsonl"); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const CliRun second = judge_in(dir, "grade contest.yaml --out out");
    int status = 0;
    waitpid(first, &status, 0);
    INFO(read_text(dir / "first.err"));
    CHECK(second.status == 2);
    CHECK_THAT(second.err, Catch::Contains("another sudoku-judge is using --out"));
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    const auto results = nlohmann::json::parse(read_text(out / "results.json"));
    for (const auto& c : results["contestants"])
        if (c["name"] == "alice") CHECK(c["total"] == 100);
}

TEST_CASE("out dir lock: merge takes its --out's lock too, and the lock is free again after a judge ends") {
    const fs::path dir = scratch("merge-lock");
    write_sum_contest(dir);
    {
        auto held = sudoku::judge::lock_out_dir(dir / "merged");
        REQUIRE(std::holds_alternative<sudoku::judge::OutDirLock>(held));
        const CliRun r = judge_in(dir, "merge contest.yaml --out merged shard-0");
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("another sudoku-judge is using --out"));
    }
    CHECK(std::holds_alternative<sudoku::judge::OutDirLock>(sudoku::judge::lock_out_dir(dir / "merged")));
}
