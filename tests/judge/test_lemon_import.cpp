// sudoku-judge import-lemon: a LemonLime contest (.cdf in LemonLime's field names, its folder
// layout) graded here with no edits and with LemonLime's rules (sudoku/judge/import/lemon_import.hpp), and a
// .cdf that is hostile refused whole, with nothing written.
#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"
#include "sudoku/judge/import/lemon_import.hpp"
#include "support/lemon_cdf.hpp"

using namespace judge_test;
using Json = nlohmann::json;
namespace lemon_cdf = sudoku::testing::lemon_cdf;
using lemon_cdf::task;
using lemon_cdf::test_case;

namespace {

void write_tests(const fs::path& data, const std::vector<std::array<std::string, 4>>& files) {
    for (const auto& [input, input_text, answer, answer_text] : files) {
        write_text(data / input, input_text);
        write_text(data / answer, answer_text);
    }
}

// A contest in LemonLime's layout: contest.cdf, data/, source/<contestant>/<task>.py. Four tasks
// of four test cases of 25 points:
//   echo   line by line (mode 0): print the input line. Tests in two folders (data/echo,
//          data/echo2), an answer named plus1.a, limits that differ between test cases, and an
//          unlisted data/echo/stray.in that is no test.
//   words  ignore spaces (mode 1): the input's words one per line.
//   area   real numbers, precision 3 (mode 3): x*x. Test case 1 has two inputs.
//   half   testlib special judge data/half/chk (mode 5): n / 2 rounded down; test case 4
//          depends on test case 3.
Json write_lemon_contest(const fs::path& lemon) {
    const fs::path data = lemon / "data";
    write_tests(data, {{"echo/e1.in", "hello world\n", "echo/e1.ans", "hello world\n"},
                       {"echo/e2.in", "a b c\n", "echo/plus1.a", "a b c\n"},
                       {"echo2/e3.in", "one\n", "echo2/e3.out", "one\n"},
                       {"echo/e4.in", "the quick brown fox\n", "echo/e4.ans", "the quick brown fox\n"},
                       {"words/w1.in", "x y z\n", "words/w1.ans", "x\ny\nz\n"},
                       {"words/w2.in", "alpha beta\n", "words/w2.ans", "alpha\nbeta\n"},
                       {"words/w3.in", "p q r s\n", "words/w3.ans", "p\nq\nr\ns\n"},
                       {"words/w4.in", "solo\n", "words/w4.ans", "solo\n"},
                       {"area/a1.in", "0.35\n", "area/a1.ans", "0.122500\n"},
                       {"area/a2.in", "1000.5\n", "area/a2.ans", "1001000.250000\n"},
                       {"area/a3.in", "3.5\n", "area/a3.ans", "12.250000\n"},
                       {"area/a4.in", "10000.5\n", "area/a4.ans", "100010000.250000\n"},
                       {"area/a5.in", "20000.25\n", "area/a5.ans", "400010000.062500\n"},
                       {"half/h1.in", "10\n", "half/h1.ans", "5\n"},
                       {"half/h2.in", "20\n", "half/h2.ans", "10\n"},
                       {"half/h3.in", "30\n", "half/h3.ans", "15\n"},
                       {"half/h4.in", "40\n", "half/h4.ans", "20\n"}});
    write_text(data / "echo/stray.in", "not a test\n");
    fs::copy_file(program("lemon_half_checker.c"), data / "half/chk");
    Json echo = task(
        "echo", 0,
        {test_case(25, {"echo/e1.in"}, {"echo/e1.ans"}, 1000, 128),
         test_case(25, {"echo/e2.in"}, {"echo/plus1.a"}, 2000, 256),
         test_case(25, {"echo2/e3.in"}, {"echo2/e3.out"}, 500, 64), test_case(25, {"echo/e4.in"}, {"echo/e4.ans"})});
    Json words = task("words", 1, Json::array());
    for (int i = 1; i <= 4; ++i)
        words["testCases"].push_back(
            test_case(25, {"words/w" + std::to_string(i) + ".in"}, {"words/w" + std::to_string(i) + ".ans"}));
    Json area = task("area", 3,
                     {test_case(25, {"area/a1.in", "area/a2.in"}, {"area/a1.ans", "area/a2.ans"}),
                      test_case(25, {"area/a3.in"}, {"area/a3.ans"}), test_case(25, {"area/a4.in"}, {"area/a4.ans"}),
                      test_case(25, {"area/a5.in"}, {"area/a5.ans"})});
    Json half = task("half", 5,
                     {test_case(25, {"half/h1.in"}, {"half/h1.ans"}), test_case(25, {"half/h2.in"}, {"half/h2.ans"}),
                      test_case(25, {"half/h3.in"}, {"half/h3.ans"}),
                      test_case(25, {"half/h4.in", "3_lemon_SUbtaskDEPENDENCE_fLAg"}, {"half/h4.ans"})});
    half["specialJudge"] = "half/chk";
    Json cdf = lemon_cdf::contest("Lemon Day 1", {echo, words, area, half});
    write_text(lemon / "contest.cdf", cdf.dump(2));

    const std::string read_line = "import sys\nline = sys.stdin.readline().rstrip('\\n')\n";
    const std::string read_number = "x = float(input())\n";
    const std::string read_n = "n = int(input())\n";
    const auto submit = [&](const std::string& who, const std::string& problem, const std::string& code) {
        write_text(lemon / "source" / who / (problem + ".py"), code);
    };
    // alice: right everywhere; echo ends its lines with CRLF, words pads them with spaces.
    submit("alice", "echo", read_line + "sys.stdout.write(line + '\\r\\n')\n");
    submit("alice", "words", read_line + "for w in line.split():\n    print('  ' + w + '  ')\n");
    submit("alice", "area", read_number + "print('%.6f' % (x * x))\n");
    submit("alice", "half", read_n + "print(n // 2)\n");
    // bob: echo with a trailing space on e1 and no final newline on e2; words on one line; area
    // 0.05% off below 10000, 0.5% off above; half off by 1, 2, 5 on h1, h2, h3, right on h4.
    submit("bob", "echo",
           read_line +
               "if line == 'hello world':\n    print(line + ' ')\nelif line == 'a b c':\n"
               "    sys.stdout.write(line)\nelse:\n    print(line)\n");
    submit("bob", "words", read_line + "print(' '.join(line.split()))\n");
    submit("bob", "area", read_number + "print('%.6f' % (x * x * (1.0005 if x < 10000 else 1.005)))\n");
    submit("bob", "half", read_n + "print(n // 2 + {10: 1, 20: 2, 30: 5}.get(n, 0))\n");
    // carol: echo with a trailing space on lines of four words or more; words joined by commas;
    // area to one decimal; half right on h1 only (3 off elsewhere).
    submit("carol", "echo", read_line + "print(line + (' ' if len(line.split()) >= 4 else ''))\n");
    submit("carol", "words", read_line + "print(','.join(line.split()) + '.')\n");
    submit("carol", "area", read_number + "print('%.1f' % (x * x))\n");
    submit("carol", "half", read_n + "print(n // 2 + (0 if n == 10 else 3))\n");
    return cdf;
}

std::map<std::string, double> totals_of(const Json& results) {
    std::map<std::string, double> totals;
    for (const auto& c : results["contestants"]) totals[c["name"]] = c["total"];
    return totals;
}

// The import of `cdf` into `dir`/refused fails; its message, with nothing left behind.
std::string refusal(const fs::path& dir, const Json& cdf) {
    write_text(dir / "lemon/contest.cdf", cdf.dump());
    auto r = sudoku::judge::import_lemon(dir / "lemon/contest.cdf", dir / "refused");
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(r));
    CHECK(!fs::exists(dir / "refused"));
    for (const auto& entry : fs::directory_iterator(dir))
        CHECK(entry.path().filename().string().find("import-") == std::string::npos);
    return std::get<sudoku::Diagnostic>(r).to_string();
}

}  // namespace

// Each cell, as LemonLime's judgingthread.cpp and taskjudger.cpp decide it:
//   echo (line by line: pieces up to a line break compared byte for byte; CRLF is a line break;
//     the output ending where the answer still has a line break is "less contents"):
//     alice 100 (CRLF accepted); bob 50 (e1 "hello world " differs from "hello world": WA;
//     e2 "a b c" without its final newline ends first: WA); carol 75 (e4's trailing space: WA).
//   words (ignore spaces: words compared, and equal words on different line numbers are a
//     presentation error scoring 0): alice 100 (padding is no line break); bob 25 (w1-w3 on one
//     line: PE; w4 is one word: AC); carol 0 ("x,y,z." is not "x": WA).
//   area (|out - ans| <= 10^-3, or <= 10^-3 * |ans|; a test case scores the lowest of its inputs):
//     alice 100; bob 50 (0.05% off is within 10^-3 relative: a1, a2, a3 AC, so cases 1 and 2;
//     0.5% off is not: a4, a5 WA); carol 50 ("0.1" for 0.1225 and "12.2" for 12.25 are WA, so
//     cases 1 and 2 score 0; "100010000.2" and "400010000.1" are within 10^-3 relative).
//   half (testlib checker read by the start of its stderr; score = int(0.5 * 25) = 12 for
//     "points 0.5", 90 * 25 / 100 = 22 for "partially correct (90)"; a test case whose
//     dependency has a case scoring 0 is skipped): alice 100; bob 34 (12 + 22 + 0, and case 4,
//     right, skipped as case 3 scored 0); carol 25 (h1 only; case 4 skipped).
//   Totals: alice 400, bob 50 + 25 + 50 + 34 = 159, carol 75 + 0 + 50 + 25 = 150.
TEST_CASE("import-lemon: a LemonLime contest scores here exactly as LemonLime scores it") {
    auto dir = scratch("lemon-scores");
    write_lemon_contest(dir / "lemon");
    const CliRun imported = judge_in(dir, "import-lemon lemon/contest.cdf --out here");
    INFO(imported.err);
    REQUIRE(imported.status == 0);
    const std::string echo_yaml = read_text(dir / "here/echo/problem.yaml");
    CHECK(echo_yaml.find("answer: \"../../lemon/data/echo/plus1.a\"") != std::string::npos);
    CHECK(echo_yaml.find("memory_limit: 64") != std::string::npos);
    CHECK(echo_yaml.find("stray") == std::string::npos);

    const CliRun graded = judge_in(dir, "grade here/CONTEST.yaml --out results --jobs 2");
    INFO(graded.out << graded.err);
    REQUIRE(graded.status == 0);
    const Json results = Json::parse(read_text(dir / "results/results.json"));
    CHECK(results["contest"] == "Lemon Day 1");
    std::map<std::string, std::map<std::string, double>> points;
    for (const auto& c : results["contestants"])
        for (const auto& p : c["problems"]) points[c["name"]][p["problem"]] = p["points"];
    const std::map<std::string, std::map<std::string, double>> lemonlime{
        {"alice", {{"echo", 100}, {"words", 100}, {"area", 100}, {"half", 100}}},
        {"bob", {{"echo", 50}, {"words", 25}, {"area", 50}, {"half", 34}}},
        {"carol", {{"echo", 75}, {"words", 0}, {"area", 50}, {"half", 25}}}};
    CHECK(points == lemonlime);
    const auto totals = totals_of(results);
    CHECK(totals.at("alice") == 400);
    CHECK(totals.at("bob") == 159);
    CHECK(totals.at("carol") == 150);
}

TEST_CASE("import-lemon: a special judge must be a file inside data/") {
    auto dir = scratch("lemon-checker-path");
    Json cdf = write_lemon_contest(dir / "lemon");
    cdf["tasks"][3]["specialJudge"] = "/usr/bin/true";
    CHECK(refusal(dir, cdf).find("task 4 (half): special judge '/usr/bin/true' is not a file inside data/") !=
          std::string::npos);
    // Five folders up from data/, then the host's program (spelt in pieces: the repository's own
    // files never name a path outside it).
    std::string climb;
    for (int up = 0; up < 5; ++up) climb += "../";
    cdf["tasks"][3]["specialJudge"] = climb + "usr/bin/true";
    CHECK(refusal(dir, cdf).find("special judge '" + climb + "usr/bin/true' leaves data/") != std::string::npos);
    fs::create_symlink("/usr/bin/true", dir / "lemon/data/half/true");
    cdf["tasks"][3]["specialJudge"] = "half/true";
    CHECK(refusal(dir, cdf).find("special judge data/half/true leads out of data/") != std::string::npos);
    cdf["tasks"][3]["specialJudge"] = "half";
    CHECK(refusal(dir, cdf).find("special judge data/half is not a regular file") != std::string::npos);
    cdf["tasks"][3]["specialJudge"] = "half/chk";
    cdf["tasks"][0]["testCases"][0]["inputFiles"] = {"../../secret/1.in"};
    CHECK(refusal(dir, cdf).find("task 1 (echo), test case 1: input '../../secret/1.in' leaves data/") !=
          std::string::npos);
}

TEST_CASE("import-lemon: every number of the .cdf is range-checked, naming the file and the field") {
    auto dir = scratch("lemon-numbers");
    const Json cdf = write_lemon_contest(dir / "lemon");
    Json precision = cdf;
    precision["tasks"][2]["realPrecision"] = 1099511627776LL;  // 2^40, once read as 0
    const std::string message = refusal(dir, precision);
    CHECK(message.find("contest.cdf") != std::string::npos);
    CHECK(message.find("task 3 (area): \"realPrecision\" is 1099511627776, out of 0..30") != std::string::npos);
    Json score = cdf;
    score["tasks"][0]["testCases"][1]["fullScore"] = -5;
    CHECK(refusal(dir, score).find("task 1 (echo), test case 2: \"fullScore\" is -5, out of 0..1000000") !=
          std::string::npos);
    Json time = cdf;
    time["tasks"][1]["testCases"][0]["timeLimit"] = 2.5;
    CHECK(refusal(dir, time).find("\"timeLimit\" expects a whole number, found 2.5") != std::string::npos);
    Json memory = cdf;
    memory["tasks"][1]["testCases"][0]["memoryLimit"] = "lots";
    CHECK(refusal(dir, memory).find("\"memoryLimit\" expects a whole number") != std::string::npos);
    Json mode = cdf;
    mode["tasks"][1]["comparisonMode"] = 9;
    CHECK(refusal(dir, mode).find("\"comparisonMode\" is 9, out of 0..5") != std::string::npos);
    Json interactive = cdf;
    interactive["tasks"][1]["taskType"] = 2;
    CHECK(refusal(dir, interactive).find("task 2 (words): task type 2 (interaction) cannot be graded here") !=
          std::string::npos);
}

TEST_CASE("import-lemon: a .cdf nested a million deep or of 200 MB is refused, not parsed") {
    auto dir = scratch("lemon-bombs");
    write_lemon_contest(dir / "lemon");
    write_text(dir / "lemon/deep.cdf", std::string(500000, '['));
    const CliRun deep = judge_in(dir, "import-lemon lemon/deep.cdf --out here");
    CHECK(deep.status == 2);
    CHECK(deep.err.find("deep.cdf: nests arrays or objects more than 32 deep") != std::string::npos);
    std::ofstream(dir / "lemon/large.cdf").put('{');
    fs::resize_file(dir / "lemon/large.cdf", 200u << 20);  // sparse: no 200 MB written
    const CliRun large = judge_in(dir, "import-lemon lemon/large.cdf --out here");
    CHECK(large.status == 2);
    CHECK(large.err.find("large.cdf: expected a file of at most 16 MiB, found 209715200 bytes") != std::string::npos);
    CHECK(!fs::exists(dir / "here"));
}

TEST_CASE("import-lemon: an import refused at any step leaves nothing behind") {
    auto dir = scratch("lemon-nothing-left");
    const Json cdf = write_lemon_contest(dir / "lemon");
    // Refused by the grader's own loading, after every file was written aside: a path as the
    // task's input file name.
    Json path_name = cdf;
    path_name["tasks"][1]["standardInputCheck"] = false;
    path_name["tasks"][1]["inputFileName"] = "in/words.in";
    CHECK(refusal(dir, path_name).find("'in/words.in' must be a plain file name") != std::string::npos);
    // A folder in the way is never written over.
    write_text(dir / "here/notes.txt", "mine\n");
    write_text(dir / "lemon/contest.cdf", cdf.dump());
    auto r = sudoku::judge::import_lemon(dir / "lemon/contest.cdf", dir / "here");
    REQUIRE(std::holds_alternative<sudoku::Diagnostic>(r));
    CHECK(std::get<sudoku::Diagnostic>(r).message.find("exists and is not an empty folder") != std::string::npos);
    CHECK(read_text(dir / "here/notes.txt") == "mine\n");
    CHECK(!fs::exists(dir / "here/CONTEST.yaml"));
}
