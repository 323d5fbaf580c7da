// A Kattis package's submissions.yaml keys that shape verify and the derived time limit, written
// from the 2025-09 specification's "Example submissions" and "Timelimit inference".
#include <catch2/catch.hpp>

#include "kattis_packages.hpp"
#include "package_fixture.hpp"
#include "sudoku/judge/grading/grader.hpp"
#include "sudoku/judge/import/package_import.hpp"
#include "sudoku/judge/import/verify.hpp"

namespace fs = std::filesystem;
using package_test::echo_unless;
using package_test::imported;
using package_test::paths_package;
using package_test::scratch;
using package_test::slow_package;
using package_test::write_text;

namespace {

double imported_time_limit(const fs::path& package, const fs::path& out) {
    auto loaded = sudoku::judge::load_contest(imported(package, out));
    REQUIRE(std::holds_alternative<sudoku::judge::Contest>(loaded));
    return std::get<sudoku::judge::Contest>(loaded).problems.at(0).config.time_limit_s;
}

}  // namespace

TEST_CASE("verify: submissions.yaml's message must be in the judge message of at least one test") {
    // fails_group1 prints 0 on group1's test of 2: the validator's judgemessage.txt says
    // "expected 2, found 0". echo is accepted everywhere: no message holds "found 7".
    const fs::path root = scratch("verify-message");
    const fs::path pkg = paths_package(root / "pkg");
    write_text(pkg / "submissions/submissions.yaml",
               "wrong_answer/fails_group1.cpp:\n  message: expected 2, found 0\n"
               "accepted/echo.cpp:\n  message: found 7\n");
    const fs::path contest = imported(pkg, root / "contest");
    sudoku::judge::GradeOptions options;
    options.out_dir = root / "verify";
    auto verified = sudoku::judge::verify_contest(contest.parent_path(), options);
    REQUIRE(std::holds_alternative<sudoku::judge::Verification>(verified));
    const auto& v = std::get<sudoku::judge::Verification>(verified);
    REQUIRE(v.submissions.size() == 3);
    CHECK(v.differences() == 1);
    for (const auto& s : v.submissions) {
        INFO(s.contestant << ": " << s.why);
        if (s.contestant == "accepted-echo.cpp")
            CHECK(s.why == "no test's judge message holds \"found 7\"");
        else
            CHECK(s.agreement == sudoku::judge::Agreement::agrees);
    }
}

TEST_CASE("import: use_for_time_limit false leaves a submission out of the derived time limit") {
    // With a resolution of 1 s the limit is 1 s, and 1 s x 1.5 passes spin's 0.4 s: refused (see
    // the test of the upper bound). Left out of the limit, spin bounds nothing: the limit is 1 s.
    const fs::path root = scratch("import-use-for-time-limit");
    const fs::path pkg = slow_package(root / "pkg", "1");
    write_text(pkg / "submissions/submissions.yaml", "time_limit_exceeded/spin.cpp:\n  use_for_time_limit: false\n");
    CHECK(imported_time_limit(pkg, root / "contest") == Approx(1));
}

TEST_CASE("import: in 2025-09 a wrong_answer submission bounds the derived time limit from below") {
    // wrong spins 0.4 s of CPU and answers wrong: not permitted to time out, it bounds the limit
    // from below (0.4 s x 2 at least, so 0.8 s or more); with use_for_time_limit: false only
    // echo's milliseconds count: 0.1 s. spin is left out of both, its 0.4 s below 0.8 x 1.5.
    const fs::path root = scratch("import-lower-bound");
    const fs::path pkg = slow_package(root / "pkg", "0.1");
    write_text(pkg / "submissions/wrong_answer/wrong.cpp",
               "#include <cstdio>\n#include <ctime>\nint main() { long n; if (std::scanf(\"%ld\", &n) != 1) "
               "return 1; volatile long x = 0; while (std::clock() < CLOCKS_PER_SEC * 4 / 10) x = x + 1; "
               "std::printf(\"%ld\\n\", n + 1); }\n");
    const std::string spin_out = "time_limit_exceeded/spin.cpp:\n  use_for_time_limit: false\n";
    write_text(pkg / "submissions/submissions.yaml", spin_out);
    CHECK(imported_time_limit(pkg, root / "counted") >= 0.8);
    write_text(pkg / "submissions/submissions.yaml", spin_out + "wrong_answer:\n  use_for_time_limit: false\n");
    CHECK(imported_time_limit(pkg, root / "left-out") == Approx(0.1));
}

TEST_CASE("import: use_for_time_limit that contradicts what a submission must get is refused") {
    // upper is the spec's required: [TLE], which accepted's permitted: [AC] cannot meet.
    const fs::path root = scratch("import-use-for-time-limit-refused");
    const fs::path pkg = slow_package(root / "pkg", "0.1");
    write_text(pkg / "submissions/submissions.yaml",
               "accepted/echo.cpp:\n  use_for_time_limit: upper\nspin.cpp:\n  use_for_time_limit: sometimes\n");
    auto written = sudoku::judge::import_package(pkg, root / "contest", std::nullopt);
    REQUIRE(std::holds_alternative<std::vector<sudoku::Diagnostic>>(written));
    std::string all;
    for (const auto& d : std::get<std::vector<sudoku::Diagnostic>>(written)) all += d.to_string() + "\n";
    INFO(all);
    CHECK(all.find("use_for_time_limit: upper, but accepted-echo.cpp is not permitted to time out") !=
          std::string::npos);
    CHECK(all.find("'use_for_time_limit' is true, false, lower or upper, found 'sometimes'") != std::string::npos);
    CHECK_FALSE(fs::exists(root / "contest"));
}
