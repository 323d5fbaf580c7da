// sudoku-judge reads every file a contest names through the one bounded reader: /dev/zero or a
// FIFO given as CONTEST.yaml, a problem's config, manifest or problem.yaml, a shard key, a journal
// or a LemonLime .cdf ends the command at once with the file named (before: grade, doctor and
// status grew past 1 GB on /dev/zero, and waited forever on a FIFO with no writer).
#include <sys/stat.h>
#include <unistd.h>

#include "judge_fixture.hpp"
#include "support/skip.hpp"
#include "support/time_limited_run.hpp"

using namespace judge_test;
using sudoku::testing::kTimedOut;
using sudoku::testing::run_time_limited;

namespace {

const std::string kJudge = "'" + judge_cli().string() + "'";

struct Case {
    std::string args, named;
};

void check_refused(const fs::path& dir, const Case& c) {
    INFO("sudoku-judge " << c.args);
    const auto run = run_time_limited(dir, kJudge + " " + c.args);
    CHECK(run.status != kTimedOut);
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::Contains(c.named));
}

}  // namespace

TEST_CASE("judge: /dev/zero or a FIFO as CONTEST.yaml or a .cdf ends every command at once, named") {
    const fs::path dir = scratch("bounded-contest");
    REQUIRE(mkfifo((dir / "fifo.yaml").c_str(), 0600) == 0);
    const std::string zero = "/dev/zero: expected a regular file, found a character device";
    const std::string fifo = "fifo.yaml: expected a regular file, found a FIFO";
    for (const Case& c :
         {Case{"grade /dev/zero --out out", zero}, Case{"grade fifo.yaml --out out", fifo},
          Case{"status /dev/zero out", zero}, Case{"status fifo.yaml out", fifo},
          Case{"doctor /dev/zero --out out", zero}, Case{"doctor fifo.yaml --out out", fifo},
          Case{"calibrate /dev/zero --problem p --model a --naive b", zero},
          Case{"merge fifo.yaml s0 --out merged", fifo}, Case{"import-lemon /dev/zero --out imported", zero},
          Case{"import-lemon fifo.yaml --out imported", fifo}})
        check_refused(dir, c);
}

TEST_CASE("judge: a problem's config, manifest or problem.yaml that is endless is refused at once, named") {
    const fs::path dir = scratch("bounded-problem");
    write_sum_contest(dir);
    fs::remove(dir / "testdata/sum/config.yaml");
    fs::create_symlink("/dev/zero", dir / "testdata/sum/config.yaml");
    check_refused(dir,
                  {"grade contest.yaml --out out", "config.yaml: expected a regular file, found a character device"});
    check_refused(dir, {"doctor contest.yaml --out out", "config.yaml: expected a regular file"});

    const fs::path other = scratch("bounded-manifest");
    write_sum_contest(other);
    fs::remove(other / "testdata/sum/manifest.json");
    REQUIRE(mkfifo((other / "testdata/sum/manifest.json").c_str(), 0600) == 0);
    check_refused(other, {"grade contest.yaml --out out", "manifest.json: expected a regular file, found a FIFO"});

    const fs::path plain = scratch("bounded-plain");
    write_text(plain / "contest.yaml", "name: Plain\nproblems: [p]\n");
    write_text(plain / "testdata/p/1.in", "1\n");
    write_text(plain / "testdata/p/1.ans", "1\n");
    REQUIRE(mkfifo((plain / "testdata/p/problem.yaml").c_str(), 0600) == 0);
    check_refused(plain, {"grade contest.yaml --out out", "problem.yaml"});
}

TEST_CASE("judge: a shard key or a journal that is a FIFO is refused at once, named") {
    const fs::path dir = scratch("bounded-key");
    write_sum_contest(dir);
    REQUIRE(mkfifo((dir / "key-fifo").c_str(), 0600) == 0);
    fs::create_directories(dir / "s0");
    check_refused(dir, {"status contest.yaml s0 --key key-fifo",
                        "the shard key key-fifo: expected a regular file, found a FIFO"});
    fs::create_directories(dir / "out");
    write_text(dir / "out/.sudoku-judge-out", "a sudoku-judge results folder\n");  // a folder the judge made
    REQUIRE(mkfifo((dir / "out/journal.jsonl").c_str(), 0600) == 0);
    const auto run = run_time_limited(dir, kJudge + " grade contest.yaml --out out");
    CHECK(run.status != kTimedOut);
    CHECK(run.status != 0);
    CHECK_THAT(run.err, Catch::Contains("journal.jsonl"));
}

TEST_CASE("judge: a shard key owned by another user is refused, even at mode 0600") {
    if (geteuid() != 0) sudoku::testing::skip_test("giving the key to another user needs root");
    const fs::path dir = scratch("bounded-key-owner");
    write_sum_contest(dir);
    const auto graded = run_time_limited(dir, kJudge + " grade contest.yaml --jobs 1 --shard 0/1 --out s0");
    REQUIRE(graded.status == 0);
    REQUIRE(fs::exists(dir / ".judge-key"));
    REQUIRE(chown((dir / ".judge-key").c_str(), 65534, 65534) == 0);
    struct stat st {};
    REQUIRE(stat((dir / ".judge-key").c_str(), &st) == 0);
    REQUIRE((st.st_mode & 0777) == 0600);
    const auto run = run_time_limited(dir, kJudge + " status contest.yaml s0");
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::Contains("is owned by uid 65534, expected the judge's own (uid 0)"));
}
