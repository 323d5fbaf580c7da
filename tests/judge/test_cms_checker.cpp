// The CMS checker protocol (sudoku/judge/checkers/cms_checker.hpp): a plain problem's
// `checker_protocol: cms` read from problem.yaml and graded, with hand-written checkers for each
// outcome and with the checker `sudoku-gen export --format cms` writes, built as a CMS host builds it.
#include <map>
#include <utility>

#include "grading/problem_checker.hpp"
#include "import/problem_yaml_writer.hpp"
#include "judge_fixture.hpp"
#include "sudoku/formats/checker_export.hpp"
#include "sudoku/judge/checkers/cms_checker.hpp"
#include "sudoku/judge/contest/plain_problem.hpp"
#include "support/files.hpp"
#include "support/skip.hpp"

using namespace judge_test;
using sudoku::Diagnostic;
using sudoku::judge::CheckFiles;
using sudoku::judge::CheckResult;
using sudoku::judge::ContestProblem;
using Kind = CheckResult::Kind;

namespace {

ContestProblem loaded(const fs::path& dir) {
    auto p = sudoku::judge::load_plain_problem(dir);
    if (auto* d = std::get_if<Diagnostic>(&p)) FAIL(d->to_string());
    return std::get<ContestProblem>(p);
}

void write_script(const fs::path& file, const std::string& body) {
    write_text(file, "#!/bin/sh\n" + body);
    fs::permissions(file, fs::perms::all);
}

// The verdict of a plain problem whose problem.yaml names the shell script `body` as its CMS
// checker, on the test "1 2" with answer 3 and the output 4 (so that a swap of the two is seen).
CheckResult checked(const std::string& body) {
    const fs::path dir = scratch("cms-checker");
    const fs::path problem = dir / "sum";
    write_text(problem / "1.in", "1 2\n");
    write_text(problem / "1.ans", "3\n");
    write_script(problem / "checker", body);
    write_text(problem / "problem.yaml", "checker: checker\nchecker_protocol: cms\n");
    write_text(dir / "out", "4\n");
    const ContestProblem p = loaded(problem);
    REQUIRE(p.checker_protocol == sudoku::judge::CheckerProtocol::cms);
    return sudoku::judge::check_problem_output(
        p, CheckFiles{problem / "1.in", dir / "out", problem / "1.ans", dir / "scratch", {}});
}

}  // namespace

TEST_CASE("cms checker: outcome 1 is AC, 0 WA and 0.5 half, the message the first line of stderr") {
    const CheckResult one = checked("echo 1; echo 'all right' >&2; echo 'ADMIN_MESSAGE: not shown' >&2\n");
    CHECK(one.kind == Kind::accepted);
    CHECK(one.fraction == 1);
    CHECK(one.message == "all right");
    const CheckResult zero = checked("echo 0.0; echo 'expected 3, found 4' >&2\n");
    CHECK(zero.kind == Kind::wrong);
    CHECK(zero.fraction == 0);
    CHECK(zero.message == "expected 3, found 4");
    const CheckResult half = checked("echo ' 0.5 '; echo translate:partial >&2\n");
    CHECK(half.kind == Kind::partial);
    CHECK(half.fraction == Approx(0.5));
    CHECK(half.message == "Output is partially correct");
}

TEST_CASE("cms checker: an outcome not one number 0..1, a nonzero exit or a crash is a checker FAIL, never points") {
    const std::pair<const char*, const char*> cases[] = {
        {"echo abc\n", "the CMS checker's outcome is not a number 0..1: 'abc'"},
        {"echo 1.5\n", "the CMS checker's outcome 1.5 is outside 0..1"},
        {"echo -0.25\n", "the CMS checker's outcome -0.25 is outside 0..1"},
        {"echo nan\n", "not a number 0..1"},
        {"echo '0.5 0.5'\n", "not a number 0..1"},
        {"echo 0x1p-1\n", "not a number 0..1"},
        {"echo translate:success >&2\n", "wrote no outcome on stdout"},
        {"echo 1; echo 'cannot read the answer' >&2; exit 3\n", "CMS checker exit code 3"},
        {"echo 1; kill -SEGV $$\n", "CMS checker killed by signal 11"},
    };
    for (auto [body, reason] : cases) {
        INFO(body);
        const CheckResult r = checked(body);
        CHECK(r.kind == Kind::fail);
        CHECK(r.fraction == 0);
        CHECK_THAT(r.message, Catch::Contains(reason));
    }
}

TEST_CASE("cms checker: it receives the input, the answer and the output, in CMS's order") {
    const CheckResult r = checked(
        "[ \"$(cat \"$1\")\" = '1 2' ] && [ \"$(cat \"$2\")\" = 3 ] && [ \"$(cat \"$3\")\" = 4 ] && echo 1 && "
        "exit 0\necho 0\n");
    CHECK(r.kind == Kind::accepted);
}

TEST_CASE("cms checker: CMS's stock messages are shown in its words, and only the first lines are read") {
    using sudoku::judge::cms_verdict;
    CHECK(cms_verdict("1.0\n", "translate:success\n").message == "Output is correct");
    CHECK(cms_verdict("0\n", "translate:wrong\n").message == "Output isn't correct");
    CHECK(cms_verdict("0\n", "translate:maybe\n").message == "translate:maybe");
    CHECK(cms_verdict("0.25\n", "").message == "Output is partially correct");
    const CheckResult first = cms_verdict("1\nabc\n", "fine\nmore\n");
    CHECK(first.kind == Kind::accepted);
    CHECK(first.message == "fine");
    CHECK(cms_verdict("\n1\n", "").kind == Kind::fail);
    CHECK(cms_verdict("1e-1\r\n", "").fraction == Approx(0.1));
}

TEST_CASE("import: a checker of CMS's protocol is written as checker_protocol: cms and read back") {
    const fs::path dir = scratch("cms-written");
    write_text(dir / "data/1.in", "1 2\n");
    write_text(dir / "data/1.ans", "3\n");
    write_script(dir / "checker", "echo 1\n");
    sudoku::problem::Problem model;
    model.name = "sum";
    sudoku::problem::Test test;
    test.name = "1";
    test.input = dir / "data/1.in";
    test.answer = dir / "data/1.ans";
    model.tests = {test};
    model.checker.kind = sudoku::problem::CheckerKind::program;
    model.checker.protocol = sudoku::problem::CheckerProtocol::cms;
    const auto written = sudoku::judge::write_problem_yaml(model, dir, dir / "checker");
    CHECK(written.refusals.empty());
    CHECK_THAT(written.yaml, Catch::Contains("checker_protocol: cms\n"));
    write_text(dir / "problem.yaml", written.yaml);
    CHECK(loaded(dir).checker_protocol == sudoku::judge::CheckerProtocol::cms);
}

// grid: line81's test 01, checked by the CMS checker `sudoku-gen export` writes for line81
// (any valid completion), compiled as CMS's documentation says; half: a checker that always says
// 0.5; broken: one that says 1.5. amy prints the answer file, bob the same with its first digit
// changed (a clue's digit, so no valid completion).
//   amy: grid AC 100, half PC 50, broken FAIL 0: 150
//   bob: grid WA 0,   half PC 50, broken FAIL 0: 50
TEST_CASE("cms checker: the checker exported for CMS grades a plain problem, a right output AC and a wrong one WA") {
    if (!sudoku::testing::on_path("g++")) sudoku::testing::skip_test("no g++ on PATH to compile the CMS checker");
    const fs::path dir = scratch("cms-contest");
    const fs::path line81 = fs::path(SUDOKU_SOURCE_DIR) / "testdata/line81";
    const fs::path grid = dir / "testdata/grid";
    fs::create_directories(grid);
    fs::copy_file(line81 / "01.in", grid / "01.in");
    fs::copy_file(line81 / "01.ans", grid / "01.ans");
    const fs::path source = dir / "cms_checker.cpp";
    write_text(source, sudoku::formats::checker_source(sudoku::formats::CheckerHost::cms, "line81"));
    REQUIRE(sudoku::testing::exit_status_of("g++ -O2 -std=c++11 -o " + sudoku::testing::shell_quoted(grid / "checker") +
                                            " " + sudoku::testing::shell_quoted(source)) == 0);
    const std::string yaml = "checker: checker\nchecker_protocol: cms\n";
    write_text(grid / "problem.yaml", yaml);
    for (auto [name, say] : {std::pair{"half", "0.5"}, std::pair{"broken", "1.5"}}) {
        write_text(dir / "testdata" / name / "1.in", "1 2\n");
        write_text(dir / "testdata" / name / "1.ans", "3\n");
        write_script(dir / "testdata" / name / "checker", std::string("echo ") + say + "\n");
        write_text(dir / "testdata" / name / "problem.yaml", yaml);
    }
    write_text(dir / "contest.yaml", "name: Cms\nproblems: [grid, half, broken]\n");
    const std::string answer = read_text(grid / "01.ans");
    std::string wrong = answer;
    const size_t clue = read_text(grid / "01.in").find_first_of("123456789");
    REQUIRE(clue < wrong.size());
    wrong[clue] = wrong[clue] == '9' ? '1' : static_cast<char>(wrong[clue] + 1);
    for (auto [who, text] : {std::pair{"amy", answer}, std::pair{"bob", wrong}}) {
        write_text(dir / "contestants" / who / "grid.py", "print(\"\"\"" + text + "\"\"\", end='')\n");
        write_text(dir / "contestants" / who / "half.py", "print(3)\n");
        write_text(dir / "contestants" / who / "broken.py", "print(3)\n");
    }
    auto contest = sudoku::judge::load_contest(dir / "contest.yaml");
    if (auto* d = std::get_if<Diagnostic>(&contest)) FAIL(d->to_string());
    sudoku::judge::GradeOptions options;
    options.out_dir = dir / "out";
    const auto results = sudoku::judge::grade(std::get<sudoku::judge::Contest>(contest), options);
    std::map<std::string, std::map<std::string, sudoku::judge::Verdict>> verdicts;
    std::map<std::string, double> totals;
    for (const auto& c : results.contestants) {
        totals[c.name] = c.total;
        for (const auto& p : c.problems) {
            REQUIRE(p.tests.size() == 1);
            INFO(c.name << " " << p.problem << ": " << p.tests[0].reason);
            verdicts[c.name][p.problem] = p.tests[0].verdict;
        }
    }
    using sudoku::judge::Verdict;
    CHECK(verdicts["amy"] ==
          std::map<std::string, Verdict>{{"grid", Verdict::AC}, {"half", Verdict::PC}, {"broken", Verdict::FAIL}});
    CHECK(verdicts["bob"] ==
          std::map<std::string, Verdict>{{"grid", Verdict::WA}, {"half", Verdict::PC}, {"broken", Verdict::FAIL}});
    CHECK(totals["amy"] == Approx(150));
    CHECK(totals["bob"] == Approx(50));
}
