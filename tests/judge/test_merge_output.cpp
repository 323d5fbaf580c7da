// merge never writes into a shard's folder and never leaves a half-made --out.
#include "durable_fixture.hpp"

using namespace judge_test;

namespace {

struct Shards {
    fs::path contest, s0, s1;
};

Shards graded_shards(const fs::path& dir) {
    Shards s{write_sum_contest(dir), dir / "s0", dir / "s1"};
    for (int i = 0; i < 2; ++i) {
        const fs::path out = i == 0 ? s.s0 : s.s1;
        const int status = run_judge(
            "grade " + s.contest.string() + " --jobs 1 --shard " + std::to_string(i) + "/2 --out " + out.string(),
            out.string() + "-grade");
        INFO(read_text(out.string() + "-grade.stderr"));
        REQUIRE(status == 0);
    }
    return s;
}

int merge(const Shards& s, const fs::path& out, const fs::path& log) {
    return run_judge(
        "merge " + s.contest.string() + " --out " + out.string() + " " + s.s0.string() + " " + s.s1.string(), log);
}

bool holds_hidden_merge_folder(const fs::path& dir) {
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().rfind('.', 0) == 0 && e.path().filename() != ".judge-key") return true;
    return false;
}

}  // namespace

TEST_CASE("merge: an --out that is, lies inside or contains a shard folder is refused and the shard is untouched") {
    auto dir = scratch("merge-into-shard");
    const Shards s = graded_shards(dir);
    const std::string journal = read_text(s.s0 / "journal.jsonl");
    for (const fs::path& out : {s.s0, s.s0 / "merged", dir}) {
        INFO(out.string());
        CHECK(merge(s, out, dir / "merge") == 2);
        CHECK_THAT(read_text(dir.string() + "/merge.stderr"), Catch::Contains("shard folder"));
        CHECK(read_text(s.s0 / "journal.jsonl") == journal);
        CHECK_FALSE(fs::exists(s.s0 / "results.json"));
        CHECK_FALSE(fs::exists(s.s0 / "merged"));
    }
}

TEST_CASE("merge: a merge that fails leaves nothing, and one that succeeds replaces an earlier merge whole") {
    auto dir = scratch("merge-aside");
    const Shards s = graded_shards(dir);
    // Shard 1 did not finish: its last test record is gone.
    std::string journal = read_text(s.s1 / "journal.jsonl");
    journal.pop_back();
    write_text(s.s1 / "journal.jsonl", journal.substr(0, journal.rfind('\n') + 1));
    CHECK(merge(s, dir / "merged", dir / "unfinished") == 2);
    CHECK_THAT(read_text(dir.string() + "/unfinished.stderr"), Catch::Contains("did not finish"));
    CHECK_FALSE(fs::exists(dir / "merged"));
    CHECK_FALSE(holds_hidden_merge_folder(dir));

    REQUIRE(run_judge("grade " + s.contest.string() + " --jobs 1 --shard 1/2 --out " + s.s1.string(),
                      dir / "s1-again") == 0);
    REQUIRE(merge(s, dir / "merged", dir / "merge") == 0);
    const std::string first = read_text(dir / "merged/results.json");
    write_text(dir / "merged/build/gone/sum/sum", "from before");
    REQUIRE(merge(s, dir / "merged", dir / "merge-again") == 0);
    CHECK(read_text(dir / "merged/results.json") == first);
    CHECK_FALSE(fs::exists(dir / "merged/build/gone"));  // replaced whole, not written into
    CHECK_FALSE(holds_hidden_merge_folder(dir));

    // A file the judge did not write in an earlier merge's folder: refused, and kept.
    write_text(dir / "merged/my-notes.txt", "mine");
    CHECK(merge(s, dir / "merged", dir / "merge-notes") == 2);
    CHECK_THAT(read_text(dir.string() + "/merge-notes.stderr"), Catch::Contains("my-notes.txt"));
    CHECK(read_text(dir / "merged/my-notes.txt") == "mine");

    // A folder that is not a judge's results is not replaced.
    write_text(dir / "notes/todo.txt", "mine");
    CHECK(merge(s, dir / "notes", dir / "notes-merge") == 2);
    CHECK(read_text(dir / "notes/todo.txt") == "mine");
}

TEST_CASE("merge: an --out that is or holds the contest is refused, and the contest stays whole") {
    auto dir = scratch("merge-into-contest");
    const Shards s = graded_shards(dir);
    // A contest graded with --out . in its own folder: refused before anything is written there.
    const CliRun here = judge_in(dir, "grade contest.yaml --jobs 1 --out .");
    INFO(here.err);
    CHECK(here.status == 2);
    CHECK_THAT(here.err, Catch::Contains("contest folder"));
    CHECK_FALSE(fs::exists(dir / "journal.jsonl"));
    CHECK_FALSE(fs::exists(dir / ".sudoku-judge-out"));

    // merge --out the contest's folder, or a folder above it, or its contestants: refused, nothing lost.
    for (const fs::path& out : {dir, dir.parent_path(), dir / "contestants", dir / "testdata"}) {
        INFO(out.string());
        CHECK(merge(s, out, dir / "merge") == 2);
        CHECK(fs::exists(dir / "contest.yaml"));
        CHECK(fs::exists(dir / "contestants/alice/sum.c"));
        CHECK(fs::exists(dir / "testdata/sum/01.in"));
    }
    // A folder of someone else's files is not the judge's to fill or replace.
    write_text(dir / "elsewhere/thesis.tex", "mine");
    CHECK(merge(s, dir / "elsewhere", dir / "merge-foreign") == 2);
    CHECK(read_text(dir / "elsewhere/thesis.tex") == "mine");
    const CliRun foreign = judge_in(dir, "grade contest.yaml --jobs 1 --out elsewhere");
    CHECK(foreign.status == 2);
    CHECK_FALSE(fs::exists(dir / "elsewhere/journal.jsonl"));
}

TEST_CASE("merge: a merge that runs out of disk leaves no --out, not even one holding only its lock") {
    auto dir = scratch("merge-disk-full");
    const Shards s = graded_shards(dir);
    SmallDisk disk(dir / "small", "48k");
    const fs::path out = dir / "small/merged";
    const int status = merge(s, out, dir / "merge-full");
    INFO(read_text(dir.string() + "/merge-full.stderr"));
    CHECK(status != 0);
    CHECK(status < 128);
    CHECK_FALSE(fs::exists(out));
    CHECK_FALSE(holds_hidden_merge_folder(dir / "small"));
    disk.resize("32m");
    CHECK(merge(s, out, dir / "merge-roomy") == 0);
    CHECK(fs::exists(out / "results.json"));
}
