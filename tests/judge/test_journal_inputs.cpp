// A journal that knows what it graded: a record is reused only while the inputs that decided it
// (sources, settings, tests, configs) are unchanged; judge faults never freeze.
#include <regex>

#include "durable_fixture.hpp"
#include "sudoku/judge/output/journal.hpp"

using namespace judge_test;
using Json = nlohmann::json;

namespace {

Json grade_ok(const fs::path& contest, const fs::path& out, const fs::path& log) {
    const int status = run_judge("grade " + contest.string() + " --out " + out.string() + " --jobs 1", log);
    INFO(read_text(log.string() + ".stderr"));
    REQUIRE(status == 0);
    return Json::parse(read_text(out / "results.json"));
}

Json contestant(const Json& results, const std::string& name) {
    for (const auto& c : results["contestants"])
        if (c["name"] == name) return c;
    FAIL("no contestant " << name);
    return {};
}

int journal_lines(const fs::path& out) {
    const std::string text = read_text(out / "journal.jsonl");
    return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("journal: fixing a compile setting that made every source CE grades them again with the same --out") {
    auto dir = scratch("journal-settings");
    const fs::path contest = write_sum_contest(dir);
    write_text(contest,
               "name: Sum contest\nproblems: [sum]\njobs: 1\ncompile:\n"
               "  c: gcc -include no-such-header.h -o {exe} {src}\n");
    Json broken = grade_ok(contest, dir / "out", dir / "broken");
    CHECK(contestant(broken, "alice")["problems"][0]["status"] == "CE");

    write_text(contest, "name: Sum contest\nproblems: [sum]\njobs: 1\n");
    Json fixed = grade_ok(contest, dir / "out", dir / "fixed");
    CHECK(contestant(fixed, "alice")["problems"][0]["status"] == "graded");
    CHECK(contestant(fixed, "alice")["total"] == 100);
    CHECK(contestant(fixed, "carol")["total"] == 40);
    CHECK(contestant(fixed, "dave")["problems"][0]["status"] == "CE");  // a real CE stays one
}

TEST_CASE("journal: a submission added after a run is graded by the next run with the same --out") {
    auto dir = scratch("journal-added");
    const fs::path contest = write_sum_contest(dir);
    CHECK(contestant(grade_ok(contest, dir / "out", dir / "first"), "erin")["problems"][0]["status"] == "missing");
    fs::copy_file(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs/sum.c", dir / "contestants/erin/sum.c");
    const Json second = grade_ok(contest, dir / "out", dir / "second");
    CHECK(contestant(second, "erin")["problems"][0]["status"] == "graded");
    CHECK(contestant(second, "erin")["total"] == 100);
}

TEST_CASE("journal: an unchanged contest reuses every record, a changed answer file regrades only its test") {
    auto dir = scratch("journal-reuse");
    const fs::path contest = write_sum_contest(dir);
    grade_ok(contest, dir / "out", dir / "first");
    const int lines = journal_lines(dir / "out");
    grade_ok(contest, dir / "out", dir / "again");
    CHECK(journal_lines(dir / "out") == lines);  // nothing graded, not even a new fingerprint line

    write_text(dir / "testdata/sum/04.ans", "5006\n");
    const Json changed = grade_ok(contest, dir / "out", dir / "changed");
    CHECK(journal_lines(dir / "out") == lines + 1 + 3);  // the fingerprint, test 04 of alice, bob, carol
    CHECK(contestant(changed, "alice")["total"] == 40);  // the big group lost its test 04
}

TEST_CASE("journal: judge faults never freeze: journaled FAIL records are graded again") {
    auto dir = scratch("journal-fail");
    const fs::path contest = write_sum_contest(dir);
    grade_ok(contest, dir / "out", dir / "first");
    // The last record of alice's compile and of carol's test 01 become judge faults, inputs unchanged.
    std::string text = read_text(dir / "out/journal.jsonl");
    std::string faulted;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        Json j = Json::parse(line);
        if (j.contains("compile") && j["compile"]["contestant"] == "alice") j["compile"]["status"] = "FAIL";
        if (j.contains("test") && j["test"]["contestant"] == "carol" && j["test"]["test"] == "01")
            j["test"]["verdict"] = "FAIL";
        faulted += j.dump() + "\n";
    }
    write_text(dir / "out/journal.jsonl", faulted);
    const Json again = grade_ok(contest, dir / "out", dir / "again");
    CHECK(contestant(again, "alice")["total"] == 100);
    CHECK(contestant(again, "carol")["problems"][0]["tests"][0]["verdict"] == "AC");
    CHECK(contestant(again, "carol")["total"] == 40);
}

TEST_CASE("journal: an older journal without inputs is graded again, with a note on stdout") {
    auto dir = scratch("journal-old");
    const fs::path contest = write_sum_contest(dir);
    grade_ok(contest, dir / "out", dir / "first");
    // As an older judge wrote it: no fingerprint line, no inputs; alice's results made wrong.
    std::string old;
    std::istringstream lines(read_text(dir / "out/journal.jsonl"));
    for (std::string line; std::getline(lines, line);) {
        Json j = Json::parse(line);
        if (j.contains("fingerprint")) continue;
        j.erase("inputs");
        if (j.contains("test") && j["test"]["contestant"] == "alice") j["test"]["verdict"] = "WA";
        old += j.dump() + "\n";
    }
    write_text(dir / "out/journal.jsonl", old);
    const Json again = grade_ok(contest, dir / "out", dir / "again");
    CHECK(contestant(again, "alice")["total"] == 100);
    CHECK_THAT(read_text(dir.string() + "/again.stdout"), Catch::Contains("older judge"));
}
