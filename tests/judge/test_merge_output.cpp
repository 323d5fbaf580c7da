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
        if (e.path().filename().string().rfind('.', 0) == 0) return true;
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

TEST_CASE("merge: a merge that fails leaves nothing; one that succeeds replaces an earlier merge whole") {
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
    write_text(dir / "merged/stale-file", "from before");
    REQUIRE(merge(s, dir / "merged", dir / "merge-again") == 0);
    CHECK(read_text(dir / "merged/results.json") == first);
    CHECK_FALSE(fs::exists(dir / "merged/stale-file"));  // replaced whole, not written into
    CHECK_FALSE(holds_hidden_merge_folder(dir));

    // A folder that is not a judge's results is not replaced.
    write_text(dir / "notes/todo.txt", "mine");
    CHECK(merge(s, dir / "notes", dir / "notes-merge") == 2);
    CHECK(read_text(dir / "notes/todo.txt") == "mine");
}
