// Every number of a problem config is checked where it is written: finite, within the
// bounds beside ProblemConfig, decimal, and each key written once. yaml-cpp alone took ".inf",
// "1e-9", a key written twice (the first won) and, for an unsigned seed, "-1".
#include <catch2/catch.hpp>

#include "scratch_dir.hpp"
#include "sudoku/problem/problem_config.hpp"

using namespace sudoku;
using sudoku::testing::scratch_dir;
using sudoku::testing::write_text;

namespace {

// A good config whose line 3 is `line3`.
std::string config_with(const std::string& line3) {
    return "name: t\nproblem: target\n" + line3 + "\ngroups:\n  - count: 1\n    clues: 30..34\n";
}

}  // namespace

TEST_CASE("config numbers: each bad number is refused at its line, naming the key and what it found") {
    struct Row {
        std::string line, says;
    };
    const std::vector<Row> rows = {
        {"time_limit: .inf", "finite number"},
        {"time_limit: 1e308", "must be in 0.01..300"},
        {"time_limit: 1e-9", "must be in 0.01..300"},
        {"time_limit: 0", "must be in"},
        {"time_limit: -1", "must be in"},
        {"time_limit: .nan", "finite number"},
        {"time_limit: 2abc", "finite number"},
        {"memory_limit: 0", "must be in 1..1048576"},
        {"memory_limit: -5", "must be in"},
        {"memory_limit: 99999999999999999999", "must be in"},
        {"memory_limit: 1.5", "whole number"},
        {"output_limit: 0", "must be in 1..1048576"},
        {"output_limit: 0x10", "whole number"},
        {"seed: -1", "must be in 0..18446744073709551615, found -1"},
        {"seed: 18446744073709551616", "must be in"},
        {"seed: 12abc", "whole number"},
    };
    int i = 0;
    for (const Row& row : rows) {
        INFO(row.line);
        const auto path = write_text(scratch_dir("numbers-" + std::to_string(i++)) / "t.yaml", config_with(row.line));
        auto loaded = load_problem_config(path);
        REQUIRE(std::holds_alternative<Diagnostic>(loaded));
        const Diagnostic& d = std::get<Diagnostic>(loaded);
        CHECK(d.file == path.string());
        CHECK(d.line == 3);
        CHECK_THAT(d.message, Catch::Contains(row.line.substr(0, row.line.find(':'))));
        CHECK_THAT(d.message, Catch::Contains(row.says));
    }
}

TEST_CASE("config numbers: the bounds themselves are accepted") {
    for (const std::string line : {"time_limit: 0.01", "time_limit: 300", "time_limit: 2", "memory_limit: 1048576",
                                   "output_limit: 1", "seed: 18446744073709551615", "seed: 0"}) {
        INFO(line);
        CHECK(std::holds_alternative<ProblemConfig>(
            load_problem_config(write_text(scratch_dir("numbers-good") / "t.yaml", config_with(line)))));
    }
}

TEST_CASE("config numbers: a key written twice is refused at the second, naming the first's line") {
    for (const std::string& yaml : {config_with("time_limit: 1\ntime_limit: 2"),
                                    std::string("name: t\nproblem: target\ngroups:\n  - count: 1\n    clues: 30..34\n"
                                                "    count: 2\n")}) {
        INFO(yaml);
        auto loaded = load_problem_config(write_text(scratch_dir("numbers-twice") / "t.yaml", yaml));
        REQUIRE(std::holds_alternative<Diagnostic>(loaded));
        const Diagnostic& d = std::get<Diagnostic>(loaded);
        CHECK(d.line == (yaml.find("time_limit") != std::string::npos ? 4 : 6));
        CHECK_THAT(d.message, Catch::Contains("written twice") && Catch::Contains("first at line"));
    }
}
