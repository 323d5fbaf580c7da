// The checkers on the edge cases contestants produce.
#include <nlohmann/json.hpp>

#include "judge_fixture.hpp"
#include "sudoku/checkers.hpp"
#include "sudoku/formats.hpp"
#include "sudoku/problems.hpp"

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
