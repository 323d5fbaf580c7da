// Checkers: is this output right for this test? Each reads the pristine input and answer from the
// test data, never the contestant's copy.
//
//   tokens   (default) whitespace-separated tokens compared exactly; CRLF, spacing and a missing
//            final newline do not matter
//   exact    bytes compared exactly; same tokens in another layout is PE
//   lines    lines compared with trailing whitespace (and CR) ignored, trailing blank lines too;
//            same tokens in another layout is PE
//   sudoku   the problem's own check (sudoku/solver/problems.hpp): any valid completion is accepted
//   <path>   an external testlib checker: `checker input output answer`, exit 0 AC, 1 WA, 2 PE,
//            3 FAIL, 7 partial points (the first number of its message is the fraction 0..1). It
//            runs sandboxed in its own root, where it finds itself and its three files read-only
//            at /check/checker, /check/input, /check/output, /check/answer, and nothing else of
//            the test data
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::judge {

// testlib's exit codes (its _ok, _wa, _pe, _fail, _points): how a testlib checker says its verdict.
namespace testlib_exit {
inline constexpr int kOk = 0;
inline constexpr int kWrongAnswer = 1;
inline constexpr int kPresentationError = 2;
inline constexpr int kFail = 3;
inline constexpr int kPoints = 7;  // partial points: the first number of the message is the fraction
}  // namespace testlib_exit

struct CheckResult {
    enum class Kind { accepted, partial, wrong, presentation, fail };
    Kind kind = Kind::fail;
    double fraction = 0;  // 1 for accepted, the checker's share for partial, else 0
    std::string message;
    std::optional<double> score = {};  // a Kattis validator's score.txt, as written (a test's own score)

    static CheckResult accepted(std::string m = "ok") { return {Kind::accepted, 1, std::move(m)}; }
    static CheckResult wrong(std::string m) { return {Kind::wrong, 0, std::move(m)}; }
    static CheckResult presentation(std::string m) { return {Kind::presentation, 0, std::move(m)}; }
    static CheckResult fail(std::string m) { return {Kind::fail, 0, std::move(m)}; }
};

CheckResult check_tokens(std::string_view output, std::string_view answer);

// Whether two texts have the same whitespace between, before and after their tokens (Kattis's
// space_change_sensitive, beside a comparison of the tokens themselves).
bool same_spacing(std::string_view output, std::string_view answer);
CheckResult check_exact(std::string_view output, std::string_view answer);
CheckResult check_lines(std::string_view output, std::string_view answer);
// `problem` is a solver-library problem name (ProblemConfig::problem).
CheckResult check_sudoku(const std::string& problem, const std::filesystem::path& input, std::string_view output);

struct CheckFiles {
    std::filesystem::path input, output, answer;        // input and answer pristine, from the test data
    std::filesystem::path scratch;                      // a directory the checker may write to
    std::vector<std::filesystem::path> read_only_dirs;  // CONTEST.yaml read_only_dirs (a toolchain)
    double points = 0;                                  // the test's points: a Kattis score.txt's scale
    std::vector<std::string> arguments = {};            // after the protocol's own (Kattis validator flags)
    // A Kattis score.txt taken as the test's own score, whatever its points (a problem scored by
    // its package's group tree); else it is a share of the points, and above them a fault.
    bool own_scores = false;
};

// Runs the named checker ("tokens", "exact", "lines", "sudoku", or a path to a testlib checker).
CheckResult run_checker(const std::string& checker, const std::string& problem, const CheckFiles& files);

// How an external checker says its verdict.
enum class CheckerProtocol {
    testlib,        // testlib's exit codes (testlib_exit)
    lemon_message,  // LemonLime's reading of a testlib checker: the start of its stderr (lemon_checkers.hpp)
    lemon_special,  // Lemon's own special judge: a score file of whole points (lemon_checkers.hpp)
    kattis,         // a Kattis output validator: `validator input answer feedback/ [arguments] < output`,
                    // exit 42 AC, 43 WA, anything else FAIL; feedback/score.txt (points earned, of
                    // CheckFiles::points) or score_multiplier.txt (a share) makes it partial, and
                    // judgemessage.txt is the message (kattis_validator.hpp)
    cms,            // a CMS checker: `checker input answer output`, the outcome 0..1 on stdout, the
                    // message on stderr (cms_checker.hpp)
};

// Runs the external checker at `checker` in the sandbox and reads its verdict by `protocol`.
CheckResult run_external_checker(const std::filesystem::path& checker, CheckerProtocol protocol,
                                 const CheckFiles& files);

}  // namespace sudoku::judge
