// Shards describe themselves (shard.json and the journal name the contest's fingerprint and the
// shard's pairs) and merge assembles only shards that are finished, of the contest as it is now,
// and cover every pair once. Each case is a failure measured on a cluster: before, merge
// exited 0 with a wrong scoreboard, or grade reused another shard's folder without a word.
#include <sys/wait.h>

#include "durable_fixture.hpp"

using namespace judge_test;

namespace {

int grade_shard(const fs::path& contest, const std::string& shard, const fs::path& out, const fs::path& log,
                const std::string& more = "") {
    return run_judge("grade " + contest.string() + " --jobs 1 --shard " + shard + " --out " + out.string() + more, log);
}

int merge(const fs::path& contest, const fs::path& out, const std::vector<fs::path>& shards, const fs::path& log) {
    std::string args = "merge " + contest.string() + " --out " + out.string();
    for (const auto& s : shards) args += ' ' + s.string();
    return run_judge(args, log);
}

std::string err(const fs::path& log) { return read_text(log.string() + ".stderr"); }
std::string out(const fs::path& log) { return read_text(log.string() + ".stdout"); }

// Each shard of `count` graded into dir/s<i>.
std::vector<fs::path> graded_shards(const fs::path& contest, const fs::path& dir, int count) {
    std::vector<fs::path> shards;
    for (int i = 0; i < count; ++i) {
        const fs::path s = dir / ('s' + std::to_string(i));
        const int status =
            grade_shard(contest, std::to_string(i) + "/" + std::to_string(count), s, s.string() + "-grade");
        INFO(err(s.string() + "-grade"));
        REQUIRE(status == 0);
        shards.push_back(s);
    }
    return shards;
}

}  // namespace

TEST_CASE("shards: a 1/3 shard's folder re-run as 0/1 is refused, and merging that folder alone is refused") {
    const fs::path dir = scratch("shard-lone-rerun");
    const fs::path contest = write_sum_contest(dir);
    REQUIRE(grade_shard(contest, "1/3", dir / "s1", dir / "first") == 0);
    // `sbatch --array=1` made --shard auto 0/1: it reused shard 1/3's folder and took the other
    // shards' submissions as missing.
    CHECK(grade_shard(contest, "0/1", dir / "s1", dir / "rerun") == 2);
    CHECK_THAT(err(dir / "rerun"), Catch::Contains("holds the work of shard 1/3"));
    CHECK(merge(contest, dir / "merged", {dir / "s1"}, dir / "merge") == 2);  // exited 0, everyone 'missing'
    CHECK_THAT(err(dir / "merge"), Catch::Contains("shard 0/3 is missing"));
    CHECK_THAT(err(dir / "merge"),
               Catch::Contains("grade " + contest.string() + " --shard 0/3 --out " + (dir / "s0").string()));
    CHECK_FALSE(fs::exists(dir / "merged"));
}

TEST_CASE("shards: shards graded before a contestant was removed are not merged, and the re-run is named") {
    const fs::path dir = scratch("shard-removed-contestant");
    const fs::path contest = write_sum_contest(dir);
    const auto shards = graded_shards(contest, dir, 2);
    fs::remove_all(dir / "contestants/carol");
    CHECK(merge(contest, dir / "merged", shards, dir / "merge") == 2);  // exited 0, all at 0 / missing
    const std::string e = err(dir / "merge");
    CHECK_THAT(e, Catch::Contains("another version of the contest"));
    CHECK_THAT(e, Catch::Contains("--shard 0/2 --out " + shards[0].string() + " --fresh"));
    CHECK_THAT(e, Catch::Contains("--shard 1/2 --out " + shards[1].string() + " --fresh"));
    CHECK_FALSE(fs::exists(dir / "merged"));
}

TEST_CASE("shards: the shards of a copy of the contest with more contestants are not merged into it") {
    const fs::path dir = scratch("shard-other-copy");
    const fs::path contest = write_sum_contest(dir / "small");
    const fs::path copy = write_sum_contest(dir / "large");  // the same name, 11 contestants
    for (const char* extra : {"fay", "gus", "hal", "ivy", "jon", "kim"})
        fs::copy(dir / "large/contestants/alice", dir / "large/contestants" / extra, fs::copy_options::recursive);
    const auto shards = graded_shards(copy, dir, 2);
    // One key for both copies (a copied folder takes its key along): only the contest differs.
    fs::copy_file(dir / "large/.judge-key", dir / "small/.judge-key");
    fs::permissions(dir / "small/.judge-key", fs::perms::owner_read | fs::perms::owner_write);
    CHECK(merge(contest, dir / "merged", shards, dir / "merge") == 2);  // exited 0
    CHECK_THAT(err(dir / "merge"), Catch::Contains("another version of the contest"));
    CHECK_FALSE(fs::exists(dir / "merged"));
}

TEST_CASE("shards: a shard journal edited after the shard finished (bob given 100 points) is not merged") {
    const fs::path dir = scratch("shard-tampered");
    const fs::path contest = write_sum_contest(dir);
    const auto shards = graded_shards(contest, dir, 1);
    // The last line for a key wins: append bob's records again with an AC verdict.
    std::istringstream lines(read_text(shards[0] / "journal.jsonl"));
    std::string forged;
    for (std::string line; std::getline(lines, line);) {
        auto j = nlohmann::json::parse(line);
        if (!j.contains("test") || j["test"]["contestant"] != "bob") continue;
        j["test"]["verdict"] = "AC";
        j["test"]["reason"] = "";
        forged += j.dump() + "\n";
    }
    REQUIRE_FALSE(forged.empty());
    std::ofstream(shards[0] / "journal.jsonl", std::ios::app) << forged;
    CHECK(merge(contest, dir / "merged", shards, dir / "merge") == 2);  // exited 0 with bob at 100
    CHECK_THAT(err(dir / "merge"), Catch::Contains("changed afterwards"));
    CHECK_THAT(err(dir / "merge"), Catch::Contains("--shard 0/1 --out " + shards[0].string() + " --fresh"));
    CHECK_FALSE(fs::exists(dir / "merged"));
}

TEST_CASE("shards: a shard that stopped before writing its records says the shard did not finish") {
    const fs::path dir = scratch("shard-cancelled");
    const fs::path contest = write_sum_contest(dir);
    const auto shards = graded_shards(contest, dir, 2);
    fs::remove(shards[1] / "shard.json");  // cancelled before it wrote anything
    fs::remove(shards[1] / "journal.jsonl");
    CHECK(merge(contest, dir / "merged", shards, dir / "merge") == 2);
    const std::string e = err(dir / "merge");
    CHECK_THAT(e, Catch::Contains("the shard did not finish"));  // said "cannot read" before
    CHECK_THAT(e, Catch::Contains("--shard 1/2 --out " + shards[1].string()));
}

TEST_CASE("shards: an --out holding another shard's work is refused, and --fresh discards it") {
    const fs::path dir = scratch("shard-other-out");
    const fs::path contest = write_sum_contest(dir);
    REQUIRE(grade_shard(contest, "0/2", dir / "s", dir / "first") == 0);
    CHECK(grade_shard(contest, "1/2", dir / "s", dir / "second") == 2);  // reused without a word before
    CHECK_THAT(err(dir / "second"), Catch::Contains("holds the work of shard 0/2, not of shard 1/2"));
    CHECK(grade_shard(contest, "1/2", dir / "s", dir / "fresh", " --fresh") == 0);
    CHECK(nlohmann::json::parse(read_text(dir / "s/shard.json"))["index"] == 1);
}

TEST_CASE("shards: a shard's progress counts its own tests, not the contest's") {
    const fs::path dir = scratch("shard-progress");
    const fs::path contest = write_sum_contest(dir);
    // 5 submissions of 4 tests, equal estimates: shard 0/2 owns alice, carol and erin (8 tests run).
    REQUIRE(grade_shard(contest, "0/2", dir / "s0", dir / "grade") == 0);
    const std::string e = err(dir / "grade");
    CHECK_THAT(e, Catch::Contains("3 of 5 submissions, estimated work 3.6 s"));
    CHECK_THAT(e, Catch::Contains("/12] alice sum #01"));  // "[1/20]" before: the whole contest
    CHECK(e.find("/20]") == std::string::npos);
}

TEST_CASE("status: lists each shard as finished, unfinished or missing with the command that re-runs it") {
    const fs::path dir = scratch("shard-status");
    const fs::path contest = write_sum_contest(dir);
    const auto shards = graded_shards(contest, dir, 2);
    // Shard 1 of 3 never ran, shard 0 of 3 was cancelled midway (its journal cut).
    REQUIRE(grade_shard(contest, "0/3", dir / "t0", dir / "t0-grade") == 0);
    REQUIRE(grade_shard(contest, "2/3", dir / "t2", dir / "t2-grade") == 0);
    nlohmann::json j = nlohmann::json::parse(read_text(dir / "t0/shard.json"));
    j["finished"] = false;
    write_text(dir / "t0/shard.json", j.dump());

    CHECK(run_judge("status " + contest.string() + " " + shards[0].string() + " " + shards[1].string(),
                    dir / "complete") == 0);
    CHECK_THAT(out(dir / "complete"), Catch::Contains("ready to merge"));

    CHECK(run_judge("status " + contest.string() + " " + (dir / "t0").string() + " " + (dir / "t2").string(),
                    dir / "incomplete") == 4);  // found wanting: 2 before, as for a bad contest file
    const std::string o = out(dir / "incomplete");
    CHECK_THAT(o, Catch::Contains("shard 0/3  unfinished"));
    CHECK_THAT(o, Catch::Contains("shard 1/3  missing"));
    CHECK_THAT(o, Catch::Contains("shard 2/3  finished"));
    CHECK_THAT(o, Catch::Contains("shards to run again: 0,1"));
    CHECK_THAT(o, Catch::Contains(judge_cli().string() + " grade " + contest.string() + " --shard 1/3 --out " +
                                  (dir / "t1").string()));
}

TEST_CASE("shards: a shard graded by another judge version is not merged, and both versions are named") {
    const fs::path dir = scratch("shard-judge-version");
    const fs::path contest = write_sum_contest(dir);
    const auto shards = graded_shards(contest, dir, 2);
    nlohmann::json j = nlohmann::json::parse(read_text(shards[1] / "shard.json"));
    REQUIRE(j.contains("judge_version"));
    const std::string ours = j["judge_version"];
    j["judge_version"] = "0.0.9 (git 0123456789ab)";  // graded on a node with an older installation
    write_text(shards[1] / "shard.json", j.dump());
    CHECK(merge(contest, dir / "merged", shards, dir / "merge") == 2);  // merged two judges' rules into one board
    const std::string e = err(dir / "merge");
    CHECK_THAT(e, Catch::Contains("graded by sudoku-judge 0.0.9 (git 0123456789ab)"));
    CHECK_THAT(e, Catch::Contains("this is sudoku-judge " + ours));
    CHECK_THAT(e, Catch::Contains("--shard 1/2 --out " + shards[1].string() + " --fresh"));
    CHECK_FALSE(fs::exists(dir / "merged"));
}
