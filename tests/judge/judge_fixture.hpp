// Shared by the judge tests: scratch directories, the purpose-built contestant programs of
// programs/ (compiled once through the judge's own compile step and cached), and a tiny problem
// ("print the sum of two integers") whose test data is written by the test.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/grading/compile.hpp"
#include "sudoku/judge/grading/grader.hpp"
#include "support/files.hpp"

namespace judge_test {

namespace fs = std::filesystem;

inline fs::path scratch(const std::string& name) {
    fs::path dir = fs::path(SUDOKU_BINARY_DIR) / "judge-tests" / (name + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// The judge tests name them unqualified, through this namespace.
using sudoku::testing::read_text;
using sudoku::testing::write_text;

// The binary of programs/<file>, compiled by sudoku::judge::compile_source (atomically cached).
inline fs::path program(const std::string& file) {
    fs::path source = fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs" / file;
    fs::path cache = fs::path(SUDOKU_BINARY_DIR) / "judge-programs";
    fs::path binary = cache / (file + ".bin");
    if (fs::exists(binary) && fs::last_write_time(binary) >= fs::last_write_time(source)) return binary;
    fs::path build = cache / ("build-" + file + "-" + std::to_string(getpid()));
    auto result = sudoku::judge::compile_source(source, build, "prog", sudoku::judge::CompileSettings{});
    INFO(result.message);
    REQUIRE(result.ok);
    fs::rename(result.binary, binary);
    fs::remove_all(build);
    return binary;
}

struct SumProblem {
    sudoku::judge::ContestProblem problem;
    fs::path dir;
};

// The time limit of runs that must meet their memory limit first: where page faults are slow (a
// virtual machine here faulted in 200 MiB in 0.57 s of CPU) a hog spends sum_problem's 0.3 s
// before its peak passes 64 MiB, and is TLE by precedence.
constexpr double kMemoryHogTimeLimitS = 2;

// "sum": sudoku.in holds two integers, sudoku.out their sum. One test, 2800 + 29.
inline SumProblem sum_problem(const fs::path& dir, const std::string& checker = "tokens", bool stdio = false) {
    SumProblem s;
    s.dir = dir;
    auto& c = s.problem.config;
    c.name = "sum";
    c.problem = "line81";
    c.input_file = stdio ? "stdin" : "sudoku.in";
    c.output_file = stdio ? "stdout" : "sudoku.out";
    c.time_limit_s = 0.3;
    c.memory_limit_mib = 64;
    c.output_limit_kib = 64;
    c.checker = checker;
    s.problem.testdata = dir / "testdata" / "sum";
    write_text(s.problem.testdata / "01.in", "2800 29\n");
    write_text(s.problem.testdata / "01.ans", "2829\n");
    s.problem.tests = {{"01", "all", s.problem.testdata / "01.in", s.problem.testdata / "01.ans", 10}};
    return s;
}

inline sudoku::judge::RunSlot slot_in(const fs::path& dir) {
    return sudoku::judge::RunSlot{dir / "slot", -1, {}, -1, true, true};
}

// Through a long-lived runner, as grading does.
inline sudoku::judge::TestResult judge(const SumProblem& s, const std::string& program_file) {
    static sudoku::judge::SandboxSession session;
    auto slot = slot_in(s.dir);
    slot.session = &session;
    return sudoku::judge::judge_test(s.problem, s.problem.tests[0], program(program_file), slot);
}

// Through one runner per run.
inline sudoku::judge::TestResult judge_one_shot(const SumProblem& s, const std::string& program_file) {
    return sudoku::judge::judge_test(s.problem, s.problem.tests[0], program(program_file), slot_in(s.dir));
}

}  // namespace judge_test

namespace judge_test {

// A whole contest on disk: problem "sum" (per-group: small 40 points, big 60), five contestants.
//   alice  right                          -> 100
//   bob    off by one (in sum/ subfolder) -> 0
//   carol  right on small inputs only     -> 40
//   dave   does not compile               -> CE
//   erin   submitted nothing              -> missing
inline fs::path write_sum_contest(const fs::path& dir) {
    fs::path programs = fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs";
    write_text(dir / "testdata/sum/config.yaml",
               "name: sum\nproblem: line81\ninput: sudoku.in\noutput: sudoku.out\ntime_limit: 0.3\nmemory_limit: 64\n"
               "checker: tokens\nscoring: per-group\ngroups:\n"
               "  - name: small\n    count: 2\n    clues: 20..30\n    points: 40\n"
               "  - name: big\n    count: 2\n    clues: 20..30\n    points: 60\n");
    const char* tests[][4] = {{"01", "1 2", "3", "small"},
                              {"02", "10 20", "30", "small"},
                              {"03", "1000 1", "1001", "big"},
                              {"04", "5000 5", "5005", "big"}};
    std::string manifest = "{\"problem\": \"sum\", \"tests\": [";
    for (auto& t : tests) {
        write_text(dir / "testdata/sum" / (std::string(t[0]) + ".in"), std::string(t[1]) + "\n");
        write_text(dir / "testdata/sum" / (std::string(t[0]) + ".ans"), std::string(t[2]) + "\n");
        manifest += std::string(manifest.back() == '[' ? "" : ",") + "{\"test\": \"" + t[0] + "\", \"input\": \"" +
                    t[0] + ".in\", \"answer_file\": \"" + t[0] + ".ans\", \"group\": \"" + t[3] +
                    "\", \"points\": " + (std::string(t[3]) == "small" ? "40" : "60") + "}";
    }
    write_text(dir / "testdata/sum/manifest.json", manifest + "]}\n");
    write_text(dir / "contest.yaml", "name: Sum contest\nproblems: [sum]\njobs: 1\n");
    fs::create_directories(dir / "contestants/erin");
    fs::create_directories(dir / "contestants/bob/sum");
    fs::create_directories(dir / "contestants/alice");
    fs::create_directories(dir / "contestants/carol");
    fs::create_directories(dir / "contestants/dave");
    fs::copy_file(programs / "sum.c", dir / "contestants/alice/sum.c");
    fs::copy_file(programs / "off_by_one.c", dir / "contestants/bob/sum/sum.c");
    fs::copy_file(programs / "small_only.c", dir / "contestants/carol/sum.c");
    fs::copy_file(programs / "syntax_error.cpp", dir / "contestants/dave/sum.cpp");
    return dir / "contest.yaml";
}

inline fs::path judge_cli() { return fs::path(SUDOKU_BINARY_DIR) / "judge" / "sudoku-judge"; }

struct CliRun {
    int status = -1;
    std::string out, err;
};

// `cd DIR && sudoku-judge ARGS`, stdout and stderr to files beside DIR; `wrapper`, when given, is a
// program the judge is started through (`wrapper sudoku-judge ARGS`).
inline CliRun judge_in(const fs::path& dir, const std::string& args, const std::string& wrapper = "") {
    const fs::path out = dir.string() + ".out", err = dir.string() + ".err";
    std::string command = "cd '";
    command += dir.string() + "' && " + (wrapper.empty() ? "" : "'" + wrapper + "' ") + "'" + judge_cli().string() +
               "' " + args + " >'" + out.string() + "' 2>'" + err.string() + "'";
    const int raw = std::system(command.c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read_text(out), read_text(err)};
}

// results.json without what legitimately differs between two runs: measured times and memory.
inline nlohmann::json without_measurements(nlohmann::json j) {
    for (auto& c : j["contestants"])
        for (auto& p : c["problems"])
            for (auto& t : p["tests"]) {
                t.erase("cpu_s");
                t.erase("wall_s");
                t.erase("peak_kib");
            }
    return j;
}

}  // namespace judge_test
