// Every number of CONTEST.yaml is checked where it is written, within the bounds beside
// Contest (sudoku/judge/contest/contest.hpp); before, `jobs: 0`, `stack: -8`, a compile time_limit of 0 or -1
// (every source CE) and a message_limit of -1 or 1e12 (the judge aborted) were taken as written.
#include "judge_fixture.hpp"

using namespace judge_test;

namespace {

// The sum contest with `extra` appended to contest.yaml; the Diagnostic load_contest gives.
sudoku::Diagnostic refused(const fs::path& dir, const std::string& extra) {
    write_sum_contest(dir);
    write_text(dir / "contest.yaml", "name: Sum contest\nproblems: [sum]\n" + extra);
    auto loaded = sudoku::judge::load_contest(dir / "contest.yaml");
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(loaded));
    return std::get<sudoku::Diagnostic>(loaded);
}

}  // namespace

TEST_CASE("contest numbers: each bad number is refused with file:line, naming the key") {
    struct Row {
        std::string yaml;
        int line;
        std::string says;
    };
    const std::vector<Row> rows = {
        {"jobs: 0\n", 3, "'jobs' must be in 1..1024"},
        {"jobs: -2\n", 3, "'jobs' must be in 1..1024"},
        {"jobs: 100000\n", 3, "'jobs' must be in 1..1024"},
        {"jobs: 2abc\n", 3, "whole number"},
        {"stack: 0\n", 3, "'stack' must be in 1..1048576"},
        {"stack: -8\n", 3, "'stack' must be in"},
        {"stack: lots\n", 3, "whole number"},
        {"compile:\n  time_limit: 0\n", 4, "'time_limit' must be in 0.1..600"},
        {"compile:\n  time_limit: -1\n", 4, "'time_limit' must be in"},
        {"compile:\n  time_limit: .inf\n", 4, "finite number"},
        {"compile:\n  message_limit: -1\n", 4, "'message_limit' must be in 1..16384"},
        {"compile:\n  message_limit: 1000000000000\n", 4, "'message_limit' must be in"},
        {"compile:\n  source_limit: 0\n", 4, "'source_limit' must be in 1..65536"},
        {"compile:\n  timelimit: 3\n", 4, "unknown key 'timelimit'"},
        {"jobs: 1\njobs: 2\n", 4, "written twice"},
        {"compile:\n  cpp: g++ {src}\n  cpp: clang++ {src}\n", 5, "written twice"},
        {"problems: [sum]\n", 3, "written twice"},
    };
    int i = 0;
    for (const Row& row : rows) {
        INFO(row.yaml);
        const fs::path dir = scratch("contest-numbers-" + std::to_string(i++));
        const sudoku::Diagnostic d = refused(dir, row.yaml);
        CHECK(d.file == (dir / "contest.yaml").string());
        CHECK(d.line == row.line);
        CHECK_THAT(d.message, Catch::Contains(row.says));
    }
}

TEST_CASE("contest numbers: good values, stack: memory and the documented defaults are accepted") {
    const fs::path dir = scratch("contest-numbers-good");
    write_sum_contest(dir);
    write_text(dir / "contest.yaml",
               "name: Sum contest\nproblems: [sum]\njobs: 1024\nstack: memory\ncompile:\n  time_limit: 0.5\n"
               "  message_limit: 1\n  source_limit: 65536\n");
    auto loaded = sudoku::judge::load_contest(dir / "contest.yaml");
    REQUIRE(std::holds_alternative<sudoku::judge::Contest>(loaded));
    const auto& c = std::get<sudoku::judge::Contest>(loaded);
    CHECK(c.jobs == 1024);
    CHECK(c.stack_mib == -1);
    CHECK(c.compile.time_limit_s == 0.5);
    CHECK(c.compile.source_limit_kib == 65536);
    CHECK(sudoku::judge::CompileSettings{}.source_limit_kib == 1024);
}
