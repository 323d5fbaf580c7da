// The checkers on the edge cases contestants produce.
#include <cmath>
#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"
#include "sudoku/judge/checkers/checkers.hpp"
#include "sudoku/judge/checkers/lemon_checkers.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/problems.hpp"

using namespace sudoku::judge;
using Kind = CheckResult::Kind;
using judge_test::scratch;
using judge_test::write_text;

TEST_CASE("tokens checker: a missing final newline is accepted") {
    CHECK(check_tokens("2829", "2829\n").kind == Kind::accepted);
}

TEST_CASE("tokens checker: CRLF line ends and trailing spaces are accepted") {
    CHECK(check_tokens("1 2\r\n3  \r\n", "1 2\n3\n").kind == Kind::accepted);
}

TEST_CASE("tokens checker: an extra token is WA naming the token") {
    auto r = check_tokens("2829 7\n", "2829\n");
    CHECK(r.kind == Kind::wrong);
    CHECK(r.message.find("extra token '7'") != std::string::npos);
}

TEST_CASE("tokens checker: empty output is WA saying so") {
    auto r = check_tokens("", "2829\n");
    CHECK(r.kind == Kind::wrong);
    CHECK(r.message.find("empty output") != std::string::npos);
}

TEST_CASE("tokens checker: numbers are compared as written so +2829 and 2829.0 are WA") {
    CHECK(check_tokens("+2829\n", "2829\n").kind == Kind::wrong);
    CHECK(check_tokens("2829.0\n", "2829\n").kind == Kind::wrong);
}

TEST_CASE("tokens checker: a NUL byte inside a token is WA and shown escaped") {
    auto r = check_tokens(std::string("28\0"
                                      "29\n",
                                      6),
                          "2829\n");
    CHECK(r.kind == Kind::wrong);
    CHECK(r.message.find("\\x00") != std::string::npos);
}

TEST_CASE("exact checker: identical bytes are AC and a CRLF copy is PE") {
    CHECK(check_exact("1 2\n", "1 2\n").kind == Kind::accepted);
    CHECK(check_exact("1 2\r\n", "1 2\n").kind == Kind::presentation);
    CHECK(check_exact("1 3\n", "1 2\n").kind == Kind::wrong);
}

TEST_CASE("lines checker: trailing blanks and a missing final newline are accepted") {
    CHECK(check_lines("1 2  \r\n3", "1 2\n3\n\n").kind == Kind::accepted);
}

TEST_CASE("lines checker: the same tokens split over other lines are PE naming the line") {
    auto r = check_lines("1\n2\n", "1 2\n");
    CHECK(r.kind == Kind::presentation);
    CHECK(r.message.find("line 1") != std::string::npos);
}

namespace {
const char* kPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
const char* kSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n";
}  // namespace

TEST_CASE("sudoku checker: any valid completion of the pristine input is accepted") {
    auto dir = scratch("sudoku-checker");
    write_text(dir / "01.in", kPuzzle);
    CHECK(check_sudoku("line81", dir / "01.in", kSolution).kind == Kind::accepted);
    std::string broken = kSolution;
    std::swap(broken[0], broken[1]);  // rows still full, but a clue is changed
    auto r = check_sudoku("line81", dir / "01.in", broken);
    CHECK(r.kind == Kind::wrong);
    CHECK_FALSE(r.message.empty());
}

TEST_CASE("sudoku checker: unreadable test input is a checker FAIL") {
    auto dir = scratch("sudoku-checker-fail");
    CHECK(check_sudoku("line81", dir / "absent.in", kSolution).kind == Kind::fail);
    CHECK(check_sudoku("no-such-problem", dir / "absent.in", kSolution).kind == Kind::fail);
}

namespace {
CheckResult external(const std::string& script_body) {
    auto dir = scratch("testlib");
    write_text(dir / "checker", "#!/bin/sh\n" + script_body);
    std::filesystem::permissions(dir / "checker", std::filesystem::perms::all);
    write_text(dir / "in", "1 2\n");
    write_text(dir / "out", "4\n");  // differs from the answer, so that swapping the two is seen
    write_text(dir / "ans", "3\n");
    return run_checker((dir / "checker").string(), "line81",
                       CheckFiles{dir / "in", dir / "out", dir / "ans", dir / "scratch", {}});
}
}  // namespace

TEST_CASE("testlib checker: exit codes 0 1 2 3 map to AC WA PE FAIL with the message") {
    auto ok = external("echo 'ok 1 number' >&2; exit 0\n");
    CHECK(ok.kind == Kind::accepted);
    CHECK(ok.message == "ok 1 number");
    CHECK(external("echo 'wrong answer expected 3' >&2; exit 1\n").kind == Kind::wrong);
    CHECK(external("exit 2\n").kind == Kind::presentation);
    CHECK(external("exit 3\n").kind == Kind::fail);
}

TEST_CASE("testlib checker: exit code 7 gives the fraction written first in the message") {
    auto r = external("echo '0.25 one grid of four' >&2; exit 7\n");
    CHECK(r.kind == Kind::partial);
    CHECK(r.fraction == Approx(0.25));
    CHECK(external("echo 'no number here' >&2; exit 7\n").kind == Kind::fail);
}

TEST_CASE("testlib checker: quitp's 'points 0.75' is a fraction, and quitpi's points_info is no score, a FAIL") {
    auto quitp = external("echo 'points 0.75 three of four' >&2; exit 7\n");
    CHECK(quitp.kind == Kind::partial);
    CHECK(quitp.fraction == Approx(0.75));
    for (const char* message : {"points points_info=pa=0.75,pb=1 three of four", "points_info=0.5"}) {
        INFO(message);
        auto quitpi = external(std::string("echo '") + message + "' >&2; exit 7\n");
        CHECK(quitpi.kind == Kind::fail);
        CHECK_THAT(quitpi.message, Catch::Contains("points_info (testlib's quitpi), which is no score"));
    }
}

TEST_CASE("testlib checker: it receives the input output and answer paths in that order") {
    auto r = external(
        "[ \"$(cat \"$1\")\" = '1 2' ] && [ \"$(cat \"$2\")\" = 4 ] && [ \"$(cat \"$3\")\" = 3 ] && exit 0; exit 1\n");
    CHECK(r.kind == Kind::accepted);
}

TEST_CASE("tokens checker: bytes that are not ASCII are shown escaped so the reason stays valid UTF-8") {
    auto r = check_tokens("28\xff\xfe\n", "2829\n");
    CHECK(r.kind == Kind::wrong);
    CHECK(r.message.find("\\xff\\xfe") != std::string::npos);
    CHECK(r.message == "token 1: expected '2829', found '28\\xff\\xfe'");
    // Valid UTF-8: it goes into results.json as it is (dump would throw on invalid UTF-8).
    CHECK(nlohmann::json::parse(nlohmann::json(r.message).dump()) == r.message);
}

// LemonLime's comparison modes, case by case as its judgingthread.cpp decides them.
TEST_CASE("lemon-lines checker: CRLF is a line break, a trailing space or a missing final newline is WA") {
    CHECK(check_lemon_lines("hello world\r\n", "hello world\n").kind == Kind::accepted);
    CHECK(check_lemon_lines("hello world \n", "hello world\n").kind == Kind::wrong);
    const auto short_output = check_lemon_lines("a b c", "a b c\n");
    CHECK(short_output.kind == Kind::wrong);
    CHECK(short_output.message.find("less than the answer") != std::string::npos);
    CHECK(check_lemon_lines("a\nb\n", "a\nb\nc\n").kind == Kind::wrong);
    CHECK(check_lemon_lines("a\nc\n", "a\nb\n").kind == Kind::wrong);
}

TEST_CASE("lemon-lines checker: blank lines after the answer's end are accepted, as LemonLime's reader does") {
    CHECK(check_lemon_lines("a\n\n\n", "a\n").kind == Kind::accepted);
    CHECK(check_lemon_lines("a\n", "a").kind == Kind::accepted);
    CHECK(check_lemon_lines("a\nb\n", "a").kind == Kind::wrong);
    // It reads 32 bytes at a time, so a line break right after 32 bytes goes unseen.
    const std::string piece(32, 'x');
    CHECK(check_lemon_lines(piece + "\ny\n", piece + "y\n").kind == Kind::accepted);
    CHECK(check_lemon_lines(piece + "z\n", piece + "y\n").kind == Kind::wrong);
}

TEST_CASE("lemon-ignore-spaces checker: the same words on other lines are PE, spacing within a line is not") {
    CHECK(check_lemon_ignore_spaces("  x \t\n y\r\nz", "x\ny\nz\n").kind == Kind::accepted);
    const auto one_line = check_lemon_ignore_spaces("x y z\n", "x\ny\nz\n");
    CHECK(one_line.kind == Kind::presentation);
    CHECK(one_line.fraction == 0);
    CHECK(check_lemon_ignore_spaces("x\ny\n\n\n", "x\ny\n").kind == Kind::accepted);
    CHECK(check_lemon_ignore_spaces("x\n", "x\ny\n").kind == Kind::wrong);
    CHECK(check_lemon_ignore_spaces("x\ny\nw\n", "x\ny\n").kind == Kind::wrong);
    CHECK(check_lemon_ignore_spaces("x,y,z.\n", "x\ny\nz\n").kind == Kind::wrong);
}

TEST_CASE("lemon-real checker: within 10^-p absolutely or relative to the answer") {
    CHECK(check_lemon_real("0.1226\n", "0.1225\n", 3).kind == Kind::accepted);          // 1e-4 absolute
    CHECK(check_lemon_real("1001500.25\n", "1001000.25\n", 3).kind == Kind::accepted);  // 5e-4 relative
    CHECK(check_lemon_real("100510000\n", "100010000.25\n", 3).kind == Kind::wrong);    // 5e-3 relative
    CHECK(check_lemon_real("0.1\n", "0.1225\n", 3).kind == Kind::wrong);
    CHECK(check_lemon_real("1 2 3", "1\n2\n3\n", 3).kind == Kind::accepted);
    CHECK(check_lemon_real("1 2", "1 2 3\n", 3).kind == Kind::wrong);
    CHECK(check_lemon_real("1 2 3 4", "1 2 3\n", 3).kind == Kind::wrong);
    CHECK(check_lemon_real("1 x", "1 2\n", 3).kind == Kind::wrong);
    CHECK(check_lemon_real("1 2", "1 oops\n", 3).kind == Kind::fail);  // the answer's fault: LemonLime's FileError
    CHECK(check_lemon_real("nan inf", "nan inf\n", 3).kind == Kind::accepted);
    CHECK(check_lemon_real("inf", "5\n", 3).kind == Kind::wrong);
    CHECK(check_lemon_real("", "", 0).kind == Kind::accepted);
    CHECK(check_lemon_real("1.4", "1\n", 0).kind == Kind::accepted);  // precision 0: within 1
}

TEST_CASE("LemonLime's reading of a testlib checker: the start of its message decides, not its exit code") {
    CHECK(lemon_message_verdict("ok 3 numbers").kind == Kind::accepted);
    CHECK(lemon_message_verdict("wrong answer expected 3").kind == Kind::wrong);
    CHECK(lemon_message_verdict("FAIL no answer").kind == Kind::fail);
    const auto half = lemon_message_verdict("points 0.5 off by one");
    CHECK(half.kind == Kind::partial);
    CHECK(half.fraction == 0.5);
    CHECK(lemon_message_verdict("points 1.5").kind == Kind::accepted);
    CHECK(lemon_message_verdict("points x").kind == Kind::wrong);
    // N percent: whole points as LemonLime's integer N * full / 100, even where the double 0.29
    // times 100 falls just below 29.
    const auto percent = lemon_message_verdict("partially correct (29) close");
    CHECK(percent.kind == Kind::partial);
    CHECK(std::floor(100 * percent.fraction) == 29);
    CHECK(std::floor(25 * lemon_message_verdict("partially correct (90)").fraction) == 22);
    CHECK(lemon_message_verdict("partially correct (99999999999)").kind == Kind::wrong);  // an int overflow reads 0
}

TEST_CASE("checkers: a token in a message is shown one way, quoted, cut and escaped") {
    const std::string long_token(40, 'a');
    const auto r = check_tokens(long_token + "\x01", "b");
    CHECK(r.message == "token 1: expected 'b', found '" + std::string(24, 'a') + "...'");
    CHECK(check_lemon_lines("\x01x\n", "y\n").message.find("'\\x01x'") != std::string::npos);
}
