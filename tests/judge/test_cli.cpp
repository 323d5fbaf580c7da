// sudoku-judge's command line, as a user types it: --help on every command, strict values, exit
// statuses 0 (done, --help) and 2 (bad usage, with a message naming the option on stderr).
#include <sys/wait.h>

#include <cstdlib>

#include "judge_fixture.hpp"

using namespace judge_test;

namespace {

struct Run {
    int status = -1;
    std::string out, err;
};

// Runs `cd DIR && sudoku-judge ARGS`, stdout and stderr to files beside DIR.
Run judge(const fs::path& dir, const std::string& args) {
    const fs::path out = dir.string() + ".out", err = dir.string() + ".err";
    const std::string command = "cd '" + dir.string() + "' && '" + judge_cli().string() + "' " + args + " >'" +
                                out.string() + "' 2>'" + err.string() + "'";
    const int raw = std::system(command.c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read_text(out), read_text(err)};
}

// 'path', for the shell (appended piece by piece: "'" + string trips GCC 12's -Wrestrict).
std::string quoted(const fs::path& path) {
    std::string text = "'";
    text += path.string();
    text += "'";
    return text;
}

void check_help(const Run& r, const std::string& usage, const std::vector<std::string>& options) {
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::StartsWith("usage: " + usage));
    CHECK_THAT(r.out, Catch::Contains("Example:"));
    for (const auto& option : options) CHECK_THAT(r.out, Catch::Contains(option));
    CHECK(r.err.empty());
}

void check_refused(const Run& r, const std::string& where, const std::vector<std::string>& named) {
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith(where + ": "));
    for (const auto& text : named) CHECK_THAT(r.err, Catch::Contains(text));
    CHECK_THAT(r.err, Catch::Contains("see --help"));
    CHECK(r.out.empty());
}

}  // namespace

TEST_CASE("cli: sudoku-judge --help lists the three commands with an example and exits 0") {
    auto dir = scratch("cli-help");
    check_help(judge(dir, "--help"), "sudoku-judge grade", {"grade", "merge", "status", "calibrate", "Exit status"});
}

TEST_CASE("cli: grade --help shows grade's options and exits 0") {
    auto dir = scratch("cli-grade-help");
    check_help(judge(dir, "grade --help"), "sudoku-judge grade CONTEST.yaml",
               {"--out DIR", "--jobs N", "--fresh", "--no-namespaces", "--no-cgroups", "--shard I/N|auto"});
}

TEST_CASE("cli: merge --help shows merge's options and exits 0") {
    auto dir = scratch("cli-merge-help");
    const Run r = judge(dir, "merge --help");
    check_help(r, "sudoku-judge merge CONTEST.yaml", {"--out DIR", "SHARD_DIR", "never runs a test"});
    CHECK(r.out.find("--jobs") == std::string::npos);  // it runs nothing: no runs to parallelise
}

TEST_CASE("cli: status --help and grade --help explain the shards, and every example path exists") {
    auto dir = scratch("cli-shard-help");
    check_help(judge(dir, "status --help"), "sudoku-judge status CONTEST.yaml SHARD_DIR...",
               {"finished", "unfinished", "missing", "mismatched"});
    const Run grade = judge(dir, "grade --help");
    for (const char* explained : {"--shard i/n grades shard i", "SUDOKU_SHARD_COUNT", "estimated work", "--fresh"})
        CHECK_THAT(grade.out, Catch::Contains(explained));
    // The examples name examples/contest/contest.yaml ("examples/contest.yaml", which does not exist, before).
    for (const char* command : {"--help", "grade --help", "merge --help", "status --help", "calibrate --help"}) {
        const std::string text = judge(dir, command).out;
        const std::string examples = text.substr(text.find("Example:"));
        for (size_t at = examples.find("examples/"); at != std::string::npos; at = examples.find("examples/", at + 1)) {
            const std::string path = examples.substr(at, examples.find(' ', at) - at);
            INFO(command << ": " << path);
            CHECK(fs::exists(fs::path(SUDOKU_SOURCE_DIR) / path));
        }
    }
}

TEST_CASE("cli: calibrate --help shows calibrate's options and exits 0") {
    auto dir = scratch("cli-calibrate-help");
    check_help(judge(dir, "calibrate --help"), "sudoku-judge calibrate CONTEST.yaml",
               {"--problem P", "--model NAME", "--naive NAME", "--factor F", "--out DIR", "--jobs N"});
}

TEST_CASE("cli: --jobs 2abc is refused, not taken as 2") {
    auto dir = scratch("cli-jobs");
    fs::path contest = write_sum_contest(dir);
    for (const char* command : {"grade", "calibrate"}) {
        INFO(command);
        std::string args = std::string(command) + " " + quoted(contest) + " --jobs 2abc";
        if (std::string(command) == "calibrate") args += " --problem sum --model alice --naive carol";
        check_refused(judge(dir, args), std::string("sudoku-judge ") + command, {"--jobs", "2abc"});
    }
    CHECK_FALSE(fs::exists(dir / "judge-out"));
    for (const char* jobs : {"0", "-1", "0x10", "3.0", "99999999999999999999"}) {
        INFO(jobs);
        check_refused(judge(dir, "grade " + quoted(contest) + " --jobs " + jobs), "sudoku-judge grade", {"--jobs"});
    }
}

TEST_CASE("cli: a trailing --out with no value is refused instead of writing into the current folder") {
    auto dir = scratch("cli-out");
    fs::path contest = write_sum_contest(dir);
    check_refused(judge(dir, "grade " + quoted(contest) + " --out"), "sudoku-judge grade", {"--out"});
    check_refused(judge(dir, "grade " + quoted(contest) + " --out --fresh"), "sudoku-judge grade",
                  {"--out", "--fresh"});
    check_refused(judge(dir, "calibrate " + quoted(contest) + " --problem sum --model alice --naive carol --out"),
                  "sudoku-judge calibrate", {"--out"});
    CHECK_FALSE(fs::exists(dir / "results.json"));
    CHECK_FALSE(fs::exists(dir / "journal.jsonl"));
    CHECK_FALSE(fs::exists(dir / "--fresh"));
}

TEST_CASE("cli: grade refuses a bad --shard and unknown options, naming them") {
    auto dir = scratch("cli-grade-bad");
    fs::path contest = write_sum_contest(dir);
    const std::string c = quoted(contest);
    check_refused(judge(dir, "grade " + c + " --shard 3/3"), "sudoku-judge grade", {"--shard", "3/3", "0..2"});
    check_refused(judge(dir, "grade " + c + " --shard half"), "sudoku-judge grade", {"--shard", "half", "auto"});
    check_refused(judge(dir, "grade " + c + " --jobz 2"), "sudoku-judge grade", {"--jobz"});
    check_refused(judge(dir, "grade"), "sudoku-judge grade", {"CONTEST.yaml"});
    check_refused(judge(dir, ""), "sudoku-judge", {"grade, merge, status, calibrate"});
    check_refused(judge(dir, "regrade " + c), "sudoku-judge", {"regrade"});
}

TEST_CASE("cli: merge needs --out and the shard directories") {
    auto dir = scratch("cli-merge-bad");
    fs::path contest = write_sum_contest(dir);
    const std::string c = quoted(contest);
    check_refused(judge(dir, "merge " + c + " shard-0"), "sudoku-judge merge", {"--out"});
    check_refused(judge(dir, "merge " + c + " --out merged"), "sudoku-judge merge", {"SHARD_DIR"});
}

TEST_CASE("cli: calibrate refuses a missing --naive and a --factor that is not a positive number") {
    auto dir = scratch("cli-calibrate-bad");
    fs::path contest = write_sum_contest(dir);
    const std::string c = quoted(contest) + " --problem sum --model alice";
    check_refused(judge(dir, "calibrate " + c), "sudoku-judge calibrate", {"--naive"});
    for (const char* factor : {"-1", "0", "2x", "nan"}) {
        INFO(factor);
        check_refused(judge(dir, "calibrate " + c + " --naive carol --factor " + factor), "sudoku-judge calibrate",
                      {"--factor", factor});
    }
}
