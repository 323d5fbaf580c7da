// A Kattis package's submissions.yaml keys that shape verify, the derived time limit and how a
// submission is compiled, written from the 2025-09 specification's "Example submissions",
// "Timelimit inference" and "Languages and compilation".
#include <catch2/catch.hpp>
#include <map>

#include "kattis_packages.hpp"
#include "package_fixture.hpp"
#include "sudoku/formats/kattis.hpp"
#include "sudoku/judge/import/package_import.hpp"
#include "sudoku/judge/import/verify.hpp"
#include "support/skip.hpp"

namespace fs = std::filesystem;
using package_test::echo_unless;
using package_test::imported;
using package_test::loaded;
using package_test::paths_package;
using package_test::refusals_text;
using package_test::scratch;
using package_test::slow_package;
using package_test::spin_while;
using package_test::verified;
using package_test::write_text;

namespace {

double imported_time_limit(const fs::path& package, const fs::path& out) {
    return loaded(imported(package, out)).problems.at(0).config.time_limit_s;
}

// slow_package's time_limit_exceeded submission, left out of the derived time limit.
const std::string kSpinLeftOut = "time_limit_exceeded/spin.cpp:\n  use_for_time_limit: false\n";

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
    const auto v = verified(contest.parent_path(), root / "verify");
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
    write_text(pkg / "submissions/submissions.yaml", kSpinLeftOut);
    CHECK(imported_time_limit(pkg, root / "contest") == Approx(1));
}

TEST_CASE("import: in 2025-09 a wrong_answer submission bounds the derived time limit from below") {
    // wrong spins 0.4 s of CPU and answers wrong: not permitted to time out, it bounds the limit
    // from below (0.4 s x 2 at least, so 0.8 s or more); with use_for_time_limit: false only
    // echo's milliseconds count: 0.1 s. spin is left out of both, its 0.4 s below 0.8 x 1.5.
    const fs::path root = scratch("import-lower-bound");
    const fs::path pkg = slow_package(root / "pkg", "0.1");
    write_text(pkg / "submissions/wrong_answer/wrong.cpp", spin_while("true", "n + 1"));
    write_text(pkg / "submissions/submissions.yaml", kSpinLeftOut);
    CHECK(imported_time_limit(pkg, root / "counted") >= 0.8);
    write_text(pkg / "submissions/submissions.yaml", kSpinLeftOut + "wrong_answer:\n  use_for_time_limit: false\n");
    CHECK(imported_time_limit(pkg, root / "left-out") == Approx(0.1));
}

TEST_CASE("import: a group key that does not permit a time-out bounds the derived time limit over its tests") {
    // slow_sample spins 0.4 s of CPU on the sample and answers the secret test wrong at once: in
    // rejected/ it bounds nothing, but its sample key's permitted: [AC] bounds the limit from
    // below over the sample (0.4 s x 2 at least). The secret test it answers wrong is not
    // covered. spin is left out, as in the test above.
    const fs::path root = scratch("import-group-lower-bound");
    const fs::path pkg = slow_package(root / "pkg", "0.1");
    write_text(pkg / "submissions/rejected/slow_sample.cpp", spin_while("n == 1", "n == 1 ? n : n + 1"));
    write_text(pkg / "submissions/submissions.yaml", kSpinLeftOut);
    CHECK(imported_time_limit(pkg, root / "whole") == Approx(0.1));
    write_text(pkg / "submissions/submissions.yaml",
               kSpinLeftOut + "rejected/slow_sample.cpp:\n  sample:\n    permitted: [AC]\n");
    CHECK(imported_time_limit(pkg, root / "sample") >= 0.8);
}

TEST_CASE("import: use_for_time_limit that contradicts what a submission must get is refused") {
    // upper is the spec's required: [TLE], which accepted's permitted: [AC] cannot meet.
    const fs::path root = scratch("import-use-for-time-limit-refused");
    const fs::path pkg = slow_package(root / "pkg", "0.1");
    write_text(pkg / "submissions/submissions.yaml",
               "accepted/echo.cpp:\n  use_for_time_limit: upper\nspin.cpp:\n  use_for_time_limit: sometimes\n");
    const std::string all = refusals_text(sudoku::judge::import_package(pkg, root / "contest", std::nullopt));
    INFO(all);
    CHECK(all.find("use_for_time_limit: upper, but accepted-echo.cpp is not permitted to time out") !=
          std::string::npos);
    CHECK(all.find("'use_for_time_limit' is true, false, lower or upper, found 'sometimes'") != std::string::npos);
    CHECK_FALSE(fs::exists(root / "contest"));
}

TEST_CASE("verify: submissions.yaml's keys naming a test group or test hold for that group's tests and score") {
    // paths: group1 pass-fail 40, group2 the sum of three tests worth 20 each (60), requiring group1.
    // half earns half of each group2 test: 40 and 30. fails_group1 answers group1's test wrong, so
    // group2 is not scored: 0 and 0. Every condition holds but half's score for group2.
    const fs::path root = scratch("verify-groups");
    const fs::path pkg = paths_package(root / "pkg");
    write_text(pkg / "submissions/submissions.yaml",
               "accepted/half.cpp:\n"
               "  secret/group1: {permitted: [AC], score: 40}\n"
               "  secret/group2: {score: 60}\n"
               "wrong_answer/fails_group1.cpp:\n"
               "  sample: {permitted: [AC]}\n"
               "  secret/group1/01: {required: [WA], score: 0, message: expected 2}\n"
               "  secret/group2: {score: 0}\n");
    const fs::path contest = imported(pkg, root / "contest");
    const auto v = verified(contest.parent_path(), root / "verify");
    REQUIRE(v.submissions.size() == 3);
    CHECK(v.differences() == 1);
    for (const auto& s : v.submissions) {
        INFO(s.contestant << ": " << s.got << ": " << s.why);
        if (s.contestant == "accepted-half.cpp")
            CHECK(s.why == "secret/group2: scored 30, expected 60");
        else
            CHECK(s.agreement == sudoku::judge::Agreement::agrees);
    }
}

TEST_CASE("import: a key naming no test group or test, or a time bound its own permitted set contradicts, is refused") {
    const fs::path root = scratch("import-group-keys-refused");
    const fs::path pkg = paths_package(root / "pkg");
    write_text(pkg / "submissions/submissions.yaml",
               "accepted/echo.cpp:\n  secret/group3: {permitted: [AC]}\n"
               "accepted/half.cpp:\n  secret/group2: {permitted: [AC], use_for_time_limit: upper}\n"
               "wrong_answer:\n  secret/group1: {permitted: [TLE]}\n");
    const std::string all = refusals_text(sudoku::formats::read_kattis(pkg));
    INFO(all);
    CHECK(all.find("'secret/group3' is neither a key of submissions.yaml") != std::string::npos);
    CHECK(all.find("'secret/group2': use_for_time_limit: upper, but its permitted set has no TLE") !=
          std::string::npos);
    CHECK(all.find("'secret/group1' permits nothing wrong_answer-fails_group1.cpp is permitted on all its tests") !=
          std::string::npos);
}

TEST_CASE(
    "verify: submissions.yaml's language compiles a submission as that language, one the judge lacks is not run") {
    // The echo in C is C++ (it names std::scanf): as C it does not compile. The old one in Python
    // is Python 2 by its language, which the judge does not have, whatever its extension says.
    const fs::path root = scratch("verify-language");
    const fs::path pkg = paths_package(root / "pkg");
    write_text(pkg / "submissions/accepted/echo.c", echo_unless("false", ""));
    write_text(pkg / "submissions/accepted/old.py", "print input()\n");
    write_text(pkg / "submissions/submissions.yaml",
               "accepted/echo.c:\n  language: cpp\naccepted/old.py:\n  language: python2\n");
    const fs::path contest = imported(pkg, root / "contest");
    const auto v = verified(contest.parent_path(), root / "verify");
    REQUIRE(v.submissions.size() == 5);
    CHECK(v.differences() == 0);
    for (const auto& s : v.submissions) {
        INFO(s.contestant << ": " << s.got << ": " << s.why);
        if (s.contestant == "accepted-old.py") {
            CHECK(s.agreement == sudoku::judge::Agreement::not_run);
            CHECK(s.why == "the judge has no language 'python2', the package's language for it");
        } else {
            CHECK(s.agreement == sudoku::judge::Agreement::agrees);
        }
    }
}

TEST_CASE("verify: a Python folder submission starts from its entrypoint, else from __main__.py") {
    // Without an entry point the folder's first source would run: a_first, which answers 0, and the
    // module's __init__, which answers nothing.
    const fs::path root = scratch("verify-entrypoint");
    const fs::path pkg = paths_package(root / "pkg");
    write_text(pkg / "submissions/accepted/named/a_first.py", "print(0)\n");
    write_text(pkg / "submissions/accepted/named/helper.py", "def echo():\n    print(int(input()))\n");
    write_text(pkg / "submissions/accepted/named/solve.py", "import helper\nhelper.echo()\n");
    write_text(pkg / "submissions/accepted/module/__init__.py", "");
    write_text(pkg / "submissions/accepted/module/__main__.py", "print(int(input()))\n");
    write_text(pkg / "submissions/submissions.yaml", "accepted/named:\n  entrypoint: solve.py\n");
    const fs::path contest = imported(pkg, root / "contest");
    const auto v = verified(contest.parent_path(), root / "verify");
    REQUIRE(v.submissions.size() == 5);
    for (const auto& s : v.submissions) {
        INFO(s.contestant << ": " << s.got << ": " << s.why);
        CHECK(s.agreement == sudoku::judge::Agreement::agrees);
    }
}

TEST_CASE("kattis: a Java folder submission starts from its entrypoint's class, found by file name or declaration") {
    const fs::path root = scratch("kattis-java-entrypoint");
    const fs::path pkg = paths_package(root / "pkg");
    const std::string main = " { public static void main(String[] a) {} }\n";
    write_text(pkg / "submissions/accepted/by_name/A.java", "class A {}\n");
    write_text(pkg / "submissions/accepted/by_name/Solver.java", "public class Solver" + main);
    write_text(pkg / "submissions/accepted/declared/A.java", "class A {}\n");
    write_text(pkg / "submissions/accepted/declared/Util.java", "class Util {}\nclass Entry" + main);
    write_text(pkg / "submissions/accepted/default/A.java", "class A {}\n");
    write_text(pkg / "submissions/accepted/default/Main.java", "public class Main" + main);
    write_text(pkg / "submissions/submissions.yaml",
               "accepted/by_name: {entrypoint: Solver}\naccepted/declared: {entrypoint: Entry}\n");
    auto read = sudoku::formats::read_kattis(pkg);
    REQUIRE(std::holds_alternative<sudoku::problem::Problem>(read));
    std::map<std::string, std::string> entries;
    for (const auto& e : std::get<sudoku::problem::Problem>(read).expectations)
        entries[e.contestant] = e.submission.entry.filename().string();
    CHECK(entries["accepted-by_name"] == "Solver.java");
    CHECK(entries["accepted-declared"] == "Util.java");
    CHECK(entries["accepted-default"] == "Main.java");

    write_text(pkg / "submissions/submissions.yaml",
               "accepted/by_name: {entrypoint: Nowhere}\naccepted/echo.cpp: {entrypoint: x.py}\n");
    auto refused = sudoku::formats::read_kattis(pkg);
    REQUIRE(std::holds_alternative<std::vector<sudoku::Diagnostic>>(refused));
    const auto& list = std::get<std::vector<sudoku::Diagnostic>>(refused);
    REQUIRE(list.size() == 1);
    CHECK(list[0].message ==
          "entrypoint 'Nowhere' for submissions/accepted/by_name: no Java file of it is named after that class or "
          "declares it");
}

TEST_CASE("verify: a Java folder submission runs from its entrypoint's class, else from Main") {
    if (!sudoku::testing::on_path("javac"))
        sudoku::testing::skip_test("javac is not installed (Debian default-jdk-headless: scripts/install-deps --test)");
    // Started from its first source neither would answer right: named's first, Helper, has no
    // main, and default's, A, has one that answers 0.
    const fs::path root = scratch("verify-java-entrypoint");
    const fs::path pkg = paths_package(root / "pkg");
    // The JVM's start takes CPU time of its own, more on a busy machine: a limit that leaves it room.
    write_text(pkg / "problem.yaml",
               "problem_format_version: 2025-09\nname: Paths\nuuid: x\ntype: scoring\n"
               "limits:\n  time_limit: 10\n  memory: 1024\n");
    write_text(pkg / "submissions/accepted/named/Helper.java",
               "class Helper { static long same(long n) { return n; } }\n");
    write_text(pkg / "submissions/accepted/named/Util.java",
               "import java.util.Scanner;\nclass Util {}\nclass Entry { public static void main(String[] a) { "
               "System.out.println(Helper.same(new Scanner(System.in).nextLong())); } }\n");
    write_text(pkg / "submissions/accepted/default/A.java",
               "class A { public static void main(String[] a) { System.out.println(0); } }\n");
    write_text(pkg / "submissions/accepted/default/Main.java",
               "import java.util.Scanner;\npublic class Main { public static void main(String[] a) { "
               "System.out.println(new Scanner(System.in).nextLong()); } }\n");
    write_text(pkg / "submissions/submissions.yaml", "accepted/named:\n  entrypoint: Entry\n");
    const fs::path contest = imported(pkg, root / "contest");
    const auto v = verified(contest.parent_path(), root / "verify");
    REQUIRE(v.submissions.size() == 5);
    for (const auto& s : v.submissions) {
        INFO(s.contestant << ": " << s.got << ": " << s.why);
        CHECK(s.agreement == sudoku::judge::Agreement::agrees);
    }
}
