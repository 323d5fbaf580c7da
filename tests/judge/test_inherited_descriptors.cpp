// Only stdin, stdout and stderr cross into a contestant's program or a compiler. A judge started
// by a parent that leaves a descriptor open (`flock DIR sudoku-judge grade ...`, as cron jobs do)
// holds it without knowing; through /proc/self/fd a directory descriptor reaches every file below
// it, outside the program's root.
#include <cstdio>
#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"

using namespace judge_test;
using Json = nlohmann::json;

namespace {

// results.json's problem "sum" of `name`.
Json sum_of(const fs::path& out, const std::string& name) {
    const Json results = Json::parse(read_text(out / "results.json"));
    for (const auto& c : results["contestants"])
        if (c["name"] == name) return c["problems"][0];
    FAIL("no contestant " << name);
    return {};
}

// The sum contest with one more contestant, mallory, whose `file` is programs/`program`, graded by
// a judge whose parent left descriptor 7 open on the contest's test data folder.
Json grade_with_test_data_open(const fs::path& dir, const std::string& file, const std::string& program) {
    write_sum_contest(dir);
    fs::create_directories(dir / "contestants/mallory");
    fs::copy_file(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs" / program, dir / "contestants/mallory" / file);
    const CliRun r = judge_in(dir, "grade contest.yaml --out out 7<testdata");
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(sum_of(dir / "out", "alice")["points"] == 100);  // the descriptor changes nothing for the others
    return sum_of(dir / "out", "mallory");
}

// The runner by itself, started with descriptor 7 open on `dir`, runs `test -e /proc/self/fd/7`.
sudoku::judge::RunRecord run_with_descriptor_7(const fs::path& dir, const std::string& extra) {
    const std::string command = std::string(SUDOKU_SANDBOX_TESTING_PATH) + " --dir " + dir.string() +
                                " --cpu 1 --mem 64 " + extra + " -- /usr/bin/test -e /proc/self/fd/7 7<" +
                                dir.string() + " 2>&1";
    std::string text;
    if (FILE* p = popen(command.c_str(), "r")) {
        char buf[4096];
        for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) text.append(buf, n);
        pclose(p);
    }
    INFO(command << "\n" << text);
    return sudoku::judge::parse_run_record(text);
}

}  // namespace

TEST_CASE("inherited descriptors: the runner lets only 0, 1 and 2 into the program, with and without namespaces") {
    const fs::path dir = scratch("inherited-fd-runner");
    for (const std::string extra : {"", "--no-namespaces --no-cgroups"}) {
        const sudoku::judge::RunRecord record = run_with_descriptor_7(dir, extra);
        INFO("runner options '" << extra << "': " << record.error);
        REQUIRE(record.error.empty());
        CHECK(record.exit_code == 1);  // test -e: descriptor 7 is not there
    }
}

TEST_CASE("inherited descriptors: a runner that cannot close them fails the run naming the step") {
    const sudoku::judge::RunRecord record =
        run_with_descriptor_7(scratch("inherited-fd-fail"), "--fail-step close-fds");
    CHECK_THAT(record.error, Catch::Contains("close the inherited descriptors"));
}

TEST_CASE("inherited descriptors: a program cannot read the answers through a folder its judge's parent left open") {
    const Json mallory = grade_with_test_data_open(scratch("inherited-fd-run"), "sum.c", "reads_inherited_fd.c");
    INFO(mallory.dump());
    CHECK(mallory["status"] == "graded");
    CHECK(mallory["points"] == 0);
}

TEST_CASE("inherited descriptors: a source cannot include an answer through a folder its judge's parent left open") {
    const Json mallory =
        grade_with_test_data_open(scratch("inherited-fd-compile"), "sum.cpp", "includes_inherited_fd.cpp");
    const std::string message = mallory["compile_message"].get<std::string>();
    INFO(message);
    CHECK(mallory["points"] == 0);
    CHECK_THAT(message, Catch::Contains("/proc/self/fd/7/sum/04.ans"));  // the compiler tried, and failed
    CHECK_THAT(message, !Catch::Contains("5005"));                       // the answer of test 04
}
