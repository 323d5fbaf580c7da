// A shipped test set exported by sudoku-gen's writers, imported by sudoku-judge's importer and
// graded in the sandbox: every contestant gets the same verdict and points on every test, and the
// same total, as grading the test set itself. Kattis, DOMjudge (its zip) and LemonLime: the
// formats the importer reads.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "package_fixture.hpp"
#include "sudoku/formats/export.hpp"
#include "sudoku/generator/test_set_problem.hpp"
#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/grading/grader.hpp"
#include "sudoku/judge/import/lemon_import.hpp"
#include "sudoku/judge/import/package_import.hpp"

namespace fs = std::filesystem;
using package_test::loaded;
using package_test::scratch;
using package_test::write_text;
using sudoku::formats::ExportFormat;

namespace {

const fs::path kSource = SUDOKU_SOURCE_DIR;

// The example contest's programs: alice right everywhere, bob right but slow on some tests, carol
// greedy (right on some tests only), and one that prints nothing.
const char* const kContestants[] = {"alice", "bob", "carol"};

// `problem` empty: no program of the example solves it, the silent one alone is graded.
void submit(const fs::path& contestants, const std::string& problem, const std::string& as) {
    if (!problem.empty())
        for (const char* who : kContestants)
            fs::copy_file(kSource / "examples/contest/contestants" / who / (problem + ".cpp"),
                          contestants / who / (as + ".cpp"), fs::copy_options::overwrite_existing);
    write_text(contestants / "silent" / (as + ".cpp"), "int main() { return 0; }\n");
}

void submit_all(const fs::path& contestants, const std::string& problem, const std::string& as) {
    if (!problem.empty())
        for (const char* who : kContestants) fs::create_directories(contestants / who);
    submit(contestants, problem, as);
}

struct Scored {
    std::string verdict;
    double fraction = 0;
};

// What a grading gave: contestant -> test input -> what the test earned, and each one's total. A
// test is known by its input's bytes, the one thing every format keeps as it was.
struct Grading {
    std::map<std::string, std::map<std::string, Scored>> by_test;
    std::map<std::string, double> totals;
};

std::string bytes_of(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

Grading graded(const fs::path& contest_file, const fs::path& out) {
    const auto contest = loaded(contest_file);
    REQUIRE(contest.problems.size() == 1);
    std::map<std::string, std::string> input_of;
    for (const auto& t : contest.problems.front().tests)
        input_of[t.name] = bytes_of(t.input.is_absolute() ? t.input : contest.problems.front().testdata / t.input);
    sudoku::judge::GradeOptions options;
    options.out_dir = out;
    const auto results = sudoku::judge::grade(contest, options);
    Grading grading;
    for (const auto& c : results.contestants) {
        grading.totals[c.name] = c.total;
        for (const auto& p : c.problems)
            for (const auto& t : p.tests)
                // A Kattis package's samples are graded for no points; the test set keeps them out.
                if (t.group.rfind("sample", 0) != 0 && t.test.rfind("sample", 0) != 0) {
                    REQUIRE(input_of.count(t.test) == 1);
                    grading.by_test[c.name][input_of.at(t.test)] = {std::string(sudoku::to_string(t.verdict)),
                                                                    t.fraction};
                }
    }
    return grading;
}

// The test set graded as the judge grades it: its own config beside its test data.
Grading original(const std::string& name, const std::string& program, const fs::path& dir) {
    write_text(dir / "contest.yaml",
               "name: original\ncontestants: contestants\ntestdata: " + (kSource / "testdata").string() +
                   "\nproblems:\n  - config: " + (kSource / "testdata" / name / "config.yaml").string() + "\n");
    submit_all(dir / "contestants", program, name);
    return graded(dir / "contest.yaml", dir / "judge-out");
}

// The export imported into `dir`/contest, the contestants put where the imported contest reads them.
Grading round_trip(const std::string& name, const std::string& program, ExportFormat format, const fs::path& dir) {
    auto read = sudoku::read_test_set_problem(kSource / "testdata" / name);
    if (auto* d = std::get_if<sudoku::Diagnostic>(&read)) FAIL(d->to_string());
    auto written =
        sudoku::formats::export_problem(std::get<sudoku::formats::ExportProblem>(read), format, dir / "export");
    if (auto* d = std::get_if<sudoku::Diagnostic>(&written)) FAIL(d->to_string());
    const auto& result = std::get<sudoku::formats::ExportResult>(written);
    const fs::path exported = result.directory;
    // DOMjudge imports the zip the export writes beside the folder: the zip is what is read back.
    REQUIRE((format == ExportFormat::domjudge) == !result.archive.empty());
    fs::path contest_file;
    if (format == ExportFormat::lemon) {
        // LemonLime runs a built special judge: the export ships its source and says to build it.
        for (const auto& spj : fs::recursive_directory_iterator(exported / "data"))
            if (spj.path().filename() == "sudoku_spj.cpp") {
                const fs::path binary = fs::path(spj.path()).replace_extension();
                const std::string build = "g++ -O2 -o '" + binary.string() + "' '" + spj.path().string() + "'";
                REQUIRE(std::system(build.c_str()) == 0);
            }
        // LemonLime's contestants are its source/ folder, one file per task named after it.
        submit_all(exported / "source", program, name);
        auto imported = sudoku::judge::import_lemon(exported / "contest.cdf", dir / "contest");
        if (auto* d = std::get_if<sudoku::Diagnostic>(&imported)) FAIL(d->to_string());
        contest_file = std::get<fs::path>(imported);
    } else {
        const fs::path source = format == ExportFormat::domjudge ? result.archive : exported;
        auto imported = sudoku::judge::import_package(source, dir / "contest", std::nullopt);
        if (auto* refusals = std::get_if<std::vector<sudoku::Diagnostic>>(&imported)) {
            for (const auto& d : *refusals) UNSCOPED_INFO(d.to_string());
            FAIL("the export was refused");
        }
        contest_file = std::get<sudoku::judge::PackageImport>(imported).contest_file;
        const auto contest = loaded(contest_file);
        REQUIRE(contest.problems.size() == 1);
        submit_all(contest_file.parent_path() / "contestants", program, contest.problems.front().config.name);
    }
    return graded(contest_file, dir / "judge-out");
}

// Kattis and DOMjudge have no file I/O: a problem read from sudoku.in is exported as a
// standard-I/O problem (the export says so), where an output file not written is an empty stdout.
std::string carried(const std::string& verdict, ExportFormat format) {
    const bool stdio_only = format == ExportFormat::kattis || format == ExportFormat::domjudge;
    return stdio_only && verdict == "MISSING" ? "WA" : verdict;
}

void check_round_trips(const std::string& name, const std::string& program) {
    const fs::path dir = scratch("round-trip-" + name);
    const auto before = original(name, program, dir / "original");
    const auto& scored = before.by_test;
    // Not a vacuous comparison: the programs score apart, the right one full marks, the silent none.
    if (!program.empty()) REQUIRE(before.totals.at("alice") > before.totals.at("carol"));
    REQUIRE(before.totals.at("silent") == 0);
    for (ExportFormat format : {ExportFormat::kattis, ExportFormat::domjudge, ExportFormat::lemon}) {
        const std::string format_name(sudoku::to_string(format));
        INFO(name << " exported as " << format_name);
        const auto after = round_trip(name, program, format, dir / format_name);
        CHECK(after.totals == before.totals);
        const auto& rescored = after.by_test;
        REQUIRE(rescored.size() == scored.size());
        for (const auto& [who, tests] : scored) {
            INFO("contestant " << who);
            REQUIRE(rescored.count(who) == 1);
            REQUIRE(rescored.at(who).size() == tests.size());
            for (const auto& [test, got] : rescored.at(who)) {
                INFO("the test whose input is\n" << test);
                REQUIRE(tests.count(test) == 1);
                CHECK(got.verdict == carried(tests.at(test).verdict, format));
                CHECK(got.fraction == Approx(tests.at(test).fraction));
            }
        }
    }
    fs::remove_all(dir);
}

}  // namespace

TEST_CASE("export round trip: poj2676 scores the same, test by test, after export and import", "[quick]") {
    check_round_trips("poj2676", "poj2676");
}

TEST_CASE("export round trip: poj3074 scores the same, test by test, after export and import", "[long]") {
    check_round_trips("poj3074", "poj3074");
}

TEST_CASE("export round trip: every other shipped problem imports and grades the same, test by test", "[long]") {
    // No program of the example solves these: every test is a wrong answer, in the same place.
    for (const char* name : {"line81", "qmark", "sudogob", "target-sudoku", "uva1309"}) check_round_trips(name, "");
}
