// Nothing half-written: a full disk under --out stops the judge with a message naming the file,
// leaves the journal whole and the reports either old or new, never cut; a rerun with room resumes.
#include <fcntl.h>
#include <unistd.h>

#include <map>
#include <sstream>

#include "durable_fixture.hpp"
#include "sudoku/judge/files/durable_file.hpp"
#include "sudoku/judge/output/journal.hpp"

using namespace judge_test;
using Json = nlohmann::json;

namespace {

const std::string kNoSpace = "No space left on device";

std::string grade_args(const fs::path& contest, const fs::path& out, int jobs = 1) {
    return "grade " + contest.string() + " --out " + out.string() + " --jobs " + std::to_string(jobs);
}

bool has_temp_files(const fs::path& dir) {
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename().string().rfind(".results", 0) == 0 ||
            e.path().filename().string().rfind(".report", 0) == 0)
            return true;
    return false;
}

}  // namespace

TEST_CASE(
    "durable: a full disk under --out ends the run with the file and 'No space left on device', a whole "
    "journal, no cut report, and a rerun with room resumes") {
    auto dir = scratch("disk-full");
    const fs::path contest = write_sum_contest(dir);
    REQUIRE(run_judge(grade_args(contest, dir / "straight"), dir / "straight") == 0);
    const Json straight = Json::parse(read_text(dir / "straight/results.json"));

    // The disk's filler lies beside --out, not in it: the judge writes only into a folder of its own.
    SmallDisk disk(dir / "disk", "64k");
    const fs::path out = dir / "disk/out";
    disk.fill();
    const int full = run_judge(grade_args(contest, out), dir / "full");
    const std::string said = read_text(dir.string() + "/full.stderr");
    INFO(said);
    CHECK(full != 0);
    CHECK(full < 128);  // ended, not killed by a signal (SIGABRT before)
    CHECK(said.find(kNoSpace) != std::string::npos);
    CHECK(said.find(out.string()) != std::string::npos);  // the message names the file
    CHECK(journal_is_whole(out / "journal.jsonl"));
    CHECK_FALSE(fs::exists(out / "report.html"));

    // More room: the same command resumes and gives what an undisturbed run gives.
    disk.resize("32m");
    REQUIRE(run_judge(grade_args(contest, out), dir / "roomy") == 0);
    const Json resumed = Json::parse(read_text(out / "results.json"));
    CHECK(without_measurements(resumed) == without_measurements(straight));
    const std::string report = read_text(out / "report.html");

    // Full again while only the reports are left to write: they keep their whole, earlier text.
    disk.fill();
    const int reports = run_judge(grade_args(contest, out), dir / "reports");
    const std::string said_reports = read_text(dir.string() + "/reports.stderr");
    INFO(said_reports);
    CHECK(reports != 0);
    CHECK(reports < 128);
    CHECK(said_reports.find((out / "results.json").string()) != std::string::npos);
    CHECK(said_reports.find(kNoSpace) != std::string::npos);
    CHECK(Json::parse(read_text(out / "results.json")) == resumed);
    CHECK(read_text(out / "report.html") == report);
    CHECK_FALSE(has_temp_files(out));
    CHECK(journal_is_whole(out / "journal.jsonl"));
}

TEST_CASE(
    "durable: a journal append failing in a worker thread stops the other workers and is reported, "
    "nothing aborts") {
    auto dir = scratch("worker-error");
    const fs::path contest_file = write_sum_contest(dir);
    auto loaded = sudoku::judge::load_contest(contest_file);
    REQUIRE(std::holds_alternative<sudoku::judge::Contest>(loaded));
    const auto& contest = std::get<sudoku::judge::Contest>(loaded);

    sudoku::judge::GradeOptions options;
    options.out_dir = dir / "out";
    options.jobs = 2;
    int calls = 0;
    options.on_test_done = [&](int, int) {
        if (++calls > 1) return;
        // From now on the journal's disk is full: its descriptor becomes /dev/full, where every write
        // fails with ENOSPC. (A filled tmpfs was not enough: the other slot's box files, removed
        // between runs, gave the next record room again.) No append runs meanwhile: the callback
        // holds their lock.
        const int full = open("/dev/full", O_WRONLY | O_CLOEXEC);
        REQUIRE(full >= 0);
        int replaced = 0;
        for (const auto& fd : fs::directory_iterator("/proc/self/fd")) {
            std::error_code ec;
            const fs::path target = fs::read_symlink(fd.path(), ec);
            if (!ec && target == fs::canonical(dir / "out/journal.jsonl"))
                replaced += dup2(full, std::stoi(fd.path().filename().string())) >= 0 ? 1 : 0;
        }
        close(full);
        REQUIRE(replaced == 1);
    };
    std::string error;
    try {
        sudoku::judge::grade(contest, options);
    } catch (const sudoku::judge::OutputError& e) {
        error = e.what();
    }
    INFO(error);
    CHECK(error.find("journal.jsonl") != std::string::npos);
    CHECK(error.find(kNoSpace) != std::string::npos);
    CHECK(calls == 1);  // no test was journaled after the disk filled
    CHECK(journal_is_whole(dir / "out/journal.jsonl"));
}

TEST_CASE(
    "durable: a journal line cut short is cut off when the journal is opened again, the next record "
    "starting on its own line") {
    auto dir = scratch("journal-cut");
    sudoku::judge::TestResult t;
    t.contestant = "amy";
    t.problem = "sum";
    t.test = "01";
    t.verdict = sudoku::judge::Verdict::AC;
    {
        sudoku::judge::Journal journal(dir / "journal.jsonl");
        journal.append(t);
    }
    { std::ofstream(dir / "journal.jsonl", std::ios::app) << R"({"test": {"contestant": "amy", "prob)"; }
    sudoku::judge::Journal reopened(dir / "journal.jsonl");
    CHECK(reopened.loaded_tests() == 1);
    CHECK(journal_is_whole(dir / "journal.jsonl"));
    t.test = "02";
    reopened.append(t);
    CHECK(journal_is_whole(dir / "journal.jsonl"));
    CHECK(sudoku::judge::Journal(dir / "journal.jsonl").loaded_tests() == 2);
}

TEST_CASE(
    "durable: a whole file written durably replaces the old one at once, and a failure leaves the old one "
    "and no temporary") {
    auto dir = scratch("durable-write");
    sudoku::judge::write_file_durably(dir / "results.json", "old\n");
    sudoku::judge::write_file_durably(dir / "results.json", "new\n");
    CHECK(read_text(dir / "results.json") == "new\n");
    CHECK_THROWS_WITH(sudoku::judge::write_file_durably(dir / "no-such-folder" / "results.json", "x"),
                      Catch::Contains("no-such-folder/results.json") && Catch::Contains("No such file"));
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
}

namespace {

// Every journaled test verdict, keyed by contestant, problem and test.
std::map<std::string, std::string> journaled_verdicts(const fs::path& journal) {
    std::map<std::string, std::string> verdicts;
    std::istringstream lines(read_text(journal));
    for (std::string line; std::getline(lines, line);) {
        const Json record = Json::parse(line, nullptr, false);
        if (record.is_discarded() || !record.contains("test")) continue;
        const Json& t = record.at("test");
        verdicts[t.at("contestant").get<std::string>() + " " + t.at("problem").get<std::string>() + " #" +
                 t.at("test").get<std::string>()] = t.at("verdict");
    }
    return verdicts;
}

}  // namespace

TEST_CASE(
    "durable: a write that fails is a judge fault, never the contestant's: a run whose output the full disk "
    "could not hold is FAIL, and a rerun with room gives an uninterrupted run's results") {
    auto dir = scratch("disk-full-output");
    const fs::path contest_file = write_sum_contest(dir);
    REQUIRE(run_judge(grade_args(contest_file, dir / "straight"), dir / "straight") == 0);
    const Json straight = Json::parse(read_text(dir / "straight/results.json"));
    const auto straight_verdicts = journaled_verdicts(dir / "straight/journal.jsonl");

    auto loaded = sudoku::judge::load_contest(contest_file);
    REQUIRE(std::holds_alternative<sudoku::judge::Contest>(loaded));
    const auto& contest = std::get<sudoku::judge::Contest>(loaded);
    const fs::path out = dir / "out";
    SmallDisk disk(out, "4m");
    sudoku::judge::GradeOptions options;
    options.out_dir = out;
    options.jobs = 1;
    int calls = 0;
    options.on_test_done = [&](int, int) {
        if (++calls > 1) return;
        // The disk fills while the journal's last page still has room: the next box holds the
        // program and its input in the pages the last box freed, and its output finds none.
        disk.fill();
        fs::remove(out / "work/slot-0/box/sudoku.out");
        disk.fill();
    };
    std::string stopped;
    try {
        sudoku::judge::grade(contest, options);
    } catch (const sudoku::judge::OutputError& e) {
        stopped = e.what();  // a journal line that needed a new page: the judge stops with a message
    }
    INFO(stopped);
    const auto full_verdicts = journaled_verdicts(out / "journal.jsonl");
    CHECK(full_verdicts.size() > 1);
    for (const auto& [test, verdict] : full_verdicts) {
        INFO(test << " was journaled as " << verdict);
        CHECK((verdict == "FAIL" || verdict == straight_verdicts.at(test)));
    }

    // Room again: the same command regrades what the full disk failed, and exits 0.
    disk.empty_filler();
    REQUIRE(run_judge(grade_args(contest_file, out), dir / "roomy") == 0);
    CHECK(without_measurements(Json::parse(read_text(out / "results.json"))) == without_measurements(straight));
}
