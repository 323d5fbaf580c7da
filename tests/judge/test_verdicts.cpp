// Every verdict, each produced by a small purpose-built program of programs/ run in the sandbox.
#include "judge_fixture.hpp"
#include "sudoku/judge/grading/verdict.hpp"

using namespace judge_test;
using sudoku::judge::Verdict;
using sudoku::judge::verdict_name;

namespace {
std::string describe(const sudoku::judge::TestResult& r) {
    return std::string(verdict_name(r.verdict)) + ": " + r.reason + " (cpu " + std::to_string(r.cpu_s) + " s, wall " +
           std::to_string(r.wall_s) + " s, " + std::to_string(r.peak_kib) + " KiB)";
}
}  // namespace

TEST_CASE("a right answer in sudoku.out is AC with its time and memory measured") {
    auto s = sum_problem(scratch("ac"));
    auto r = judge(s, "sum.c");
    INFO(describe(r));
    CHECK(r.verdict == Verdict::AC);
    CHECK(r.fraction == 1);
    CHECK(r.cpu_s < 0.3);
    CHECK(r.peak_kib > 0);
}

TEST_CASE("a stdio problem feeds the input on stdin and reads stdout") {
    auto s = sum_problem(scratch("stdio"), "tokens", true);
    auto r = judge(s, "sum_stdio.c");
    INFO(describe(r));
    CHECK(r.verdict == Verdict::AC);
}

TEST_CASE("a C++ submission is compiled and accepted") {
    auto s = sum_problem(scratch("cpp"));
    auto r = judge(s, "sum.cpp");
    INFO(describe(r));
    CHECK(r.verdict == Verdict::AC);
}

TEST_CASE("a wrong sum is WA and the reason shows expected and found") {
    auto s = sum_problem(scratch("wa"));
    auto r = judge(s, "off_by_one.c");
    INFO(describe(r));
    CHECK(r.verdict == Verdict::WA);
    CHECK(r.reason.find("expected '2829', found '2830'") != std::string::npos);
}

TEST_CASE("right tokens in another layout are PE under the lines checker but AC under tokens") {
    auto lines = sum_problem(scratch("pe"), "lines");
    auto r = judge(lines, "spaced.c");
    INFO(describe(r));
    CHECK(r.verdict == Verdict::PE);
    auto tokens = sum_problem(scratch("pe-tokens"), "tokens");
    CHECK(judge(tokens, "spaced.c").verdict == Verdict::AC);
}

TEST_CASE("an endless loop is TLE on CPU and stopped soon after the limit") {
    auto s = sum_problem(scratch("tle-cpu"));
    auto r = judge(s, "spin.c");
    INFO(describe(r));
    CHECK(r.verdict == Verdict::TLE);
    CHECK(r.reason.find("CPU") != std::string::npos);
    CHECK(r.cpu_s >= 0.3);
    CHECK(r.cpu_s < 0.3 + 0.2);  // the hard side: soft + 0.1 s, polled every 1 ms
}

TEST_CASE("sleeping is TLE on wall time although little CPU is used") {
    auto s = sum_problem(scratch("tle-wall"));
    auto r = judge(s, "sleeper.c");  // wall limit 2 x 0.3 + 1 = 1.6 s
    INFO(describe(r));
    CHECK(r.verdict == Verdict::TLE);
    CHECK(r.reason.find("wall") != std::string::npos);
    CHECK(r.cpu_s < 0.1);
    // Stopped near the limit, not at the end of its 100 s sleep; the margin allows for a machine
    // loaded by parallel builds, where the poll and the kill can run late.
    CHECK(r.wall_s < 1.6 + 1.5);
}

TEST_CASE("touching 200 MiB under a 64 MiB limit is MLE and not RE") {
    auto s = sum_problem(scratch("mle"));
    s.problem.config.time_limit_s = kMemoryHogTimeLimitS;
    auto r = judge(s, "hog.c");
    INFO(describe(r));
    CHECK(r.verdict == Verdict::MLE);
    CHECK(r.peak_kib > 64 * 1024);
}

TEST_CASE("abort() is RE with signal 6 in the reason") {
    auto s = sum_problem(scratch("re-signal"));
    auto r = judge(s, "aborts.c");
    INFO(describe(r));
    CHECK(r.verdict == Verdict::RE);
    CHECK(r.reason.find("signal 6") != std::string::npos);
}

TEST_CASE("a right answer followed by exit code 3 is RE naming the exit code") {
    auto s = sum_problem(scratch("re-exit"));
    auto r = judge(s, "exit3.c");
    INFO(describe(r));
    CHECK(r.verdict == Verdict::RE);
    CHECK(r.reason == "exit code 3");
}

TEST_CASE("10 MiB written under a 64 KiB output limit is OLE and the file stays small") {
    auto s = sum_problem(scratch("ole"));
    auto r = judge(s, "flood.c");
    INFO(describe(r));
    CHECK(r.verdict == Verdict::OLE);
    CHECK(fs::file_size(s.dir / "slot" / "box" / "sudoku.out") <= 65 * 1024);
}

TEST_CASE("output written to Sudoku.out is a missing output file with a hint naming it") {
    auto s = sum_problem(scratch("missing"));
    auto r = judge(s, "wrong_file.c");
    INFO(describe(r));
    CHECK(r.verdict == Verdict::MISSING);
    CHECK(r.reason.find("Sudoku.out") != std::string::npos);
}

TEST_CASE("a source that does not compile is CE with the compiler's message") {
    auto dir = scratch("ce");
    auto result = sudoku::judge::compile_source(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs/syntax_error.cpp",
                                                dir / "build", "prog", sudoku::judge::CompileSettings{});
    CHECK_FALSE(result.ok);
    CHECK_FALSE(result.judge_fault);
    CHECK(result.message.find("undeclared_name") != std::string::npos);
}

TEST_CASE("a compiler slower than the compile time limit is CE naming the limit") {
    auto dir = scratch("ce-time");
    sudoku::judge::CompileSettings settings;
    settings.cpp = "sleep 5";  // a stand-in compiler that never finishes in time
    settings.time_limit_s = 0.2;
    auto result = sudoku::judge::compile_source(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs/sum.cpp",
                                                dir / "build", "prog", settings);
    CHECK_FALSE(result.ok);
    CHECK(result.message.find("compilation exceeded") != std::string::npos);
}

TEST_CASE("a checker that fails makes the test FAIL and never blames the contestant") {
    auto dir = scratch("fail");
    write_text(dir / "broken-checker", "#!/bin/sh\necho 'cannot parse the answer file' >&2\nexit 3\n");
    fs::permissions(dir / "broken-checker", fs::perms::owner_all | fs::perms::others_read | fs::perms::others_exec);
    auto s = sum_problem(dir, (dir / "broken-checker").string());
    auto r = judge(s, "sum.c");
    INFO(describe(r));
    CHECK(r.verdict == Verdict::FAIL);
    CHECK(r.reason.find("cannot parse the answer file") != std::string::npos);
}

TEST_CASE("a sandbox that cannot start the program is a judge fault (FAIL)") {
    auto s = sum_problem(scratch("fail-exec"));
    auto slot = slot_in(s.dir);
    fs::path not_a_program = s.dir / "not-a-program";
    write_text(not_a_program, "plain text\n");
    auto r = sudoku::judge::judge_test(s.problem, s.problem.tests[0], not_a_program, slot);
    INFO(describe(r));
    CHECK(r.verdict == Verdict::FAIL);
}

TEST_CASE("a one-shot runner and a long-lived session give the same verdicts") {
    auto s = sum_problem(scratch("one-shot"));
    const double time_limit_s = s.problem.config.time_limit_s;
    for (const std::string program : {"sum.c", "spin.c", "hog.c", "aborts.c", "flood.c"}) {
        // Without it the hog was MLE one way and TLE the other (under TSan: 0.37 s, 88 MiB touched).
        s.problem.config.time_limit_s = program == "hog.c" ? kMemoryHogTimeLimitS : time_limit_s;
        auto once = judge_one_shot(s, program);
        auto session = judge(s, program);
        INFO(program << ": one-shot " << describe(once) << " / session " << describe(session));
        CHECK(once.verdict == session.verdict);
        CHECK(std::abs(once.cpu_s - session.cpu_s) < 0.15);
    }
}

TEST_CASE("a session measures the run and not the runner: a trivial program shows little CPU and memory") {
    auto s = sum_problem(scratch("session-baseline"));
    for (int i = 0; i < 3; ++i) {
        auto r = judge(s, "sum.c");
        INFO(describe(r));
        CHECK(r.verdict == Verdict::AC);
        // A trivial program takes milliseconds of CPU; the bound leaves a busy machine's slower
        // start-up room and still fails when the session's own setup is charged to a run.
        CHECK(r.cpu_s < 0.2);
        CHECK(r.peak_kib < 16 * 1024);
    }
}

TEST_CASE("without cgroups and namespaces the rlimit fallback still gives AC TLE RE and OLE") {
    auto s = sum_problem(scratch("fallback"));
    auto slot = slot_in(s.dir);
    slot.namespaces = false;
    slot.cgroups = false;
    auto run = [&](const char* program) {
        return sudoku::judge::judge_test(s.problem, s.problem.tests[0], judge_test::program(program), slot);
    };
    CHECK(run("sum.c").verdict == Verdict::AC);
    CHECK(run("spin.c").verdict == Verdict::TLE);
    CHECK(run("aborts.c").verdict == Verdict::RE);
    CHECK(run("flood.c").verdict == Verdict::OLE);
    // Under an address-space limit a failed allocation is whatever the program makes of it.
    s.problem.config.time_limit_s = kMemoryHogTimeLimitS;
    auto hog = run("hog.c").verdict;
    CHECK((hog == Verdict::MLE || hog == Verdict::RE));
}

TEST_CASE("the compiler cannot include a file from the test data: its root holds none of it") {
    auto s = sum_problem(scratch("include-answer"));
    sudoku::judge::CompileSettings settings;
    settings.cpp = "g++ -DANSWER_FILE=\"" + (s.problem.testdata / "01.ans").string() + "\" -o {exe} {src}";
    auto hidden = sudoku::judge::compile_source(
        fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs/includes_answer.cpp", s.dir / "build", "prog", settings);
    CHECK_FALSE(hidden.ok);
    CHECK(hidden.message.find("No such file") != std::string::npos);
}
