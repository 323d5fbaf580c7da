// sudoku-judge import-lemon: a LemonLime contest (.cdf in LemonLime's field names, its folder
// layout) graded here with no edits (sudoku/lemon_import.hpp).
#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"
#include "sudoku/lemon_import.hpp"

using namespace judge_test;
using Json = nlohmann::json;

namespace {

const fs::path kPrograms = fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs";

Json test_case(double score, std::vector<std::string> inputs, std::vector<std::string> outputs, int time_ms = 1000) {
    return Json{{"fullScore", score},
                {"timeLimit", time_ms},
                {"memoryLimit", 128},
                {"inputFiles", inputs},
                {"outputFiles", outputs}};
}

// LemonLime's folder: contest.cdf, data/<task>/, source/<contestant>/<task>.*
//   add   stdio, ignore-spaces comparison; test case 2 depends on test case 1
//   half  file I/O (half.in / half.out), real numbers to 3 digits
Json write_lemon_contest(const fs::path& lemon) {
    write_text(lemon / "data/add/1.in", "1 2\n");
    write_text(lemon / "data/add/1.ans", "3\n");
    write_text(lemon / "data/add/2.in", "2800 29\n");
    write_text(lemon / "data/add/2.ans", "2829\n");
    write_text(lemon / "data/add/3.in", "5 5\n");
    write_text(lemon / "data/add/3.out", "10\n");
    write_text(lemon / "data/half/h1.in", "3\n");
    write_text(lemon / "data/half/h1.ans", "1.5\n");
    Json add{{"problemTitle", "A plus B"},
             {"sourceFileName", "add"},
             {"inputFileName", "add.in"},
             {"outputFileName", "add.out"},
             {"standardInputCheck", true},
             {"standardOutputCheck", true},
             {"taskType", 0},
             {"subFolderCheck", false},
             {"comparisonMode", 1},
             {"diffArguments", "--ignore-space-change"},
             {"realPrecision", 3},
             {"specialJudge", ""},
             {"compilerConfiguration", Json::object()},
             {"answerFileExtension", "ans"},
             {"testCases",
              {test_case(40, {"add/1.in"}, {"add/1.ans"}),
               test_case(60, {"add/2.in", "add/3.in", "1_lemon_SUbtaskDEPENDENCE_fLAg"}, {"add/2.ans", "add/3.out"})}}};
    Json half = add;
    half["problemTitle"] = "Half";
    half["sourceFileName"] = "half";
    half["inputFileName"] = "half.in";
    half["outputFileName"] = "half.out";
    half["standardInputCheck"] = false;
    half["standardOutputCheck"] = false;
    half["comparisonMode"] = 3;
    half["testCases"] = {test_case(100, {"half/h1.in"}, {"half/h1.ans"})};
    Json cdf{
        {"version", "1.0"}, {"contestTitle", "Lemon Day 1"}, {"tasks", {add, half}}, {"contestants", Json::array()}};
    write_text(lemon / "contest.cdf", cdf.dump(2));
    // alice: both right; bob (in a subfolder): add right, half printed as an integer (WA)
    fs::create_directories(lemon / "source/alice");
    fs::copy_file(kPrograms / "sum_stdio.c", lemon / "source/alice/add.c");
    write_text(lemon / "source/alice/half.cpp",
               "#include <cstdio>\nint main() { FILE* in = std::fopen(\"half.in\", \"r\"); FILE* out = "
               "std::fopen(\"half.out\", \"w\"); double x; std::fscanf(in, \"%lf\", &x); std::fprintf(out, "
               "\"%.4f\\n\", x / 2); }\n");
    fs::create_directories(lemon / "source/bob/add");
    fs::copy_file(kPrograms / "sum.py", lemon / "source/bob/add/add.py");
    write_text(lemon / "source/bob/half.py", "open('half.out', 'w').write(str(int(open('half.in').read()) // 2))\n");
    // carol: add wrong on test case 1 only: test case 2 depends on it and scores nothing
    fs::create_directories(lemon / "source/carol");
    write_text(lemon / "source/carol/add.py",
               "a, b = map(int, input().split())\nprint(a + b + (1 if (a, b) == (1, 2) else 0))\n");
    return cdf;
}

std::string refusal(const fs::path& lemon, const Json& cdf) {
    write_text(lemon / "contest.cdf", cdf.dump());
    auto r = sudoku::judge::import_lemon(lemon / "contest.cdf", lemon.parent_path() / "refused");
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(r));
    CHECK(!fs::exists(lemon.parent_path() / "refused/CONTEST.yaml"));
    return std::get<sudoku::Diagnostic>(r).to_string();
}

}  // namespace

TEST_CASE("import-lemon: a LemonLime contest is imported and graded with no edits, dependencies and all") {
    auto dir = scratch("lemon-import");
    write_lemon_contest(dir / "lemon");
    const CliRun imported = judge_in(dir, "import-lemon lemon/contest.cdf --out here");
    INFO(imported.err);
    REQUIRE(imported.status == 0);
    const std::string add_yaml = read_text(dir / "here/add/problem.yaml");
    CHECK(add_yaml.find("tests_folder: \"../../lemon/data/add\"") != std::string::npos);
    CHECK(read_text(dir / "here/half/problem.yaml").find("float: {absolute: 0.001, relative: 0}") != std::string::npos);

    const CliRun graded = judge_in(dir, "grade here/CONTEST.yaml --out results");
    INFO(graded.out << graded.err);
    REQUIRE(graded.status == 0);
    const Json results = Json::parse(read_text(dir / "results/results.json"));
    CHECK(results["contest"] == "Lemon Day 1");
    std::map<std::string, double> totals;
    std::map<std::string, std::string> bob_languages;
    for (const auto& c : results["contestants"]) {
        totals[c["name"]] = c["total"];
        if (c["name"] == "bob")
            for (const auto& p : c["problems"]) bob_languages[p["problem"]] = p["language"];
    }
    CHECK(totals["alice"] == 200);
    CHECK(totals["bob"] == 100);  // half: "1" for 1.5 is WA
    CHECK(totals["carol"] == 0);  // test case 1 failed, and test case 2 depends on it
    CHECK(bob_languages["add"] == "python");
}

TEST_CASE("import-lemon: what cannot be mapped is named and nothing is written") {
    auto dir = scratch("lemon-refused");
    const fs::path lemon = dir / "lemon";
    const Json cdf = write_lemon_contest(lemon);

    Json interactive = cdf;
    interactive["tasks"][1]["taskType"] = 2;
    CHECK(refusal(lemon, interactive).find("task 2 (half): task type 2 is not traditional") != std::string::npos);

    Json lemon_judge = cdf;
    lemon_judge["tasks"][0]["comparisonMode"] = 4;
    CHECK(refusal(lemon, lemon_judge).find("comparison mode 4") != std::string::npos);

    Json limits = cdf;
    limits["tasks"][0]["testCases"][1]["timeLimit"] = 2000;
    CHECK(refusal(lemon, limits).find("test case 2: its limits (2000 ms, 128 MiB) differ") != std::string::npos);

    Json renamed = cdf;
    renamed["tasks"][0]["testCases"][0]["outputFiles"] = {"add/one.ans"};
    CHECK(refusal(lemon, renamed).find("output 'add/one.ans' is not 1.ans or 1.out") != std::string::npos);

    write_text(lemon / "data/add/9.in", "extra\n");
    CHECK(refusal(lemon, cdf).find("data/add/9.in is not a test of the task") != std::string::npos);
    fs::remove(lemon / "data/add/9.in");

    Json escape = cdf;
    escape["tasks"][0]["testCases"][0]["inputFiles"] = {"../../secret/1.in"};
    escape["tasks"][0]["testCases"][0]["outputFiles"] = {"../../secret/1.ans"};
    CHECK(refusal(lemon, escape).find("leaves data/") != std::string::npos);

    write_text(lemon / "contest.cdf", "not json");
    auto r = sudoku::judge::import_lemon(lemon / "contest.cdf", dir / "refused");
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(r));
    CHECK(std::get<sudoku::Diagnostic>(r).message == "not a LemonLime contest (.cdf JSON) file");
}

TEST_CASE("import-lemon: a testlib special judge under data/ becomes the problem's checker") {
    auto dir = scratch("lemon-testlib");
    const fs::path lemon = dir / "lemon";
    Json cdf = write_lemon_contest(lemon);
    fs::copy_file(SUDOKU_TEST_CHECKER, lemon / "data/add/check");
    cdf["tasks"][0]["comparisonMode"] = 5;
    cdf["tasks"][0]["specialJudge"] = "add/check";
    write_text(lemon / "contest.cdf", cdf.dump());
    auto written = sudoku::judge::import_lemon(lemon / "contest.cdf", dir / "here");
    if (auto* d = std::get_if<sudoku::Diagnostic>(&written)) FAIL(d->to_string());
    CHECK(read_text(dir / "here/add/problem.yaml").find("checker: \"../../lemon/data/add/check\"") !=
          std::string::npos);
    auto contest = sudoku::judge::load_contest(std::get<fs::path>(written));
    REQUIRE(std::holds_alternative<sudoku::judge::Contest>(contest));
    sudoku::judge::GradeOptions options;
    options.out_dir = dir / "out";
    const auto results = sudoku::judge::grade(std::get<sudoku::judge::Contest>(contest), options);
    for (const auto& c : results.contestants)
        if (c.name == "alice") CHECK(c.problems.at(0).points == Approx(100));
}
