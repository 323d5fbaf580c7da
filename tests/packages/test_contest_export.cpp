// `sudoku-judge export`: a whole contest, sudoku test sets and a plain problem, written in each
// format with the files the host's contest import reads; the DOMjudge and CMS contest files held
// to the keys their importers read; and the formats our importer reads (Kattis folders, DOMjudge
// zips, one LemonLime contest.cdf) imported and graded to the same scores as the contest itself.
#include <yaml-cpp/yaml.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "package_fixture.hpp"
#include "sudoku/formats/domjudge.hpp"
#include "sudoku/formats/export.hpp"
#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/contest/contest_export.hpp"
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

// A plain problem beside the sudoku ones: n on stdin, n + 1 on stdout; a per-test group and a
// per-group one, so both scoring rules travel.
void write_plus(const fs::path& dir) {
    const std::map<std::string, int> tests = {{"small-1", 1}, {"small-2", 2}, {"large-1", 1000}, {"large-2", 2000}};
    for (const auto& [name, n] : tests) {
        write_text(dir / (name + ".in"), std::to_string(n) + "\n");
        write_text(dir / (name + ".ans"), std::to_string(n + 1) + "\n");
    }
    write_text(dir / "problem.yaml",
               "title: Plus one\ngroups:\n  - name: small\n    tests: \"small-*\"\n    points: 40\n"
               "  - name: large\n    tests: \"large-*\"\n    points: 60\n    scoring: per-group\n");
}

// The contest of the bundled example's sudoku problems (the shipped test sets of its configs) and
// the plain problem; `with_target` adds the target sudoku, which no program here solves.
fs::path write_contest(const fs::path& dir, bool with_target) {
    write_plus(dir / "plus");
    std::string yaml =
        "name: Export test contest\ncontestants: contestants\ntestdata: " + (kSource / "testdata").string() +
        "\nproblems:\n  - config: " + (kSource / "testdata/poj2676/config.yaml").string() + "\n";
    if (with_target) yaml += "  - config: " + (kSource / "testdata/target-sudoku/config.yaml").string() + "\n";
    yaml += "  - folder: plus\n";
    write_text(dir / "contest.yaml", yaml);
    fs::create_directories(dir / "contestants");
    return dir / "contest.yaml";
}

fs::path exported(const fs::path& contest_file, ExportFormat format, const fs::path& out) {
    const auto model = sudoku::judge::export_model(loaded(contest_file), "2030-01-01T10:00:00+00:00", "5:00:00");
    REQUIRE(model.left_out.empty());
    auto written = sudoku::formats::export_contest(model.contest, format, out);
    if (auto* d = std::get_if<sudoku::Diagnostic>(&written)) FAIL(d->to_string());
    return out;
}

std::string bytes_of(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::set<std::string> names_in(const fs::path& dir) {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
    return names;
}

// alice right everywhere, bob right on the small plus tests only, carol greedy on the sudoku and
// off by one on plus, silent printing nothing.
void submit(const fs::path& contestants, const std::string& problem, const std::string& as) {
    const std::map<std::string, std::string> plus = {
        {"alice",
         "#include <cstdio>\nint main() { long n; std::scanf(\"%ld\", &n); std::printf(\"%ld\\n\", n + 1); }\n"},
        {"bob",
         "#include <cstdio>\nint main() { long n; std::scanf(\"%ld\", &n); std::printf(\"%ld\\n\", n < 100 ? n + 1 : "
         "n); }\n"},
        {"carol", "#include <cstdio>\nint main() { long n; std::scanf(\"%ld\", &n); std::printf(\"%ld\\n\", n); }\n"}};
    for (const auto& [who, source] : plus) {
        fs::create_directories(contestants / who);
        if (problem == "plus")
            write_text(contestants / who / (as + ".cpp"), source);
        else
            fs::copy_file(kSource / "examples/contest/contestants" / who / (problem + ".cpp"),
                          contestants / who / (as + ".cpp"), fs::copy_options::overwrite_existing);
    }
    write_text(contestants / "silent" / (as + ".cpp"), "int main() { return 0; }\n");
}

struct Scored {
    std::string verdict;
    double fraction = 0;
};

// contestant -> a test's input bytes -> what it earned; and each contestant's total.
struct Grading {
    std::map<std::string, std::map<std::string, Scored>> by_test;
    std::map<std::string, double> totals;
};

void add_grading(const fs::path& contest_file, const fs::path& out, Grading& grading) {
    const auto contest = loaded(contest_file);
    std::map<std::string, std::string> input_of;  // problem/test -> input bytes
    for (const auto& p : contest.problems)
        for (const auto& t : p.tests)
            input_of[p.config.name + "/" + t.name] = bytes_of(t.input.is_absolute() ? t.input : p.testdata / t.input);
    sudoku::judge::GradeOptions options;
    options.out_dir = out;
    const auto results = sudoku::judge::grade(contest, options);
    for (const auto& c : results.contestants) {
        grading.totals[c.name] += c.total;
        for (const auto& p : c.problems)
            for (const auto& t : p.tests)
                // A Kattis package's samples are graded for no points; the contest keeps them out.
                if (t.group.rfind("sample", 0) != 0 && t.test.rfind("sample", 0) != 0) {
                    REQUIRE(input_of.count(p.problem + "/" + t.test) == 1);
                    grading.by_test[c.name][input_of.at(p.problem + "/" + t.test)] = {
                        std::string(sudoku::to_string(t.verdict)), t.fraction};
                }
    }
}

// Each package (a Kattis folder, a DOMjudge zip) imported as a contest of its own and graded.
void grade_packages(const std::vector<fs::path>& packages, const fs::path& dir, Grading& grading) {
    for (const auto& package : packages) {
        const std::string stem = package.stem().string();
        auto imported = sudoku::judge::import_package(package, dir / ("contest-" + stem), std::nullopt);
        if (auto* refusals = std::get_if<std::vector<sudoku::Diagnostic>>(&imported)) {
            for (const auto& d : *refusals) UNSCOPED_INFO(d.to_string());
            FAIL("the export of " << package << " was refused");
        }
        const fs::path file = std::get<sudoku::judge::PackageImport>(imported).contest_file;
        const auto contest = loaded(file);
        REQUIRE(contest.problems.size() == 1);
        submit(file.parent_path() / "contestants", stem, contest.problems.front().config.name);
        add_grading(file, dir / ("judge-out-" + stem), grading);
    }
}

Grading round_trip(const fs::path& contest_file, ExportFormat format, const fs::path& dir) {
    const fs::path out = exported(contest_file, format, dir / "export");
    Grading grading;
    std::vector<fs::path> packages;
    if (format == ExportFormat::lemon) {
        // LemonLime runs a built special judge: the export ships its source and says to build it.
        for (const auto& spj : fs::recursive_directory_iterator(out / "data"))
            if (spj.path().filename() == "sudoku_spj.cpp") {
                const fs::path binary = fs::path(spj.path()).replace_extension();
                const std::string build = "g++ -O2 -o '" + binary.string() + "' '" + spj.path().string() + "'";
                REQUIRE(std::system(build.c_str()) == 0);
            }
        for (const char* problem : {"poj2676", "plus"}) submit(out / "source", problem, problem);
        auto imported = sudoku::judge::import_lemon(out / "contest.cdf", dir / "contest");
        if (auto* d = std::get_if<sudoku::Diagnostic>(&imported)) FAIL(d->to_string());
        add_grading(std::get<fs::path>(imported), dir / "judge-out", grading);
        return grading;
    }
    for (const char* problem : {"poj2676", "plus"})
        packages.push_back(format == ExportFormat::domjudge ? out / (std::string(problem) + ".zip") : out / problem);
    grade_packages(packages, dir, grading);
    return grading;
}

YAML::Node yaml_of(const fs::path& file) { return YAML::LoadFile(file.string()); }

// One of `keys` present: how DOMjudge's importer accepts either spelling of a field.
bool has_one_of(const YAML::Node& node, std::initializer_list<const char*> keys) {
    for (const char* key : keys)
        if (node[key]) return true;
    return false;
}

}  // namespace

TEST_CASE("contest export: every format holds every problem of the contest, in the host's contest layout", "[quick]") {
    const fs::path dir = scratch("contest-export-layout");
    const fs::path contest = write_contest(dir / "contest", true);
    // The package names: Kattis's [a-z0-9] (target-sudoku is targetsudoku there), the others the problem's.
    const fs::path kattis = exported(contest, ExportFormat::kattis, dir / "kattis");
    CHECK(names_in(kattis) ==
          std::set<std::string>{"contest.yaml", "problems.yaml", "poj2676", "targetsudoku", "plus"});
    for (const char* p : {"poj2676", "targetsudoku", "plus"}) CHECK(fs::is_regular_file(kattis / p / "problem.yaml"));
    CHECK(fs::is_regular_file(kattis / "poj2676/output_validators/sudoku/validate.cpp"));

    const fs::path domjudge = exported(contest, ExportFormat::domjudge, dir / "domjudge");
    CHECK(names_in(domjudge) ==
          std::set<std::string>{"contest.yaml", "problems.yaml", "poj2676.zip", "targetsudoku.zip", "plus.zip"});
    const auto entries = sudoku::formats::zip_entry_names(domjudge / "plus.zip");
    REQUIRE(entries);
    CHECK(std::set<std::string>(entries->begin(), entries->end()).count("domjudge-problem.ini") == 1);
    CHECK(std::set<std::string>(entries->begin(), entries->end()).count("data/secret/large/large-2.in") == 1);

    const fs::path hydro = exported(contest, ExportFormat::hydro, dir / "hydro");
    CHECK(names_in(hydro) == std::set<std::string>{"poj2676.zip", "target-sudoku.zip", "plus.zip"});

    const fs::path lemon = exported(contest, ExportFormat::lemon, dir / "lemon");
    CHECK(names_in(lemon) == std::set<std::string>{"contest.cdf", "data", "source"});
    CHECK(names_in(lemon / "data") == std::set<std::string>{"poj2676", "target-sudoku", "plus"});
    const std::string cdf = bytes_of(lemon / "contest.cdf");
    for (const char* task : {"\"poj2676\"", "\"target-sudoku\"", "\"plus\""})
        CHECK(cdf.find(task) != std::string::npos);

    const fs::path cms = exported(contest, ExportFormat::cms, dir / "cms");
    CHECK(names_in(cms) == std::set<std::string>{"contest.yaml", "poj2676", "target-sudoku", "plus"});
    // CMS's italy_yaml loader: name, description, the tasks as folders beside contest.yaml, users.
    const YAML::Node cms_contest = yaml_of(cms / "contest.yaml");
    CHECK(cms_contest["name"].as<std::string>() == "export-test-contest");
    CHECK(cms_contest["description"].as<std::string>() == "Export test contest");
    REQUIRE(cms_contest["tasks"].IsSequence());
    CHECK(cms_contest["tasks"].size() == 3);
    for (const auto& task : cms_contest["tasks"])
        CHECK(fs::is_regular_file(cms / task.as<std::string>() / "task.yaml"));
    CHECK(cms_contest["users"].IsSequence());
    fs::remove_all(dir);
}

TEST_CASE("contest export: the zips are the same bytes from one export to the next", "[quick]") {
    const fs::path dir = scratch("contest-export-zips");
    const fs::path contest = write_contest(dir / "contest", false);
    for (ExportFormat format : {ExportFormat::domjudge, ExportFormat::hydro}) {
        const std::string name(sudoku::to_string(format));
        const fs::path first = exported(contest, format, dir / (name + "-1"));
        const fs::path second = exported(contest, format, dir / (name + "-2"));
        for (const char* zip : {"poj2676.zip", "plus.zip"}) {
            INFO(name << " " << zip);
            CHECK(bytes_of(first / zip) == bytes_of(second / zip));
        }
    }
    fs::remove_all(dir);
}

// The cases of DOMjudge's ImportExportService, read from its source: importContestData wants one
// of (name, formal_name), one of (start_time, start-time), one of (id, short_name, short-name) and
// duration, "H:MM:SS"; a start time it can parse; importProblemsData reads each problem's id (or
// short-name), label (or letter), name, time_limit and rgb (or color).
TEST_CASE("contest export: DOMjudge's contest.yaml and problems.yaml have the keys its contest import reads",
          "[quick]") {
    const fs::path dir = scratch("contest-export-domjudge-keys");
    const fs::path domjudge = exported(write_contest(dir / "contest", true), ExportFormat::domjudge, dir / "out");
    const YAML::Node contest = yaml_of(domjudge / "contest.yaml");
    CHECK(has_one_of(contest, {"name", "formal_name"}));
    CHECK(has_one_of(contest, {"start_time", "start-time"}));
    CHECK(has_one_of(contest, {"id", "short_name", "short-name"}));
    REQUIRE(contest["duration"]);
    CHECK(std::regex_match(contest["duration"].as<std::string>(), std::regex(R"(\d+:[0-5]\d:[0-5]\d)")));
    CHECK(std::regex_match(contest["start-time"].as<std::string>(),
                           std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d)")));
    // DOMjudge turns a short name's other characters into '_': ours has none to turn.
    CHECK(std::regex_match(contest["short-name"].as<std::string>(), std::regex("[a-z0-9-]+")));

    const YAML::Node problems = yaml_of(domjudge / "problems.yaml");
    REQUIRE(problems.IsSequence());
    REQUIRE(problems.size() == 3);
    std::set<std::string> labels, ids;
    for (const auto& p : problems) {
        REQUIRE(p["id"]);
        REQUIRE(p["label"]);
        ids.insert(p["id"].as<std::string>());
        labels.insert(p["label"].as<std::string>());
        CHECK(std::regex_match(p["rgb"].as<std::string>(), std::regex("#[0-9A-F]{6}")));
        CHECK(p["time_limit"].as<double>() > 0);
        CHECK(!p["name"].as<std::string>().empty());
        // The problem's zip is named by its id, as DOMjudge's import-contest uploads it.
        CHECK(fs::is_regular_file(domjudge / (p["id"].as<std::string>() + ".zip")));
    }
    CHECK(labels == std::set<std::string>{"A", "B", "C"});
    CHECK(ids == std::set<std::string>{"poj2676", "targetsudoku", "plus"});
    fs::remove_all(dir);
}

TEST_CASE("contest export: a problem with a checker program of its own is left out, named with its file and line",
          "[quick]") {
    const fs::path dir = scratch("contest-export-left-out");
    const fs::path contest = write_contest(dir / "contest", false);
    write_text(dir / "contest/own/1.in", "1\n");
    write_text(dir / "contest/own/1.ans", "2\n");
    write_text(dir / "contest/own/check.py", "#!/usr/bin/env python3\nimport sys\nsys.exit(0)\n");
    fs::permissions(dir / "contest/own/check.py", fs::perms::owner_exec, fs::perm_options::add);
    write_text(dir / "contest/own/problem.yaml", "title: Own\nchecker: check.py\n");
    std::ofstream(contest, std::ios::app) << "  - folder: own\n";
    const auto model = sudoku::judge::export_model(loaded(contest), "2030-01-01T10:00:00+00:00", "5:00:00");
    REQUIRE(model.left_out.size() == 1);
    CHECK(model.left_out.front().find("own/problem.yaml:2: problem own is not exported") != std::string::npos);
    CHECK(model.contest.problems.size() == 2);
    fs::remove_all(dir);
}

// Grading the contest four times takes about 45 s on a busy machine: the long tier. The quick tier's
// export round trip (test_export_round_trip.cpp) reads a DOMjudge zip back too.
TEST_CASE("contest export: Kattis folders, DOMjudge zips and one LemonLime contest grade as the contest does",
          "[long]") {
    const fs::path dir = scratch("contest-export-round-trip");
    const fs::path contest = write_contest(dir / "contest", false);
    for (const char* problem : {"poj2676", "plus"}) submit(dir / "contest/contestants", problem, problem);
    Grading before;
    add_grading(contest, dir / "judge-out", before);
    // Not a vacuous comparison: the programs score apart.
    REQUIRE(before.totals.at("alice") > before.totals.at("bob"));
    REQUIRE(before.totals.at("bob") > before.totals.at("silent"));
    for (ExportFormat format : {ExportFormat::kattis, ExportFormat::domjudge, ExportFormat::lemon}) {
        const std::string name(sudoku::to_string(format));
        INFO("exported as " << name);
        const auto after = round_trip(contest, format, dir / name);
        for (const auto& [who, total] : before.totals) CHECK(after.totals.at(who) == Approx(total));
        REQUIRE(after.by_test.size() == before.by_test.size());
        for (const auto& [who, tests] : before.by_test) {
            INFO("contestant " << who);
            REQUIRE(after.by_test.at(who).size() == tests.size());
            for (const auto& [input, got] : after.by_test.at(who)) {
                INFO("the test whose input is\n" << input);
                REQUIRE(tests.count(input) == 1);
                CHECK(got.verdict == tests.at(input).verdict);
                CHECK(got.fraction == Approx(tests.at(input).fraction));
            }
        }
    }
    fs::remove_all(dir);
}
