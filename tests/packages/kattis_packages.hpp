// Kattis packages the package tests share, written from the specification: a validator, small
// submissions, two packages, and their import (which fails the test when the package is refused).
#pragma once

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "package_fixture.hpp"
#include "sudoku/judge/import/package_import.hpp"

namespace package_test {

// Reads N; the answer is N. A Kattis validator: the output must be N; "half" earns half the test.
inline const char* kValidator = R"(#include <cstdio>
#include <cstring>
#include <string>
int main(int argc, char** argv) {
    if (argc < 4) return 1;
    FILE* in = std::fopen(argv[1], "r");
    long n = 0;
    if (!in || std::fscanf(in, "%ld", &n) != 1) return 1;
    char got[64] = {0};
    if (std::scanf("%63s", got) != 1) got[0] = 0;
    std::string dir = argv[3];
    if (std::strcmp(got, "half") == 0) {
        FILE* s = std::fopen((dir + "score_multiplier.txt").c_str(), "w");
        std::fprintf(s, "0.5\n");
        std::fclose(s);
        return 42;
    }
    if (std::to_string(n) == got) return 42;
    FILE* m = std::fopen((dir + "judgemessage.txt").c_str(), "w");
    std::fprintf(m, "expected %ld, found %s\n", n, got);
    std::fclose(m);
    return 43;
}
)";

inline std::string echo_unless(const std::string& when, const std::string& print) {
    return "#include <cstdio>\nint main() { long n; if (std::scanf(\"%ld\", &n) != 1) return 1; if (" + when +
           ") std::printf(\"" + print + "\\n\"); else std::printf(\"%ld\\n\", n); }\n";
}

// Reads N; spins 0.4 s of CPU while `when` holds (an expression of n), then prints `answer`.
inline std::string spin_while(const std::string& when, const std::string& answer) {
    return "#include <cstdio>\n#include <ctime>\nint main() { long n; if (std::scanf(\"%ld\", &n) != 1) return 1; "
           "volatile long x = 0; while (" +
           when + " && std::clock() < CLOCKS_PER_SEC * 4 / 10) x = x + 1; std::printf(\"%ld\\n\", " + answer + "); }\n";
}

// The tests of a 2025-09 package in `dir`: secret/group1 (pass-fail, 40), secret/group2 (sum of
// three tests, 60; requires group1), and kValidator; its problem.yaml and submissions are the caller's.
inline void write_paths_tests(const fs::path& dir) {
    write_text(dir / "data/sample/1.in", "1\n");
    write_text(dir / "data/sample/1.ans", "1\n");
    write_text(dir / "data/secret/group1/test_group.yaml", "max_score: 40\n");
    write_text(dir / "data/secret/group1/01.in", "2\n");
    write_text(dir / "data/secret/group1/01.ans", "2\n");
    write_text(dir / "data/secret/group2/test_group.yaml",
               "max_score: 60\nscore_aggregation: sum\nrequire_pass: secret/group1\n");
    for (const char* t : {"a", "b", "c"}) {
        write_text(dir / "data/secret/group2" / (std::string(t) + ".in"), "3\n");
        write_text(dir / "data/secret/group2" / (std::string(t) + ".ans"), "3\n");
    }
    write_text(dir / "output_validator/validate.cpp", kValidator);
}

// 2025-09, the tests of write_paths_tests: one submission right everywhere, one earning half of
// each group2 test, one wrong on group1.
inline fs::path paths_package(const fs::path& root) {
    const fs::path dir = root / "paths";
    write_text(dir / "problem.yaml",
               "problem_format_version: 2025-09\nname: Paths\nuuid: x\ntype: scoring\n"
               "limits:\n  time_limit: 2\n  memory: 256\n");
    write_paths_tests(dir);
    write_text(dir / "submissions/accepted/echo.cpp", echo_unless("false", ""));
    write_text(dir / "submissions/accepted/half.cpp", echo_unless("n == 3", "half"));
    write_text(dir / "submissions/wrong_answer/fails_group1.cpp", echo_unless("n == 2", "0"));
    return dir;
}

// 2025-09, no time_limit: derived from the accepted submission (ac_to_time_limit 2, rounded up to
// `resolution`), and bounded from above by a time_limit_exceeded submission that spins 0.4 s of
// CPU and then answers right.
inline fs::path slow_package(const fs::path& root, const std::string& resolution) {
    const fs::path dir = root / "slow";
    write_text(dir / "problem.yaml",
               "problem_format_version: 2025-09\nname: Slow\nuuid: x\nlimits:\n  memory: 256\n  time_resolution: " +
                   resolution + "\n");
    write_text(dir / "data/sample/1.in", "1\n");
    write_text(dir / "data/sample/1.ans", "1\n");
    write_text(dir / "data/secret/1.in", "2\n");
    write_text(dir / "data/secret/1.ans", "2\n");
    write_text(dir / "submissions/accepted/echo.cpp", echo_unless("false", ""));
    write_text(dir / "submissions/time_limit_exceeded/spin.cpp", spin_while("true", "n"));
    return dir;
}

// The contest file of `package` imported into `out`.
inline fs::path imported(const fs::path& package, const fs::path& out) {
    auto written = sudoku::judge::import_package(package, out, std::nullopt);
    if (auto* refusals = std::get_if<std::vector<sudoku::Diagnostic>>(&written)) {
        for (const auto& d : *refusals) UNSCOPED_INFO(d.to_string());
        FAIL("the package was refused");
    }
    return std::get<sudoku::judge::PackageImport>(written).contest_file;
}

}  // namespace package_test
