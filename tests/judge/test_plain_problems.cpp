// Plain problems: a folder of tests with an optional problem.yaml (sudoku/judge/contest/plain_problem.hpp).
#include "grading/problem_checker.hpp"
#include "judge_fixture.hpp"
#include "sudoku/judge/checkers/float_checker.hpp"
#include "sudoku/judge/contest/grading_inputs.hpp"
#include "sudoku/judge/contest/plain_problem.hpp"
#include "sudoku/judge/grading/scoring.hpp"

using namespace judge_test;
using sudoku::Diagnostic;
using sudoku::judge::CheckResult;
using sudoku::judge::ContestProblem;

namespace {

std::variant<ContestProblem, Diagnostic> load(const fs::path& dir) { return sudoku::judge::load_plain_problem(dir); }

ContestProblem loaded(const fs::path& dir) {
    auto p = load(dir);
    if (auto* d = std::get_if<Diagnostic>(&p)) FAIL(d->to_string());
    return std::get<ContestProblem>(p);
}

std::string error_of(const fs::path& dir) {
    auto p = load(dir);
    REQUIRE(std::holds_alternative<Diagnostic>(p));
    return std::get<Diagnostic>(p).to_string();
}

void add_test(const fs::path& dir, const std::string& name, const std::string& in, const std::string& ans,
              const std::string& answer_ext = ".ans") {
    write_text(dir / (name + ".in"), in);
    write_text(dir / (name + answer_ext), ans);
}

std::vector<std::string> names_of(const ContestProblem& p) {
    std::vector<std::string> names;
    for (const auto& t : p.tests) names.push_back(t.name);
    return names;
}

}  // namespace

TEST_CASE("plain: tests are NAME.in with NAME.ans or NAME.out, in natural order (2 before 10)") {
    auto dir = scratch("plain-order") / "hello";
    for (const char* name : {"10", "2", "1", "a9", "a10"}) add_test(dir, name, "x\n", "y\n");
    add_test(dir, "3", "x\n", "y\n", ".out");
    write_text(dir / "notes.txt", "not a test\n");
    auto p = loaded(dir);
    CHECK(names_of(p) == std::vector<std::string>{"1", "2", "3", "10", "a9", "a10"});
    CHECK(p.tests[2].answer.filename() == "3.out");
    CHECK(sudoku::judge::natural_less("test2", "test10"));
    CHECK(!sudoku::judge::natural_less("test10", "test2"));
    CHECK(sudoku::judge::natural_less("007", "8"));
}

TEST_CASE(
    "plain: without problem.yaml the documented defaults apply (1 s, 256 MiB, stdio, tokens, 100 points shared)") {
    auto dir = scratch("plain-defaults") / "hello";
    for (const char* name : {"1", "2", "3", "4"}) add_test(dir, name, "x\n", "y\n");
    auto p = loaded(dir);
    CHECK(p.plain);
    CHECK(p.config.name == "hello");
    CHECK(p.config.time_limit_s == 1.0);
    CHECK(p.config.memory_limit_mib == 256);
    CHECK(p.config.checker == "tokens");
    CHECK(p.config.uses_stdin());
    CHECK(p.config.uses_stdout());
    CHECK(p.config.scoring == "per-test");
    for (const auto& t : p.tests) CHECK(t.points == 25);
    CHECK(sudoku::judge::max_points(p) == 100);
}

TEST_CASE("plain: problem.yaml sets limits, file I/O, the checker and groups matched by pattern") {
    auto dir = scratch("plain-yaml") / "pairs";
    for (const char* name : {"small1", "small2", "big1"}) add_test(dir, name, "x\n", "y\n");
    write_text(dir / "problem.yaml",
               "name: pairs\ninput: pairs.in\noutput: pairs.out\ntime_limit: 0.5\nmemory_limit: 64\n"
               "output_limit: 128\nchecker: lines\nscoring: per-group\ngroups:\n"
               "  - name: small\n    tests: \"small*\"\n    points: 30\n"
               "  - name: big\n    tests: \"big?\"\n    points: 70\n    depends: [small]\n");
    auto p = loaded(dir);
    CHECK(p.config.input_file == "pairs.in");
    CHECK(p.config.output_file == "pairs.out");
    CHECK(p.config.time_limit_s == 0.5);
    CHECK(p.config.memory_limit_mib == 64);
    CHECK(p.config.output_limit_kib == 128);
    CHECK(p.config.checker == "lines");
    REQUIRE(p.tests.size() == 3);
    CHECK(p.tests[0].name == "big1");
    CHECK(p.tests[0].group == "big");
    CHECK(p.tests[1].group == "small");
    CHECK(sudoku::judge::max_points(p) == 100);
    REQUIRE(p.dependencies.size() == 1);
    CHECK(p.dependencies[0].group == "big");
    CHECK(p.dependencies[0].on == std::vector<std::string>{"small"});
}

TEST_CASE("plain: a bad problem.yaml is refused at its file and line") {
    auto dir = scratch("plain-bad") / "p";
    add_test(dir, "1", "x\n", "y\n");
    const auto refused = [&](const std::string& yaml, const std::string& where, const std::string& what) {
        write_text(dir / "problem.yaml", yaml);
        const std::string e = error_of(dir);
        INFO(e);
        CHECK(e.find((dir / "problem.yaml").string() + ":" + where) != std::string::npos);
        CHECK(e.find(what) != std::string::npos);
    };
    refused("time_limit: 1\nmemory_limit: 1e9\n", "2", "memory_limit");
    refused("time_limit: 1000\n", "1", "time_limit");
    refused("input: ../../etc/passwd\n", "1", "plain file name");
    refused("output: /tmp/x\n", "1", "plain file name");
    refused("tme_limit: 1\n", "1", "tme_limit");
    refused("checker: float\nfloat: {absolute: -1}\n", "2", "absolute");
    refused("checker: nosuch-checker\n", "1", "does not exist");
    refused("groups:\n  - name: a\n    tests: \"zz*\"\n    points: 1\n", "", "matches no");
    refused("groups:\n  - name: a\n    tests: \"*\"\n    depends: [b]\n", "4", "not an earlier group");
    refused("time_limit: 1\ntime_limit: 2\n", "2", "time_limit");
    refused("tests:\n  - {name: a, input: 1.in, answer: 1.ans, checker_arguments: ['3']}\n", "2",
            "'checker_arguments' is for a checker with checker_protocol: kattis");
    refused("groups:\n  - {name: a, tests: \"*\", points: 1}\nscore_ranges:\n  - {name: s, groups: [b], max: 1}\n", "4",
            "names group 'b', which 'groups' does not define");
    refused(
        "groups:\n  - {name: a, tests: \"*\", points: 1}\nscore_ranges:\n  - {name: s, groups: [a], min: 2, max: 1}\n",
        "4", "min > max");
    refused("score_ranges:\n  - {name: s, groups: [a]}\n", "2", "give the problem 'groups'");
    const std::string listed = "tests:\n  - {name: a, input: 1.in, answer: 1.ans, group: s}\n";
    refused(listed + "score_tree:\n  - {name: data}\n  - {name: s, parent: nope}\n", "5", "not an earlier group");
    refused(listed + "score_tree:\n  - {name: data}\n", "2", "names group 's', which 'score_tree' does not define");
    refused(listed + "score_tree:\n  - {name: data}\n  - {name: s}\n", "5", "only the first group, the root");
    refused(listed + "score_tree:\n  - {name: data, aggregation: median}\n", "4", "'aggregation' is one of sum, min");
    refused(listed +
                "score_tree:\n  - {name: data}\n  - {name: s, parent: data}\ngroups:\n  - {name: a, tests: "
                "\"*\"}\n",
            "7", "not beside 'score_tree'");
    refused(listed, "2", "a listed test's 'group' names a group of 'score_tree'");
}

TEST_CASE("plain: space_change_sensitive holds the whitespace to the answer's, beside the tokens") {
    // Kattis's default validator flags: tokens compared ignoring case, and the whitespace between,
    // before and after them exactly.
    auto dir = scratch("plain-space") / "p";
    add_test(dir, "1", "x\n", "Hello  world 0.5\n");
    const auto verdict = [&](const std::string& yaml, const std::string& output) {
        write_text(dir / "problem.yaml", yaml);
        write_text(dir.parent_path() / "out", output);
        return sudoku::judge::check_problem_output(
            loaded(dir),
            sudoku::judge::CheckFiles{
                dir / "1.in", dir.parent_path() / "out", dir / "1.ans", dir.parent_path() / "scratch", {}});
    };
    const std::string tokens = "checker: tokens\ncase_sensitive: false\nspace_change_sensitive: true\n";
    CHECK(verdict(tokens, "HELLO  World 0.5\n").kind == CheckResult::Kind::accepted);
    const auto spaced = verdict(tokens, "hello world 0.5\n");
    CHECK(spaced.kind == CheckResult::Kind::wrong);
    CHECK(spaced.message.find("whitespace") != std::string::npos);
    CHECK(verdict(tokens, "hello  world 0.5").kind == CheckResult::Kind::wrong);
    CHECK(verdict("checker: tokens\ncase_sensitive: false\n", "hello world 0.5").kind == CheckResult::Kind::accepted);
    const std::string floats = "checker: float\nfloat: {absolute: 0.01}\nspace_change_sensitive: true\n";
    CHECK(verdict(floats, "Hello  world 0.501\n").kind == CheckResult::Kind::accepted);
    CHECK(verdict(floats, "Hello world\t0.501\n").kind == CheckResult::Kind::wrong);
    write_text(dir / "problem.yaml", "checker: lines\nspace_change_sensitive: true\n");
    CHECK(error_of(dir).find("'space_change_sensitive' is for the tokens and float checkers") != std::string::npos);
}

TEST_CASE("plain: a score_tree gives each listed test its group, worth that group's accept_score") {
    auto dir = scratch("plain-tree") / "p";
    add_test(dir, "1", "x\n", "y\n");
    add_test(dir, "2", "x\n", "y\n");
    write_text(dir / "problem.yaml",
               "tests:\n  - {name: a, input: 1.in, answer: 1.ans, group: secret}\n"
               "  - {name: b, input: 2.in, answer: 2.ans, group: secret}\n"
               "score_tree:\n  - {name: data}\n"
               "  - {name: secret, parent: data, aggregation: min, accept_score: 7, reject_score: 3, "
               "range: {max: 10}, on_reject: break}\n");
    const auto p = loaded(dir);
    REQUIRE(p.score_tree.size() == 2);
    CHECK(p.score_tree[1].aggregation == sudoku::problem::Aggregation::min);
    CHECK(p.score_tree[1].reject_score == 3);
    CHECK(p.score_tree[1].stop_on_reject);
    CHECK(p.score_tree[1].range->max == 10);
    REQUIRE(p.tests.size() == 2);
    CHECK(p.tests[1].group == "secret");
    CHECK(p.tests[1].points == 7);
    CHECK(sudoku::judge::max_points(p) == 7);
}

TEST_CASE("plain: a test without an answer, a linked test file and an empty folder are refused by name") {
    auto dir = scratch("plain-files") / "p";
    write_text(dir / "1.in", "x\n");
    CHECK(error_of(dir).find("test 1 has 1.in but no 1.ans or 1.out") != std::string::npos);
    write_text(dir / "1.ans", "y\n");
    write_text(dir.parent_path() / "secret", "s\n");
    fs::create_symlink(dir.parent_path() / "secret", dir / "2.in");
    write_text(dir / "2.ans", "y\n");
    CHECK(error_of(dir).find("2.in is not a regular file") != std::string::npos);
    fs::remove(dir / "2.in");
    fs::create_symlink(dir.parent_path() / "secret", dir / "3.ans");
    write_text(dir / "3.in", "x\n");
    CHECK(error_of(dir).find("3.ans is not a regular file") != std::string::npos);
    auto empty = scratch("plain-empty") / "q";
    fs::create_directories(empty);
    CHECK(error_of(empty).find("no tests") != std::string::npos);
}

TEST_CASE("plain: 100,000 tests are refused for their number, not for an answer beyond the listing's cut") {
    auto dir = scratch("plain-too-many") / "p";
    fs::create_directories(dir);
    for (int i = 1; i <= 100000; ++i) {
        std::ofstream(dir / (std::to_string(i) + ".in"));
        std::ofstream(dir / (std::to_string(i) + ".ans"));
    }
    const std::string error = error_of(dir);
    INFO(error);
    CHECK(error.find("more than 10000 tests") != std::string::npos);
    CHECK(error.find("but no") == std::string::npos);
}

TEST_CASE("plain: test-name patterns: * any run, ? one character, everything else literal") {
    using sudoku::judge::name_matches;
    CHECK(name_matches("small*", "small10"));
    CHECK(name_matches("*", ""));
    CHECK(name_matches("a?c", "abc"));
    CHECK(!name_matches("a?c", "ac"));
    CHECK(name_matches("*-1*", "sub-12"));
    CHECK(!name_matches("small", "small1"));
    CHECK(!name_matches("[a]", "a"));
}

TEST_CASE("float checker: numbers within the absolute or relative tolerance match, others are WA") {
    using sudoku::judge::check_float;
    const sudoku::judge::FloatTolerance t{1e-3, 1e-6};
    CHECK(check_float("3.1416\n", "3.14159", t).kind == CheckResult::Kind::accepted);
    CHECK(check_float("3.15", "3.14159", t).kind == CheckResult::Kind::wrong);
    CHECK(check_float("1000000.5", "1000000", {0, 1e-6}).kind == CheckResult::Kind::accepted);
    CHECK(check_float("1000002", "1000000", {0, 1e-6}).kind == CheckResult::Kind::wrong);
    CHECK(check_float("yes 2.0", "yes 2", t).kind == CheckResult::Kind::accepted);
    CHECK(check_float("no 2.0", "yes 2", t).kind == CheckResult::Kind::wrong);
    CHECK(check_float("nan", "1", t).kind == CheckResult::Kind::wrong);
    CHECK(check_float("1 2", "1", t).message == "extra token '2' after the 1 expected");
    CHECK(check_float("1", "1 2", t).message == "output ends after 1 token(s)");
    CHECK(check_float("0x1p0", "1", t).kind == CheckResult::Kind::wrong);
}

TEST_CASE("plain: a group scores only when the groups it depends on pass, and then fails its own dependants") {
    ContestProblem p;
    p.plain = true;
    p.config.scoring = "per-group";
    p.tests = {{"1", "a", "", "", 20}, {"2", "b", "", "", 30}, {"3", "c", "", "", 50}};
    p.dependencies = {{"b", {"a"}}, {"c", {"b"}}};
    const auto score = [&](sudoku::judge::Verdict a, sudoku::judge::Verdict b, sudoku::judge::Verdict c) {
        sudoku::judge::ProblemResult r;
        int i = 0;
        for (auto v : {a, b, c}) {
            sudoku::judge::TestResult t;
            t.test = p.tests[i].name;
            t.group = p.tests[i++].group;
            t.verdict = v;
            t.fraction = v == sudoku::judge::Verdict::AC ? 1 : 0;
            r.tests.push_back(t);
        }
        sudoku::judge::score_problem(r, p);
        return r.points;
    };
    using sudoku::judge::Verdict;
    CHECK(score(Verdict::AC, Verdict::AC, Verdict::AC) == 100);
    CHECK(score(Verdict::AC, Verdict::WA, Verdict::AC) == 20);  // c depends on b, which failed
    CHECK(score(Verdict::WA, Verdict::AC, Verdict::AC) == 0);   // b on a, c on b: transitively nothing
    CHECK(score(Verdict::AC, Verdict::AC, Verdict::WA) == 50);
    p.config.scoring = "per-test";
    p.tests = {{"1", "a", "", "", 20}, {"2", "b", "", "", 30}, {"3", "c", "", "", 50}};
    CHECK(score(Verdict::WA, Verdict::AC, Verdict::AC) == 0);
}

TEST_CASE("plain: a group of scoring max scores when any of its tests passes, and passes when all do") {
    auto dir = scratch("plain-max");
    const fs::path add = dir / "testdata/add";
    // sum_stdio adds correctly: a test whose answer is not the sum is wrong for it.
    add_test(add, "a1", "1 2\n", "3\n");
    add_test(add, "a2", "10 20\n", "31\n");
    add_test(add, "b1", "1 1\n", "3\n");
    add_test(add, "b2", "2 2\n", "5\n");
    add_test(add, "c1", "1 1\n", "2\n");
    add_test(add, "c2", "2 2\n", "5\n");
    add_test(add, "d1", "3 3\n", "6\n");
    write_text(add / "problem.yaml",
               "groups:\n"
               "  - {name: some, tests: \"a*\", points: 40, scoring: max}\n"
               "  - {name: none, tests: \"b*\", points: 25, scoring: max}\n"
               "  - {name: all, tests: \"c*\", points: 20, scoring: per-group}\n"
               "  - {name: after, tests: \"d*\", points: 15, depends: [some]}\n");
    write_text(dir / "contest.yaml", "name: Plain\nproblems: [add]\n");
    fs::create_directories(dir / "contestants/amy");
    fs::copy_file(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs/sum_stdio.c", dir / "contestants/amy/add.c");
    auto contest = sudoku::judge::load_contest(dir / "contest.yaml");
    if (auto* d = std::get_if<Diagnostic>(&contest)) FAIL(d->to_string());
    sudoku::judge::GradeOptions options;
    options.out_dir = dir / "out";
    const auto results = sudoku::judge::grade(std::get<sudoku::judge::Contest>(contest), options);
    REQUIRE(results.contestants.size() == 1);
    const auto& amy = results.contestants[0].problems[0];
    CHECK(amy.max_points == Approx(100));
    // some: max(1, 0) x 40; none: max(0, 0) x 25; all: min(1, 0) x 20; after depends on some,
    // which did not pass (a2 is wrong), so its accepted d1 earns nothing.
    REQUIRE(amy.groups.size() == 4);
    CHECK(amy.groups[0].points == Approx(40));
    CHECK_FALSE(amy.groups[0].passed);
    CHECK(amy.groups[1].points == 0);
    CHECK(amy.groups[2].points == 0);
    CHECK(amy.groups[3].points == 0);
    CHECK(results.contestants[0].total == Approx(40));
}

TEST_CASE("plain: a contest grades a folder-of-tests problem, and changing a test file changes the fingerprint") {
    auto dir = scratch("plain-contest");
    const fs::path add = dir / "testdata/add";
    add_test(add, "1", "1 2\n", "3\n");
    add_test(add, "2", "10 20\n", "30\n");
    add_test(add, "10", "100 200\n", "301\n");  // a wrong answer: nobody passes this one
    write_text(dir / "contest.yaml", "name: Plain\nproblems: [add]\n");
    fs::create_directories(dir / "contestants/amy");
    fs::copy_file(fs::path(SUDOKU_SOURCE_DIR) / "tests/judge/programs/sum_stdio.c", dir / "contestants/amy/add.c");
    auto contest = sudoku::judge::load_contest(dir / "contest.yaml");
    if (auto* d = std::get_if<Diagnostic>(&contest)) FAIL(d->to_string());
    const auto& c = std::get<sudoku::judge::Contest>(contest);
    REQUIRE(c.problems.size() == 1);
    CHECK(c.problems[0].plain);
    const std::string before = sudoku::judge::GradingInputs(c).fingerprint();
    const std::string test_10_before = sudoku::judge::GradingInputs(c).of_test("amy", "add", "10");
    const std::string test_2_before = sudoku::judge::GradingInputs(c).of_test("amy", "add", "2");

    sudoku::judge::GradeOptions options;
    options.out_dir = dir / "out";
    auto results = sudoku::judge::grade(c, options);
    REQUIRE(results.contestants.size() == 1);
    const auto& amy = results.contestants[0].problems[0];
    REQUIRE(amy.tests.size() == 3);
    CHECK(amy.tests[0].verdict == sudoku::judge::Verdict::AC);
    CHECK(amy.tests[2].test == "10");
    CHECK(amy.tests[2].verdict == sudoku::judge::Verdict::WA);
    CHECK(std::abs(results.contestants[0].total - 200.0 / 3) < 1e-9);

    write_text(add / "10.ans", "300\n");
    auto again = sudoku::judge::load_contest(dir / "contest.yaml");
    REQUIRE(std::holds_alternative<sudoku::judge::Contest>(again));
    const auto& c2 = std::get<sudoku::judge::Contest>(again);
    CHECK(sudoku::judge::GradingInputs(c2).fingerprint() != before);
    CHECK(sudoku::judge::GradingInputs(c2).of_test("amy", "add", "10") != test_10_before);
    CHECK(sudoku::judge::GradingInputs(c2).of_test("amy", "add", "2") == test_2_before);
    results = sudoku::judge::grade(c2, options);
    CHECK(results.contestants[0].total == Approx(100));
}
