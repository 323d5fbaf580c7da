// Packages written here from the Kattis specification, imported with sudoku-judge's importer,
// graded end to end in the sandbox, and their own submissions held to their folders by verify.
// The expected scores are worked out from the specification's rules in each test's comments.
#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <map>

#include "kattis_packages.hpp"
#include "package_fixture.hpp"
#include "sudoku/formats/kattis.hpp"
#include "sudoku/judge/grading/grader.hpp"
#include "sudoku/judge/import/package_import.hpp"
#include "sudoku/judge/import/verify.hpp"

namespace fs = std::filesystem;
using package_test::echo_unless;
using package_test::imported;
using package_test::kValidator;
using package_test::loaded;
using package_test::paths_package;
using package_test::points_by_contestant;
using package_test::refusals_text;
using package_test::scratch;
using package_test::slow_package;
using package_test::verified;
using package_test::write_text;

namespace {

// Legacy: the default validator with float_tolerance 1e-6; secret scored by the minimum of its
// tests (grader_flags min, accept_score 25); no time limit (derived from the accepted submission).
fs::path average_package(const fs::path& root) {
    const fs::path dir = root / "average";
    write_text(dir / "problem.yaml", "name: Average\ntype: scoring\nvalidator_flags: float_tolerance 1e-6\n");
    write_text(dir / "data/sample/testdata.yaml", "accept_score: 0\n");
    write_text(dir / "data/sample/1.in", "1 3\n");
    write_text(dir / "data/sample/1.ans", "2\n");
    write_text(dir / "data/secret/testdata.yaml", "on_reject: continue\ngrader_flags: min\naccept_score: 25\n");
    const std::pair<const char*, const char*> cases[] = {{"4 6", "5"}, {"1 4", "2.5"}, {"7 8", "7.5"}};
    int i = 0;
    for (auto [in, ans] : cases) {
        write_text(dir / "data/secret" / (std::to_string(++i) + ".in"), std::string(in) + "\n");
        write_text(dir / "data/secret" / (std::to_string(i) + ".ans"), std::string(ans) + "\n");
    }
    write_text(dir / "submissions/accepted/avg.cpp",
               "#include <cstdio>\nint main() { double a, b; std::scanf(\"%lf %lf\", &a, &b); "
               "std::printf(\"%.7f\\n\", (a + b) / 2 + 4e-7); }\n");
    write_text(dir / "submissions/wrong_answer/int.cpp",
               "#include <cstdio>\nint main() { long a, b; std::scanf(\"%ld %ld\", &a, &b); "
               "std::printf(\"%ld\\n\", (a + b) / 2); }\n");
    return dir;
}

}  // namespace

TEST_CASE("import: a 2025-09 package with nested groups, require_pass and a scoring validator grades as its spec") {
    const fs::path root = scratch("import-paths");
    const fs::path contest = imported(paths_package(root / "pkg"), root / "contest");
    const auto points = points_by_contestant(contest, root / "graded");
    // echo: every test accepted: 40 + 60.
    CHECK(points.at("accepted-echo.cpp") == Approx(100));
    // half: group2's three tests each earn half of 60 / 3: 40 + 3 x 10.
    CHECK(points.at("accepted-half.cpp") == Approx(70));
    // fails_group1: group1 rejected, so group2 (which requires it) scores nothing.
    CHECK(points.at("wrong_answer-fails_group1.cpp") == Approx(0));
    const auto v = verified(contest.parent_path(), root / "verify");
    for (const auto& s : v.submissions) INFO(s.contestant << ": " << s.got << ": " << s.why);
    CHECK(v.differences() == 0);
    CHECK(v.submissions.size() == 3);
}

TEST_CASE("import: a legacy package with grader_flags min and a float tolerance grades as its spec") {
    const fs::path root = scratch("import-average");
    const fs::path contest = imported(average_package(root / "pkg"), root / "contest");
    const auto points = points_by_contestant(contest, root / "graded");
    // avg: within 1e-6 everywhere: min(25, 25, 25); the sample's accept_score is 0.
    CHECK(points.at("accepted-avg.cpp") == Approx(25));
    // int: 2 for 2.5 is wrong: the minimum is 0.
    CHECK(points.at("wrong_answer-int.cpp") == Approx(0));
}

TEST_CASE("import: a legacy package with grader_flags max scores a group by its best test") {
    const fs::path root = scratch("import-max");
    const fs::path pkg = average_package(root / "pkg");
    write_text(pkg / "data/secret/testdata.yaml", "on_reject: continue\ngrader_flags: max\naccept_score: 25\n");
    write_text(pkg / "submissions/wrong_answer/zero.cpp", echo_unless("true", "0"));
    const fs::path contest = imported(pkg, root / "contest");
    const auto points = points_by_contestant(contest, root / "graded");
    // avg: max(25, 25, 25). int: wrong on 1 4 only: max(25, 0, 25), where min gave 0.
    CHECK(points.at("accepted-avg.cpp") == Approx(25));
    CHECK(points.at("wrong_answer-int.cpp") == Approx(25));
    // zero: wrong everywhere: max(0, 0, 0).
    CHECK(points.at("wrong_answer-zero.cpp") == Approx(0));
}

TEST_CASE("import: grader_flags max with on_reject break stops at the first rejected test") {
    const fs::path root = scratch("import-max-break");
    const fs::path pkg = average_package(root / "pkg");
    write_text(pkg / "data/secret/testdata.yaml", "on_reject: break\ngrader_flags: max\naccept_score: 25\n");
    write_text(pkg / "submissions/wrong_answer/first.cpp",
               "#include <cstdio>\nint main() { double a, b; "
               "std::scanf(\"%lf %lf\", &a, &b); std::printf(\"%.7f\\n\", a == 4 ? 0 : (a + b) / 2); }\n");
    const fs::path contest = imported(pkg, root / "contest");
    const auto points = points_by_contestant(contest, root / "graded");
    CHECK(points.at("accepted-avg.cpp") == Approx(25));
    // first: wrong on 4 6, the first test, and nothing after it counts: max(0), where on_reject:
    // continue would give max(0, 25, 25).
    CHECK(points.at("wrong_answer-first.cpp") == Approx(0));
    // int: 4 6 right, 1 4 wrong, then stopped: max(25, 0).
    CHECK(points.at("wrong_answer-int.cpp") == Approx(25));
}

namespace {

// Legacy, as problemtools grades it: secret takes the min of its own test 1 (accept_score 30),
// g1 (rejected tests score 2) and g2 (stops at its first rejected test); a group inherits what its
// testdata.yaml does not say, and the root stops at a rejected sample (on_reject: break, the
// legacy default). Tests answer their input.
fs::path tree_package(const fs::path& root) {
    const fs::path dir = root / "tree";
    write_text(dir / "problem.yaml", "name: Tree\ntype: scoring\nlimits:\n  time_limit: 2\n");
    write_text(dir / "data/sample/testdata.yaml", "accept_score: 0\n");
    write_text(dir / "data/sample/1.in", "7\n");
    write_text(dir / "data/sample/1.ans", "7\n");
    write_text(dir / "data/secret/testdata.yaml", "grader_flags: min\naccept_score: 30\non_reject: continue\n");
    write_text(dir / "data/secret/g1/testdata.yaml", "grader_flags: sum\naccept_score: 10\nreject_score: 2\n");
    write_text(dir / "data/secret/g2/testdata.yaml", "grader_flags: sum\naccept_score: 20\non_reject: break\n");
    const std::pair<const char*, const char*> tests[] = {{"1", "1"},    {"g1/2", "2"}, {"g1/3", "3"},
                                                         {"g2/4", "4"}, {"g2/5", "5"}, {"g2/6", "6"}};
    for (auto [name, n] : tests) {
        write_text(dir / "data/secret" / (std::string(name) + ".in"), std::string(n) + "\n");
        write_text(dir / "data/secret" / (std::string(name) + ".ans"), std::string(n) + "\n");
    }
    write_text(dir / "submissions/accepted/echo.cpp", echo_unless("false", ""));
    write_text(dir / "submissions/wrong_answer/misses_3_and_5.cpp", echo_unless("n == 3 || n == 5", "0"));
    write_text(dir / "submissions/wrong_answer/misses_1.cpp", echo_unless("n == 1", "0"));
    write_text(dir / "submissions/wrong_answer/misses_sample.cpp", echo_unless("n == 7", "0"));
    return dir;
}

}  // namespace

TEST_CASE("import: legacy groups that hold tests and groups, score rejections and take a min are graded") {
    const fs::path root = scratch("import-tree");
    const fs::path pkg = tree_package(root / "pkg");
    auto model = sudoku::formats::read_kattis(pkg);
    REQUIRE(std::holds_alternative<sudoku::problem::Problem>(model));
    const auto& read = std::get<sudoku::problem::Problem>(model);
    // on_reject: break unless said otherwise; a group inherits its parent's.
    CHECK(sudoku::problem::find_group(read, "data")->stop_on_reject);
    CHECK_FALSE(sudoku::problem::find_group(read, "secret/g1")->stop_on_reject);
    CHECK(sudoku::problem::find_group(read, "secret/g2")->stop_on_reject);
    auto written = sudoku::judge::import_package(pkg, root / "contest", std::nullopt);
    if (auto* refusals = std::get_if<std::vector<sudoku::Diagnostic>>(&written))
        for (const auto& d : *refusals) FAIL(d.to_string());
    const auto& notes = std::get<sudoku::judge::PackageImport>(written).notes;
    CHECK(std::any_of(notes.begin(), notes.end(),
                      [](const std::string& n) { return n.find("own tree of groups") != std::string::npos; }));
    const auto points = points_by_contestant(root / "contest/CONTEST.yaml", root / "graded");
    // echo: test 1 30, g1 10 + 10, g2 20 x 3: min(30, 20, 60).
    CHECK(points.at("accepted-echo.cpp") == Approx(20));
    // misses_3_and_5: g1 10 + 2; g2 20, then 5 rejected stops it: 20 + 0; min(30, 12, 20).
    CHECK(points.at("wrong_answer-misses_3_and_5.cpp") == Approx(12));
    // misses_1: secret's own test scores its reject_score, 0.
    CHECK(points.at("wrong_answer-misses_1.cpp") == Approx(0));
    // misses_sample: the sample earns nothing, but the root stops there: 0, where on_reject:
    // continue would add secret's 20.
    CHECK(points.at("wrong_answer-misses_sample.cpp") == Approx(0));
}

TEST_CASE("import: the default validator's space_change_sensitive without case_sensitive is graded") {
    // Tokens compare ignoring case, the whitespace exactly: "HELLO  World" is right for
    // "hello  world", "hello world" (one space) wrong.
    const fs::path root = scratch("import-space-change");
    const fs::path pkg = root / "pkg/spaces";
    write_text(pkg / "problem.yaml", "name: Spaces\nvalidator_flags: space_change_sensitive\n");
    write_text(pkg / "data/sample/1.in", "x\n");
    write_text(pkg / "data/sample/1.ans", "hello  world\n");
    write_text(pkg / "data/secret/1.in", "x\n");
    write_text(pkg / "data/secret/1.ans", "hello  world\n");
    const auto printing = [](const std::string& text) {
        return "#include <cstdio>\nint main() { std::printf(\"" + text + "\\n\"); }\n";
    };
    write_text(pkg / "submissions/accepted/upper.cpp", printing("HELLO  World"));
    write_text(pkg / "submissions/wrong_answer/one_space.cpp", printing("hello world"));
    const fs::path contest = imported(pkg, root / "contest");
    const auto v = verified(contest.parent_path(), root / "verify");
    for (const auto& c : v.submissions) INFO(c.contestant << ": " << c.got << ": " << c.why);
    CHECK(v.submissions.size() == 2);
    CHECK(v.differences() == 0);
}

TEST_CASE("verify: a submission in the wrong folder is named, with what it got and what was expected") {
    const fs::path root = scratch("verify-differs");
    const fs::path pkg = paths_package(root / "pkg");
    write_text(pkg / "submissions/accepted/zero.cpp", echo_unless("true", "0"));
    const fs::path contest = imported(pkg, root / "contest");
    const auto v = verified(contest.parent_path(), root / "verify");
    REQUIRE(v.differences() == 1);
    for (const auto& s : v.submissions) {
        if (s.contestant != "accepted-zero.cpp") continue;
        CHECK(s.agreement == sudoku::judge::Agreement::differs);
        CHECK(s.why.find("got WA, expected one of AC") != std::string::npos);
    }
}

TEST_CASE("import: a refused package writes nothing, and names every refusal") {
    const fs::path root = scratch("import-refused");
    const fs::path pkg = paths_package(root / "pkg");
    write_text(pkg / "problem.yaml", "problem_format_version: 2025-09\nname: P\ntype: [scoring, interactive]\n");
    write_text(pkg / "data/secret/group1/test_group.yaml", "max_score: 40\nscore_aggregation: median\n");
    auto written = sudoku::judge::import_package(pkg, root / "contest", std::nullopt);
    REQUIRE(std::holds_alternative<std::vector<sudoku::Diagnostic>>(written));
    const auto& list = std::get<std::vector<sudoku::Diagnostic>>(written);
    CHECK(list.size() >= 2);
    CHECK_FALSE(fs::exists(root / "contest"));
}

TEST_CASE("import: an output validator in a language the judge does not compile is refused") {
    const fs::path root = scratch("import-validator-language");
    const fs::path pkg = paths_package(root / "pkg");
    fs::remove(pkg / "output_validator/validate.cpp");
    write_text(pkg / "output_validator/validate.rb", "exit 42\n");
    auto written = sudoku::judge::import_package(pkg, root / "contest", std::nullopt);
    REQUIRE(std::holds_alternative<std::vector<sudoku::Diagnostic>>(written));
    CHECK(std::get<std::vector<sudoku::Diagnostic>>(written)[0].message.find("language") != std::string::npos);
    CHECK_FALSE(fs::exists(root / "contest"));
}

TEST_CASE("import: a Python output validator runs as the C++ one does, sandboxed, its scores read back") {
    // The paths package's validator, in Python: the output must be N; "half" earns half the test.
    const fs::path root = scratch("import-validator-python");
    const fs::path pkg = paths_package(root / "pkg");
    fs::remove(pkg / "output_validator/validate.cpp");
    write_text(pkg / "output_validator/validate.py",
               "#!/usr/bin/env python3\nimport os, sys\n"
               "n = open(sys.argv[1]).read().split()[0]\n"
               "got = (sys.stdin.read().split() or [''])[0]\n"
               "if got == 'half':\n"
               "    open(os.path.join(sys.argv[3], 'score_multiplier.txt'), 'w').write('0.5\\n')\n"
               "    sys.exit(42)\n"
               "if got == n:\n    sys.exit(42)\n"
               "open(os.path.join(sys.argv[3], 'judgemessage.txt'), 'w').write('expected ' + n + ', found ' + got)\n"
               "sys.exit(43)\n");
    const fs::path contest = imported(pkg, root / "contest");
    // As with the C++ validator: echo 100, half 40 + 3 x 10, fails_group1 0.
    const auto points = points_by_contestant(contest, root / "graded");
    CHECK(points.at("accepted-echo.cpp") == Approx(100));
    CHECK(points.at("accepted-half.cpp") == Approx(70));
    CHECK(points.at("wrong_answer-fails_group1.cpp") == Approx(0));
    write_text(pkg / "output_validator/validate.py", "import sys\nsys.exit(42\n");
    auto broken = sudoku::judge::import_package(pkg, root / "broken", std::nullopt);
    REQUIRE(std::holds_alternative<std::vector<sudoku::Diagnostic>>(broken));
    CHECK(std::get<std::vector<sudoku::Diagnostic>>(broken)[0].message.find("does not compile") != std::string::npos);
}

TEST_CASE("import: a validator's score.txt is the test's own score, above accept_score or on a test worth none") {
    // Legacy: each test scores what score.txt says (its input N when the output is N), and the
    // sample's accept_score 0 does not stop its score.txt from counting: 1 + 5 + 7.
    const fs::path root = scratch("import-score-txt");
    const fs::path pkg = root / "pkg/scores";
    write_text(pkg / "problem.yaml",
               "name: Scores\ntype: scoring\nvalidation: custom score\nlimits:\n  time_limit: 2\n");
    write_text(pkg / "data/testdata.yaml", "on_reject: continue\n");
    write_text(pkg / "data/sample/testdata.yaml", "accept_score: 0\n");
    for (auto [name, n] : {std::pair{"sample/1", "1"}, {"secret/1", "5"}, {"secret/2", "7"}}) {
        write_text(pkg / "data" / (std::string(name) + ".in"), std::string(n) + "\n");
        write_text(pkg / "data" / (std::string(name) + ".ans"), std::string(n) + "\n");
    }
    write_text(pkg / "output_validators/score/score.cpp",
               "#include <cstdio>\n#include <string>\nint main(int argc, char** argv) {\n"
               "    long n = 0, got = -1;\n    FILE* in = std::fopen(argv[1], \"r\");\n"
               "    if (argc < 4 || !in || std::fscanf(in, \"%ld\", &n) != 1) return 1;\n"
               "    if (std::scanf(\"%ld\", &got) != 1 || got != n) return 43;\n"
               "    FILE* s = std::fopen((std::string(argv[3]) + \"score.txt\").c_str(), \"w\");\n"
               "    std::fprintf(s, \"%ld\\n\", n);\n    std::fclose(s);\n    return 42;\n}\n");
    write_text(pkg / "submissions/accepted/echo.cpp", echo_unless("false", ""));
    write_text(pkg / "submissions/wrong_answer/no_seven.cpp", echo_unless("n == 7", "0"));
    const fs::path contest = imported(pkg, root / "contest");
    const auto points = points_by_contestant(contest, root / "graded");
    CHECK(points.at("accepted-echo.cpp") == Approx(13));
    CHECK(points.at("wrong_answer-no_seven.cpp") == Approx(6));
}

TEST_CASE("import: a derived time limit the fastest time_limit_exceeded submission allows is used") {
    // echo runs in milliseconds: x 2, rounded up to 0.1 s, is 0.1 s; 0.1 x 1.5 = 0.15 s <= spin's 0.4 s.
    const fs::path root = scratch("import-tle-bound-fits");
    const fs::path contest = imported(slow_package(root / "pkg", "0.1"), root / "contest");
    CHECK(loaded(contest).problems.at(0).config.time_limit_s == Approx(0.1));
}

TEST_CASE("import: a derived time limit above what the time_limit_exceeded submission allows is refused") {
    // Rounded up to a whole second the limit is 1 s, and 1 s x 1.5 > spin's 0.4 s: the spec's
    // "it is an error if no such multiple exists".
    const fs::path root = scratch("import-tle-bound-refused");
    auto written = sudoku::judge::import_package(slow_package(root / "pkg", "1"), root / "contest", std::nullopt);
    REQUIRE(std::holds_alternative<std::vector<sudoku::Diagnostic>>(written));
    const auto& message = std::get<std::vector<sudoku::Diagnostic>>(written).at(0).message;
    INFO(message);
    CHECK(message.find("no time limit fits") != std::string::npos);
    CHECK(message.find("time_limit_exceeded-spin.cpp must time out") != std::string::npos);
    CHECK_FALSE(fs::exists(root / "contest"));
}

namespace {

// The results of grading the imported contest `contest_file` into `out`, by contestant.
std::map<std::string, sudoku::judge::ProblemResult> results_by_contestant(const fs::path& contest_file,
                                                                          const fs::path& out) {
    sudoku::judge::GradeOptions options;
    options.out_dir = out;
    std::map<std::string, sudoku::judge::ProblemResult> by_name;
    for (const auto& c : sudoku::judge::grade(loaded(contest_file), options).contestants)
        by_name[c.name] = c.problems.at(0);
    return by_name;
}

}  // namespace

TEST_CASE("grade: a legacy group score outside its range is a judge fault that scores nothing") {
    // secret: the minimum of three tests of accept_score 25, within range 5 25. avg is accepted
    // everywhere: 25, inside. int is wrong on 1 4 (2, not 2.5): the minimum is 0, outside.
    const fs::path root = scratch("import-range");
    const fs::path pkg = average_package(root / "pkg");
    write_text(pkg / "data/secret/testdata.yaml",
               "on_reject: continue\ngrader_flags: min\naccept_score: 25\nrange: 5 25\n");
    const auto results = results_by_contestant(imported(pkg, root / "contest"), root / "graded");
    const auto& avg = results.at("accepted-avg.cpp");
    CHECK(avg.points == Approx(25));
    CHECK(avg.score_fault.empty());
    const auto& wrong = results.at("wrong_answer-int.cpp");
    CHECK(wrong.points == 0);
    CHECK(wrong.score_fault == "group 'secret' scored 0, outside its range 5 to 25");
}

namespace {

// 2025-09, pass-fail: the output validator expects N x K, K its first argument (1 without one);
// test a's own a.yaml gives it 3, test b has none.
fs::path arguments_package(const fs::path& root) {
    const fs::path dir = root / "times";
    write_text(dir / "problem.yaml",
               "problem_format_version: 2025-09\nname: Times\nuuid: x\nlimits:\n  time_limit: 2\n  memory: 256\n");
    write_text(dir / "data/sample/1.in", "1\n");
    write_text(dir / "data/sample/1.ans", "1\n");
    write_text(dir / "data/secret/a.in", "2\n");
    write_text(dir / "data/secret/a.ans", "6\n");
    write_text(dir / "data/secret/a.yaml", "output_validator_args: ['3']\ndescription: times three\n");
    write_text(dir / "data/secret/b.in", "5\n");
    write_text(dir / "data/secret/b.ans", "5\n");
    write_text(dir / "output_validator/times.cpp",
               "#include <cstdio>\n#include <cstdlib>\nint main(int argc, char** argv) {\n"
               "    if (argc < 4) return 1;\n    std::FILE* in = std::fopen(argv[1], \"r\");\n    long n = 0;\n"
               "    if (!in || std::fscanf(in, \"%ld\", &n) != 1) return 1;\n"
               "    const long k = argc > 4 ? std::atol(argv[4]) : 1;\n    long got = 0;\n"
               "    if (std::scanf(\"%ld\", &got) != 1) return 43;\n    return got == n * k ? 42 : 43;\n}\n");
    write_text(dir / "submissions/accepted/times.cpp", echo_unless("n == 2", "6"));
    write_text(dir / "submissions/wrong_answer/echo.cpp", echo_unless("false", ""));
    return dir;
}

}  // namespace

TEST_CASE("import: a 2025-09 test's own .yaml gives the output validator its arguments for that test") {
    // times answers 6 for 2 (a: 2 x 3) and 5 for 5 (b: 5 x 1): accepted; echo's 2 is wrong on a.
    const fs::path root = scratch("import-test-arguments");
    const fs::path contest = imported(arguments_package(root / "pkg"), root / "contest");
    const auto points = points_by_contestant(contest, root / "graded");
    CHECK(points.at("accepted-times.cpp") > 0);
    CHECK(points.at("wrong_answer-echo.cpp") == Approx(0));
    const auto v = verified(contest.parent_path(), root / "verify");
    for (const auto& s : v.submissions) INFO(s.contestant << ": " << s.got << ": " << s.why);
    CHECK(v.differences() == 0);
}

TEST_CASE("import: a test's .yaml with arguments to the submission or an unknown key is refused by name") {
    const fs::path root = scratch("import-test-yaml-refused");
    const fs::path pkg = arguments_package(root / "pkg");
    write_text(pkg / "data/secret/a.yaml", "args: ['-v']\n");
    write_text(pkg / "data/secret/b.yaml", "output_validator_arg: ['3']\n");
    const std::string all = refusals_text(sudoku::judge::import_package(pkg, root / "contest", std::nullopt));
    INFO(all);
    CHECK(all.find("a.yaml") != std::string::npos);
    CHECK(all.find("'args' (arguments to the submission) is not supported") != std::string::npos);
    CHECK(all.find("b.yaml") != std::string::npos);
    CHECK(all.find("output_validator_arg") != std::string::npos);
    CHECK_FALSE(fs::exists(root / "contest"));
}

namespace {

// 2025-09 with constants: max_n in the input validator and the accepted submission, greeting's
// value in the output validator and the submission, points in a test_group.yaml; {{nope}} names no
// constant and stays as it is.
fs::path constants_package(const fs::path& root) {
    const fs::path dir = root / "greet";
    write_text(dir / "problem.yaml",
               "problem_format_version: 2025-09\nname: Greet\nuuid: x\ntype: scoring\n"
               "limits:\n  time_limit: 2\n  memory: 256\n"
               "constants:\n  max_n: 100\n  points: 40\n  greeting:\n    value: hello\n    shout: HELLO\n");
    write_text(dir / "data/sample/1.in", "1\n");
    write_text(dir / "data/sample/1.ans", "hello 1\n");
    write_text(dir / "data/secret/g1/test_group.yaml", "max_score: {{points}}\n");
    write_text(dir / "data/secret/g1/1.in", "2\n");
    write_text(dir / "data/secret/g1/1.ans", "hello 2\n");
    write_text(dir / "data/secret/g2/test_group.yaml", "max_score: 60\n");
    write_text(dir / "data/secret/g2/1.in", "100\n");
    write_text(dir / "data/secret/g2/1.ans", "hello 100\n");
    write_text(dir / "input_validators/range.cpp",
               "#include <cstdio>\nint main() { long n; if (std::scanf(\"%ld\", &n) != 1) return 43; "
               "return n >= 1 && n <= {{max_n}} ? 42 : 43; }\n");
    write_text(dir / "output_validator/greet.cpp",
               "#include <cstdio>\n#include <cstring>\nint main(int argc, char** argv) {\n"
               "    if (argc < 4) return 1;\n    std::FILE* in = std::fopen(argv[1], \"r\");\n    long n = 0;\n"
               "    if (!in || std::fscanf(in, \"%ld\", &n) != 1) return 1;\n    char word[64] = {0};\n"
               "    long got = 0;\n    if (std::scanf(\"%63s %ld\", word, &got) != 2) return 43;\n"
               "    return std::strcmp(word, \"{{greeting}}\") == 0 && got == n ? 42 : 43;\n}\n");
    write_text(dir / "submissions/accepted/sol.cpp",
               "#include <cstdio>\n// {{nope}} is no constant\nint main() { long n; std::scanf(\"%ld\", &n); "
               "if (n > {{max_n}}) return 1; std::printf(\"{{greeting.value}} %ld\\n\", n); }\n");
    write_text(dir / "submissions/wrong_answer/shout.cpp",
               "#include <cstdio>\nint main() { long n; std::scanf(\"%ld\", &n); "
               "std::printf(\"{{greeting.shout}} %ld\\n\", n); }\n");
    return dir;
}

}  // namespace

TEST_CASE("import: 2025-09 constants are replaced in test_group.yaml, the validators and the submissions") {
    const fs::path root = scratch("import-constants");
    const fs::path contest = imported(constants_package(root / "pkg"), root / "contest");
    // sol: "hello N" everywhere: g1's max_score is {{points}} = 40, g2's 60.
    const auto points = points_by_contestant(contest, root / "graded");
    CHECK(points.at("accepted-sol.cpp") == Approx(100));
    // shout: "HELLO N" is not the greeting's value.
    CHECK(points.at("wrong_answer-shout.cpp") == Approx(0));
    std::ifstream copied(contest.parent_path() / "contestants/accepted-sol.cpp/greet.cpp");
    const std::string source((std::istreambuf_iterator<char>(copied)), std::istreambuf_iterator<char>());
    CHECK(source.find("n > 100") != std::string::npos);
    CHECK(source.find("{{nope}}") != std::string::npos);
    const auto v = verified(contest.parent_path(), root / "verify");
    for (const auto& s : v.submissions) INFO(s.contestant << ": " << s.got << ": " << s.why);
    for (const auto& c : v.validators) INFO(c.validator << " " << c.test << ": " << c.why);
    CHECK(v.differences() == 0);
    CHECK(v.validators.empty());
}

TEST_CASE("import: constants before 2025-09, or with a name the spec does not allow, are refused") {
    const fs::path root = scratch("import-constants-refused");
    const fs::path pkg = constants_package(root / "pkg");
    const auto refusal = [&](const std::string& yaml) {
        write_text(pkg / "problem.yaml", yaml);
        auto written = sudoku::judge::import_package(pkg, root / "contest", std::nullopt);
        REQUIRE(std::holds_alternative<std::vector<sudoku::Diagnostic>>(written));
        CHECK_FALSE(fs::exists(root / "contest"));
        return std::get<std::vector<sudoku::Diagnostic>>(written).at(0).to_string();
    };
    const std::string old_version =
        refusal("problem_format_version: 2023-07\nname: G\ntype: scoring\nconstants:\n  max_n: 100\n");
    INFO(old_version);
    CHECK(old_version.find("problem.yaml:5") != std::string::npos);
    CHECK(old_version.find("'constants' is a key of problem_format_version 2025-09") != std::string::npos);
    CHECK(
        refusal("problem_format_version: 2025-09\nname: G\nconstants:\n  9lives: 1\n").find("constant name '9lives'") !=
        std::string::npos);
    CHECK(
        refusal("problem_format_version: 2025-09\nname: G\nconstants:\n  k: {tex: 5}\n").find("mapping with 'value'") !=
        std::string::npos);
}

TEST_CASE("verify: submissions.yaml's expectations by pattern replace or add to the folders' own") {
    const fs::path root = scratch("verify-submissions-yaml");
    const fs::path pkg = paths_package(root / "pkg");
    // extra/ is no verdict folder: its submission is imported because submissions.yaml names it.
    write_text(pkg / "submissions/extra/zero.cpp", echo_unless("true", "0"));
    write_text(pkg / "submissions/submissions.yaml",
               "accepted/{half,quarter}.cpp:\n  score: 70\n"
               "accepted/e*.cpp:\n  score: [0, 50]\n  authors: Someone\n"
               "wrong_answer:\n  permitted: [AC, WA, RTE]\n"
               "extra:\n  permitted: [AC, WA]\n  required: [WA]\n");
    const fs::path contest = imported(pkg, root / "contest");
    const auto v = verified(contest.parent_path(), root / "verify");
    REQUIRE(v.submissions.size() == 4);
    // echo scores 100 (see the 2025-09 test above): over accepted/e*.cpp's 0 to 50. half's 70 is
    // as named; fails_group1 and zero get WA, as their rules permit and require.
    CHECK(v.differences() == 1);
    for (const auto& s : v.submissions) {
        INFO(s.contestant << ": " << s.why);
        if (s.contestant == "accepted-echo.cpp")
            CHECK(s.why.find("expected 0 to 50") != std::string::npos);
        else
            CHECK(s.agreement == sudoku::judge::Agreement::agrees);
    }
}

TEST_CASE("import: what submissions.yaml asks and the judge cannot check is refused, every key by name") {
    const fs::path root = scratch("import-submissions-yaml-refused");
    const fs::path pkg = paths_package(root / "pkg");
    write_text(pkg / "submissions/submissions.yaml",
               "accepted/echo.cpp:\n  secret/group9:\n    permitted: [AC]\n"
               "accepted/half.cpp:\n  secret/group1:\n    required: [TLE]\n    use_for_time_limit: lower\n"
               "wrong_answer/*:\n  language: cpp\nwrong_answer/fails*:\n  language: java\n"
               "accepted:\n  permitted: [AC, OLE]\n");
    const std::string all = refusals_text(sudoku::judge::import_package(pkg, root / "contest", std::nullopt));
    INFO(all);
    CHECK(all.find("submissions.yaml:2") != std::string::npos);
    CHECK(all.find("'secret/group9' is neither a key of submissions.yaml") != std::string::npos);
    CHECK(all.find("'secret/group1': use_for_time_limit: lower, but a test of it must time out") != std::string::npos);
    CHECK(all.find("the language 'java' beside 'cpp'") != std::string::npos);
    CHECK(all.find("found 'OLE'") != std::string::npos);
    CHECK_FALSE(fs::exists(root / "contest"));
}

namespace {

// 2025-09 with include/cpp/answer.h (marked as the C++ one) and include/default/answer.h (for the
// other languages): the submissions include answer.h and print answer(N).
fs::path included_package(const fs::path& root) {
    const fs::path dir = root / "incl";
    write_text(dir / "problem.yaml",
               "problem_format_version: 2025-09\nname: Incl\nuuid: x\nlimits:\n  time_limit: 2\n  memory: 256\n");
    write_text(dir / "data/sample/1.in", "1\n");
    write_text(dir / "data/sample/1.ans", "1\n");
    write_text(dir / "data/secret/1.in", "7\n");
    write_text(dir / "data/secret/1.ans", "7\n");
    write_text(dir / "include/cpp/answer.h", "#define FROM_CPP_FOLDER 1\ninline long answer(long n) { return n; }\n");
    write_text(dir / "include/default/answer.h", "static long answer(long n) { return n; }\n");
    write_text(dir / "submissions/accepted/sol.cpp",
               "#include <cstdio>\n#include \"answer.h\"\n#ifndef FROM_CPP_FOLDER\n#error not the C++ folder's\n"
               "#endif\nint main() { long n; std::scanf(\"%ld\", &n); std::printf(\"%ld\\n\", answer(n)); }\n");
    write_text(dir / "submissions/accepted/sol.c",
               "#include <stdio.h>\n#include \"answer.h\"\n"
               "int main(void) { long n; scanf(\"%ld\", &n); printf(\"%ld\\n\", answer(n)); return 0; }\n");
    // Its own answer.h is replaced by the package's, as the spec says for a name both have.
    write_text(dir / "submissions/accepted/folder/main.cpp",
               "#include <cstdio>\n#include \"answer.h\"\nint main() { long n; std::scanf(\"%ld\", &n); "
               "std::printf(\"%ld\\n\", answer(n)); }\n");
    write_text(dir / "submissions/accepted/folder/answer.h", "inline long answer(long n) { return n + 1; }\n");
    return dir;
}

}  // namespace

TEST_CASE("import: include/<language>/ files are compiled with every submission of the language") {
    const fs::path root = scratch("import-include");
    const fs::path contest = imported(included_package(root / "pkg"), root / "contest");
    // A contestant added after the import is compiled with them too.
    write_text(contest.parent_path() / "contestants/host/incl.cpp",
               "#include <cstdio>\n#include \"answer.h\"\nint main() { long n; std::scanf(\"%ld\", &n); "
               "std::printf(\"%ld\\n\", answer(n)); }\n");
    const auto points = points_by_contestant(contest, root / "graded");
    CHECK(points.at("accepted-sol.cpp") == Approx(1));
    CHECK(points.at("accepted-sol.c") == Approx(1));
    CHECK(points.at("accepted-folder") == Approx(1));
    CHECK(points.at("host") == Approx(1));
    CHECK(verified(contest.parent_path(), root / "verify").differences() == 0);
}

TEST_CASE("import: a file directly in include/ is refused") {
    const fs::path root = scratch("import-include-refused");
    const fs::path pkg = included_package(root / "pkg");
    write_text(pkg / "include/answer.h", "long answer(long n);\n");
    auto written = sudoku::judge::import_package(pkg, root / "contest", std::nullopt);
    REQUIRE(std::holds_alternative<std::vector<sudoku::Diagnostic>>(written));
    const auto& message = std::get<std::vector<sudoku::Diagnostic>>(written).at(0).to_string();
    INFO(message);
    CHECK(message.find("include/answer.h") != std::string::npos);
    CHECK(message.find("a folder per language") != std::string::npos);
    CHECK_FALSE(fs::exists(root / "contest"));
}

TEST_CASE("grade: a legacy range bounds the scores a custom validator writes") {
    // secret's two tests earn 50 each, range 0 80: echo's 100 is outside it, a judge fault scoring
    // 0; half's 50 + half of 50 (its validator's score_multiplier 0.5 on test 2) is inside.
    const fs::path root = scratch("import-range-validator");
    const fs::path dir = root / "pkg" / "scored";
    write_text(dir / "problem.yaml",
               "name: Scored\ntype: scoring\nvalidation: custom score\nlimits:\n  time_limit: 2\n");
    write_text(dir / "data/secret/testdata.yaml", "accept_score: 50\nrange: 0 80\n");
    for (const char* t : {"1", "2"}) {
        write_text(dir / "data/secret" / (std::string(t) + ".in"), std::string(t) + "\n");
        write_text(dir / "data/secret" / (std::string(t) + ".ans"), std::string(t) + "\n");
    }
    write_text(dir / "output_validators/check/validate.cpp", kValidator);
    write_text(dir / "submissions/accepted/echo.cpp", echo_unless("false", ""));
    write_text(dir / "submissions/partially_accepted/half.cpp", echo_unless("n == 2", "half"));
    const auto results = results_by_contestant(imported(dir, root / "contest"), root / "graded");
    CHECK(results.at("accepted-echo.cpp").points == 0);
    CHECK(results.at("accepted-echo.cpp").score_fault == "group 'secret' scored 100, outside its range 0 to 80");
    CHECK(results.at("partially_accepted-half.cpp").points == Approx(75));
    CHECK(results.at("partially_accepted-half.cpp").score_fault.empty());
}

TEST_CASE("verify: a Python 2 submission (its #! line, or .py2) is listed as not run, not as a difference") {
    // problemtools tells Python 2 from 3 by the first line; the judge has no Python 2.
    const fs::path root = scratch("verify-python2");
    const fs::path pkg = paths_package(root / "pkg");
    write_text(pkg / "submissions/accepted/old.py", "#!/usr/bin/env python2\nprint int(raw_input())\n");
    write_text(pkg / "submissions/accepted/older.py2", "print int(raw_input())\n");
    write_text(pkg / "submissions/accepted/new.py", "#!/usr/bin/env python3\nprint(int(input()))\n");
    const fs::path contest = imported(pkg, root / "contest");
    const auto v = verified(contest.parent_path(), root / "verify");
    std::map<std::string, std::string> why;
    for (const auto& s : v.submissions) why[s.contestant] = s.why;
    CHECK(v.differences() == 0);
    CHECK(why.at("accepted-old.py").find("no language 'python2'") != std::string::npos);
    CHECK(why.at("accepted-older.py2").find("no language 'python2'") != std::string::npos);
    CHECK(why.at("accepted-new.py").empty());
}
