// LemonLime's comparison modes, reproduced in behaviour for imported contests (docs/judge.md,
// "LemonLime contests"). LemonLime reads both files through one reader that hands out pieces of at
// most 32 bytes and counts line breaks (\n, \r and \r\n each one); these checkers read the same way,
// so its quirks hold here too:
//
//   lemon-lines          line pieces compared byte for byte: a trailing space differs, a missing
//                        final newline where the answer has one is WA ("less contents"), CRLF is
//                        a line break like LF; blank lines after the answer's last line are
//                        accepted; a line break right after a full 32-byte piece is not seen
//   lemon-ignore-spaces  word pieces compared; the same words on different lines are PE (0
//                        points), a missing word WA; line breaks after the last word do not count
//   lemon-real           numbers read as fscanf("%Lf") reads them (so "nan", "inf" and hex floats
//                        are numbers); a number matches when |out - ans| <= 10^-p or
//                        |out - ans| <= 10^-p * |ans|, p the task's realPrecision; a non-number in
//                        the output is WA, one in the answer a judge fault (LemonLime's FileError),
//                        more numbers than the answer WA (LemonLime's "too much contents")
//
// LemonLime's reading of a testlib special judge (CheckerProtocol::lemon_message): the exit code
// is ignored; stderr starting "ok" is full points, "FAIL" a judge fault, "partially correct (N)"
// N percent, "points X" the fraction X (capped at 1), anything else 0.
//
// Comparison mode 2, the external diff tool (lemon-diff): LemonLime runs `diff ARGS answer output`,
// ARGS the task's diffArguments as ONE argument (so "-b" works and "-b -B" makes diff fail), and
// accepts exit 0 only. Here diff runs the same way, in the sandbox; diff's own failure (exit 2: an
// option it does not know) is a judge fault, not the WA LemonLime would give every output.
//
// Comparison mode 4, Lemon's own special judge (CheckerProtocol::lemon_special):
//   judge input output answer FULL score_file report_file
// FULL the test case's full score; the judge writes the points earned as a whole number to
// score_file (>= FULL: accepted, 0: wrong, between: partial) and a message to report_file. A
// nonzero exit, no number, or a negative one is a judge fault (LemonLime: 0 points, "invalid
// special judge").
#pragma once

#include <filesystem>
#include <string_view>

#include "sudoku/judge/checkers/checkers.hpp"

namespace sudoku::judge {

inline constexpr int kLemonMaxRealPrecision = 30;

CheckResult check_lemon_lines(std::string_view output, std::string_view answer);
CheckResult check_lemon_ignore_spaces(std::string_view output, std::string_view answer);
// `precision` in 0..kLemonMaxRealPrecision.
CheckResult check_lemon_real(std::string_view output, std::string_view answer, int precision);

// The verdict a LemonLime-read testlib checker's stderr `message` gives.
CheckResult lemon_message_verdict(const std::string& message);

// Mode 2: `diff arguments answer output` run in the sandbox.
CheckResult run_lemon_diff(const std::string& arguments, const CheckFiles& files);

// Mode 4: the special judge at `judge` run in the sandbox, files.points its FULL.
CheckResult run_lemon_special_judge(const std::filesystem::path& judge, const CheckFiles& files);

// The verdict of a mode 4 judge's score file `text`, for a test case of `full` points.
CheckResult lemon_special_verdict(const std::string& text, double full, const std::string& report);

}  // namespace sudoku::judge
