// A DOMjudge package written here from DOMjudge's documentation (domjudge-problem.ini, tagged
// submissions, its extensions and odd file names), zipped, imported and verified end to end.
#include <archive.h>
#include <archive_entry.h>

#include <catch2/catch.hpp>
#include <cstdio>

#include "package_fixture.hpp"
#include "sudoku/formats/domjudge.hpp"
#include "sudoku/judge/import/package_import.hpp"

namespace fs = std::filesystem;
using package_test::scratch;
using package_test::verified;
using package_test::write_text;
using package_test::zip_folder;

namespace {

std::string sum_program(const std::string& tag, const std::string& body) {
    return "// @EXPECTED_RESULTS@: " + tag +
           "\n#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n"
           "int main() { long a, b; if (std::scanf(\"%ld %ld\", &a, &b) != 2) return 1; " +
           body + " }\n";
}

// "sum": two numbers in, their sum out; 0.5 s, 64 MiB, worth 3 points.
fs::path sum_package(const fs::path& dir) {
    write_text(dir / "domjudge-problem.ini", "probid = sum\nname = 'Sum of two'\ntimelimit = '0.5'\npoints = 3\n");
    write_text(dir / "problem.yaml", "limits:\n  memory: 64\n");
    write_text(dir / "data/sample/1.in", "1 2\n");
    write_text(dir / "data/sample/1.ans", "3\n");
    write_text(dir / "data/secret/1.in", "40 2\n");
    write_text(dir / "data/secret/1.ans", "42\n");
    write_text(dir / "submissions/accepted/sum.c++", sum_program("CORRECT", "std::printf(\"%ld\\n\", a + b);"));
    write_text(dir / "submissions/mixed/odd #1 name.cc",
               sum_program("WRONG-ANSWER, CORRECT", "std::printf(\"%ld\\n\", a - b);"));
    write_text(dir / "submissions/time_limit_exceeded/spin.c",
               "/* @EXPECTED_RESULTS@: TIMELIMIT */\nint main(void) { for (volatile unsigned long i = 0;; ++i) {} }\n");
    // 200 MiB touched under 64 MiB: DOMjudge has no memory verdict, this is a run error there.
    write_text(dir / "submissions/run_time_error/hog.cc",
               sum_program("RUN-ERROR",
                           "char* p = (char*)std::malloc(200 << 20); if (!p) return 3; "
                           "std::memset(p, 1, 200 << 20); std::printf(\"%d\\n\", p[a]);"));
    write_text(dir / "submissions/check_manually/maybe.c", sum_program("CHECK-MANUALLY", "return 0;"));
    return dir;
}

}  // namespace

TEST_CASE("domjudge: the ini's name, time limit and points, tags and odd names map to the model") {
    const fs::path dir = sum_package(scratch("domjudge-read") / "sum");
    auto read = sudoku::formats::read_domjudge(dir);
    REQUIRE(std::holds_alternative<sudoku::problem::Problem>(read));
    const auto& p = std::get<sudoku::problem::Problem>(read);
    CHECK(p.title == "Sum of two");
    CHECK(p.limits.time_s == 0.5);
    CHECK_FALSE(p.time_rule.derived);
    CHECK(p.limits.memory_mib == 64);
    CHECK(p.groups.front().max_score == 3);
    REQUIRE(p.expectations.size() == 4);  // check_manually is never verified
    for (const auto& e : p.expectations) {
        if (e.folder == "mixed") {
            CHECK(e.contestant == "mixed-odd__1_name.cc");
            CHECK(e.submission.language == "cpp");
            CHECK(e.overall.size() == 2);
        }
        if (e.folder == "accepted") CHECK(e.submission.language == "cpp");  // .c++
    }
}

TEST_CASE("domjudge: a zipped package imports, grades for its points and verifies, over memory as a run error") {
    const fs::path root = scratch("domjudge-zip");
    sum_package(root / "src");
    zip_folder(root / "src", root / "sum.zip");
    auto written = sudoku::judge::import_package(root / "sum.zip", root / "contest", std::nullopt);
    if (auto* refusals = std::get_if<std::vector<sudoku::Diagnostic>>(&written))
        for (const auto& d : *refusals) FAIL(d.to_string());
    const auto& done = std::get<sudoku::judge::PackageImport>(written);
    CHECK(done.format == sudoku::problem::PackageFormat::domjudge);
    const auto v = verified(root / "contest", root / "verify");
    for (const auto& s : v.submissions) INFO(s.contestant << ": " << s.got << ": " << s.why);
    CHECK(v.differences() == 0);
    REQUIRE(v.submissions.size() == 4);
    for (const auto& s : v.submissions)
        if (s.contestant == "accepted-sum.c__") CHECK(s.got.find("3 of 3") != std::string::npos);
}

namespace {

// A scoring package as DOMjudge's scoring examples lay one out: data/ and data/secret/ sum their
// groups; secret/a (two tests) is worth 25, secret/b (one test) 75; the sample has no
// testdata.yaml, so it is no group to DOMjudge. Submissions add their two numbers, tagged with the
// score DOMjudge gives them.
fs::path scoring_package(const fs::path& dir) {
    write_text(dir / ".timelimit", "1\n");
    write_text(dir / "problem.yaml", "name: Sum\ntype: scoring\n");
    write_text(dir / "data/testdata.yaml", "on_reject: continue\ngrader_flags: sum\n");
    write_text(dir / "data/secret/testdata.yaml", "on_reject: continue\ngrader_flags: sum\n");
    write_text(dir / "data/secret/a/testdata.yaml", "accept_score: 25\n");
    write_text(dir / "data/secret/b/testdata.yaml", "accept_score: 75\n");
    const std::pair<const char*, const char*> tests[] = {
        {"sample/1", "1 2"}, {"secret/a/1", "2 3"}, {"secret/a/2", "3 4"}, {"secret/b/1", "1000 1"}};
    for (auto [name, in] : tests) {
        long a = 0, b = 0;
        std::sscanf(in, "%ld %ld", &a, &b);
        write_text(dir / "data" / (std::string(name) + ".in"), std::string(in) + "\n");
        write_text(dir / "data" / (std::string(name) + ".ans"), std::to_string(a + b) + "\n");
    }
    const auto tagged = [](const std::string& result, const std::string& score, const std::string& body) {
        return "// @EXPECTED_SCORE@: " + score + "\n" + sum_program(result, body);
    };
    write_text(dir / "submissions/accepted/sum.cc", tagged("CORRECT", "100", "std::printf(\"%ld\\n\", a + b);"));
    // Wrong on 3 4 only: a loses its 25 whole, b keeps 75.
    write_text(dir / "submissions/partial/no_seven.cc",
               tagged("WRONG-ANSWER", "75", "std::printf(\"%ld\\n\", a + b == 7 ? 0 : a + b);"));
    // Small sums only: b (1001) lost; and a tag that claims more than DOMjudge gives.
    write_text(dir / "submissions/partial/small.cc",
               tagged("WRONG-ANSWER", "50", "std::printf(\"%ld\\n\", a + b > 100 ? 0 : a + b);"));
    return dir;
}

}  // namespace

TEST_CASE("domjudge: a scoring package scores as DOMjudge: a group of tests earns its accept_score when all pass") {
    const fs::path root = scratch("domjudge-scoring");
    const fs::path pkg = scoring_package(root / "sum");
    auto read = sudoku::formats::read_domjudge(pkg);
    REQUIRE(std::holds_alternative<sudoku::problem::Problem>(read));
    for (const auto& e : std::get<sudoku::problem::Problem>(read).expectations)
        if (e.folder == "accepted") CHECK(e.score->min == 100);
    auto written = sudoku::judge::import_package(pkg, root / "contest", std::nullopt);
    if (auto* refusals = std::get_if<std::vector<sudoku::Diagnostic>>(&written))
        for (const auto& d : *refusals) FAIL(d.to_string());
    const auto points = package_test::points_by_contestant(root / "contest/CONTEST.yaml", root / "graded");
    // The Kattis reading would give the sample 1 and each test of a 25: 126 for every test right.
    CHECK(points.at("accepted-sum.cc") == Approx(100));
    CHECK(points.at("partial-no_seven.cc") == Approx(75));
    CHECK(points.at("partial-small.cc") == Approx(25));
    const auto v = verified(root / "contest", root / "verify");
    REQUIRE(v.submissions.size() == 3);
    CHECK(v.differences() == 1);
    for (const auto& s : v.submissions) {
        INFO(s.contestant << ": " << s.got << ": " << s.why);
        CHECK((s.agreement == sudoku::judge::Agreement::differs) == (s.contestant == "partial-small.cc"));
    }
}

TEST_CASE("domjudge: a zip entry leaving the package is refused, and nothing is written") {
    const fs::path root = scratch("domjudge-zip-escape");
    archive* a = archive_write_new();
    archive_write_set_format_zip(a);
    REQUIRE(archive_write_open_filename(a, (root / "evil.zip").c_str()) == ARCHIVE_OK);
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, "../outside.txt");
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_entry_set_size(e, 2);
    archive_write_header(a, e);
    archive_write_data(a, "x\n", 2);
    archive_entry_free(e);
    archive_write_close(a);
    archive_write_free(a);
    auto written = sudoku::judge::import_package(root / "evil.zip", root / "contest", std::nullopt);
    REQUIRE(std::holds_alternative<std::vector<sudoku::Diagnostic>>(written));
    CHECK(std::get<std::vector<sudoku::Diagnostic>>(written)[0].message.find("'..'") != std::string::npos);
    CHECK_FALSE(fs::exists(root / "outside.txt"));
    CHECK_FALSE(fs::exists(root / "contest"));
}
