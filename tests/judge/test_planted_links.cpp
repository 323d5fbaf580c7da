// The judge follows no link planted in its own folder: --out (or a shard's folder, on storage
// others may write) holds only what the judge made, and a link put in place of one of its names
// must never lead the root judge to chown, truncate, fill, empty or append to what it names. Every
// case runs twice: with openat2, and through judge_test_without_openat2 as on a kernel without it,
// where the judge walks the path with O_NOFOLLOW instead.
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"

using namespace judge_test;

namespace {

// Someone other than the judge and the programs (uid 65534) owns the planted links' targets.
constexpr uid_t kOwner = 4321;

uid_t owner_of(const fs::path& p) {
    struct stat st {};
    REQUIRE(lstat(p.c_str(), &st) == 0);
    return st.st_uid;
}

// The way the judge is started: directly, or as on a kernel without openat2.
std::string judge_way() { return GENERATE(std::string(), std::string(SUDOKU_WITHOUT_OPENAT2)); }

// A scratch folder of its own for each way.
fs::path scratch_for(const std::string& name, const std::string& way) {
    return scratch(name + (way.empty() ? "" : "-walk"));
}

// As root, gives `p` to kOwner, so that a chown through a link would show.
void give_away(const fs::path& p) {
    if (getuid() == 0) REQUIRE(lchown(p.c_str(), kOwner, kOwner) == 0);
}

// The sum contest graded once into dir/out, as the folder is before a link is planted in it.
void graded_once(const fs::path& dir, const std::string& way) {
    write_sum_contest(dir);
    const CliRun first = judge_in(dir, "grade contest.yaml --out out", way);
    INFO(first.err);
    REQUIRE(first.status == 0);
}

double total_of(const fs::path& results, const std::string& name) {
    const auto parsed = nlohmann::json::parse(read_text(results));
    for (const auto& c : parsed["contestants"])
        if (c["name"] == name) return c["total"].get<double>();
    return -1;
}

}  // namespace

TEST_CASE("planted links: probe naming a folder outside is not chowned, and the judge makes its own probe") {
    const std::string way = judge_way();
    const fs::path dir = scratch_for("link-probe", way);
    graded_once(dir, way);
    write_text(dir / "outside/kept.txt", "precious\n");
    give_away(dir / "outside");
    fs::remove_all(dir / "out/probe");
    fs::create_directory_symlink(dir / "outside", dir / "out/probe");

    const CliRun r = judge_in(dir, "grade contest.yaml --out out", way);
    INFO(r.err);
    CHECK(r.status == 0);
    if (getuid() == 0) CHECK(owner_of(dir / "outside") == kOwner);
    CHECK(read_text(dir / "outside/kept.txt") == "precious\n");
    CHECK(!fs::is_symlink(dir / "out/probe"));
}

TEST_CASE("planted links: work/slot-0/stdout naming a file is not truncated, filled or chowned") {
    const std::string way = judge_way();
    const fs::path dir = scratch_for("link-stdout", way);
    write_sum_contest(dir);
    std::string config = read_text(dir / "testdata/sum/config.yaml");
    config.replace(config.find("input: sudoku.in\noutput: sudoku.out"), 35, "input: stdin\noutput: stdout");
    write_text(dir / "testdata/sum/config.yaml", config);
    fs::remove(dir / "contestants/alice/sum.c");
    fs::copy_file(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs/sum_stdio.c", dir / "contestants/alice/sum.c");
    const CliRun first = judge_in(dir, "grade contest.yaml --out out", way);
    INFO(first.err);
    REQUIRE(first.status == 0);
    write_text(dir / "victim.txt", "precious\n");
    give_away(dir / "victim.txt");
    fs::remove(dir / "out/work/slot-0/stdout");
    fs::create_symlink(dir / "victim.txt", dir / "out/work/slot-0/stdout");

    const CliRun r = judge_in(dir, "grade contest.yaml --out out --fresh", way);
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(read_text(dir / "victim.txt") == "precious\n");
    if (getuid() == 0) CHECK(owner_of(dir / "victim.txt") == kOwner);
    CHECK(total_of(dir / "out/results.json", "alice") == 100);
}

TEST_CASE("planted links: build/<contestant> naming a folder keeps that folder's contents") {
    const std::string way = judge_way();
    const fs::path dir = scratch_for("link-build", way);
    graded_once(dir, way);
    write_text(dir / "elsewhere/kept.txt", "precious\n");
    write_text(dir / "elsewhere/sum/kept.txt", "precious\n");
    fs::remove_all(dir / "out/build/alice");
    fs::create_directory_symlink(dir / "elsewhere", dir / "out/build/alice");

    const CliRun r = judge_in(dir, "grade contest.yaml --out out --fresh", way);
    INFO(r.out + r.err);
    CHECK(read_text(dir / "elsewhere/kept.txt") == "precious\n");
    CHECK(read_text(dir / "elsewhere/sum/kept.txt") == "precious\n");
    // Said, not graded through the link: alice's compile is a judge fault naming the link.
    CHECK_THAT(read_text(dir / "out/results.json"), Catch::Contains((dir / "out/build/alice").string()));
    CHECK(total_of(dir / "out/results.json", "alice") == 0);
}

TEST_CASE("planted links: journal.jsonl naming a file is not appended to: grade stops and names it") {
    const std::string way = judge_way();
    const fs::path dir = scratch_for("link-journal", way);
    graded_once(dir, way);
    write_text(dir / "victim.jsonl", "precious\n");
    give_away(dir / "victim.jsonl");
    fs::remove(dir / "out/journal.jsonl");
    fs::create_symlink(dir / "victim.jsonl", dir / "out/journal.jsonl");

    const CliRun r = judge_in(dir, "grade contest.yaml --out out", way);
    CHECK(r.status != 0);
    CHECK_THAT(r.err, Catch::Contains((dir / "out/journal.jsonl").string()));
    CHECK(read_text(dir / "victim.jsonl") == "precious\n");
    if (getuid() == 0) CHECK(owner_of(dir / "victim.jsonl") == kOwner);
}
