// LemonLime's comparison modes (sudoku/judge/checkers/lemon_checkers.hpp). Written from its behaviour, as its
// judgingthread.cpp describes it; nothing of it is copied.
#include "sudoku/judge/checkers/lemon_checkers.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "checker_program.hpp"
#include "sudoku/judge/runner_client/runner_contract.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "token_text.hpp"

namespace sudoku::judge {

namespace {

// The pieces LemonLime's reader hands out. It learns that a file has ended only when it looks past
// the last byte, so a piece can end exactly at the end of the file without the reader knowing yet:
// "ended" is that knowledge, and it decides its verdicts ("less contents").
class LemonReader {
public:
    static constexpr size_t kPieceBytes = 32;

    explicit LemonReader(std::string_view text) : text_(text) {}

    bool ended() const { return ended_; }
    int line() const { return line_; }

    // The rest of the current line, at most 32 bytes, after one line break if it stands here.
    std::string_view next_line_piece() {
        skip_one_line_break();
        const size_t start = at_;
        for (size_t n = 0; n < kPieceBytes; ++n) {
            const auto c = peek();
            if (!c || *c == '\n' || *c == '\r') break;
            ++at_;
        }
        return text_.substr(start, at_ - start);
    }

    // The next word, at most 32 bytes, after the white space before it (counting its line breaks).
    std::string_view next_word_piece() {
        for (auto c = peek(); c && is_space(*c); c = peek()) {
            if (*c == '\n' || *c == '\r')
                skip_one_line_break();
            else
                ++at_;
        }
        const size_t start = at_;
        if (ended_) return text_.substr(start, 0);
        for (size_t n = 0; n < kPieceBytes; ++n) {
            const auto c = peek();
            if (!c || is_space(*c)) break;
            ++at_;
        }
        return text_.substr(start, at_ - start);
    }

private:
    static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

    std::optional<char> peek() {
        if (at_ == text_.size()) ended_ = true;
        if (ended_) return std::nullopt;
        return text_[at_];
    }

    // \n, \r or \r\n: one line break.
    void skip_one_line_break() {
        auto c = peek();
        if (!c || (*c != '\r' && *c != '\n')) return;
        if (*c == '\r') ++at_;
        c = peek();
        if (c && *c == '\n') ++at_;
        ++line_;
    }

    std::string_view text_;
    size_t at_ = 0;
    int line_ = 1;
    bool ended_ = false;
};

std::string on_line(int line) { return "on line " + std::to_string(line) + ", "; }

// A FILE over bytes in memory, for reading numbers exactly as fscanf reads them.
using File = std::unique_ptr<FILE, int (*)(FILE*)>;
File memory_file(std::string_view text) {
    static char empty = 0;
    if (text.empty()) return File(fmemopen(&empty, 0, "r"), fclose);
    return File(fmemopen(const_cast<char*>(text.data()), text.size(), "r"), fclose);
}

std::string shown_number(long double x) {
    char text[64];
    std::snprintf(text, sizeof text, "%.18Lg", x);
    return text;
}

}  // namespace

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): output then answer, as every checker
CheckResult check_lemon_lines(std::string_view output, std::string_view answer) {
    LemonReader got(output), want(answer);
    while (true) {
        const auto g = got.next_line_piece(), w = want.next_line_piece();
        if (got.ended() && !want.ended())
            return CheckResult::wrong(on_line(want.line()) + "the output has less than the answer");
        if (g != w)
            return CheckResult::wrong(on_line(got.line()) + "expected " + shown_token(w) + ", found " + shown_token(g));
        if (got.ended() && want.ended()) return CheckResult::accepted(std::to_string(got.line()) + " line(s) match");
    }
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): output then answer, as every checker
CheckResult check_lemon_ignore_spaces(std::string_view output, std::string_view answer) {
    LemonReader got(output), want(answer);
    while (true) {
        const auto g = got.next_word_piece(), w = want.next_word_piece();
        if (g == w) {
            if (got.ended() && want.ended()) return CheckResult::accepted("every word matches");
            if (got.line() != want.line())
                return CheckResult::presentation(on_line(got.line()) + "the right words, on another line (" +
                                                 std::to_string(want.line()) + " in the answer)");
            continue;
        }
        if (g.empty() && got.ended() && !want.ended())
            return CheckResult::wrong(on_line(want.line()) + "the output has less than the answer");
        return CheckResult::wrong(on_line(got.line()) + "expected " + shown_token(w) + ", found " + shown_token(g));
    }
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): output then answer, as every checker
CheckResult check_lemon_real(std::string_view output, std::string_view answer, int precision) {
    const File got = memory_file(output), want = memory_file(answer);
    if (!got || !want) return CheckResult::fail("cannot read the output or the answer in memory");
    long double eps = 1;  // 10^-precision as LemonLime computes it: tenths multiplied in
    for (int i = 0; i < precision; ++i) eps *= 0.1;
    int row = 1;
    for (size_t n = 0;; ++n) {
        long double g = NAN, w = NAN;
        const int got_read = std::fscanf(got.get(), "%Lf", &g);
        const int want_read = std::fscanf(want.get(), "%Lf", &w);
        const int after = std::fgetc(want.get());  // LemonLime steps over one byte after each answer number
        if (got_read == 0) return CheckResult::wrong(on_line(row) + "the output has something that is not a number");
        if (want_read == 0)
            return CheckResult::fail(on_line(row) + "the answer file has something that is not a number");
        if (got_read == EOF && want_read == EOF) return CheckResult::accepted(std::to_string(n) + " number(s) match");
        if (got_read == EOF) return CheckResult::wrong(on_line(row) + "the output has fewer numbers than the answer");
        if (want_read == EOF) return CheckResult::wrong(on_line(row) + "the output has more numbers than the answer");
        const long double error = std::fabs(g - w);
        if (std::isnan(g) != std::isnan(w) || std::isinf(g) != std::isinf(w) ||
            (error > eps && error > eps * std::fabs(w)))
            return CheckResult::wrong(on_line(row) + "expected " + shown_number(w) + ", found " + shown_number(g));
        if (after == '\r' || after == '\n') ++row;
    }
}

namespace {

// "points X": X as LemonLime's pattern takes it (digits, or digits '.' digits), or nothing.
std::optional<double> points_value(std::string_view rest) {
    size_t digits = rest.find_first_not_of("0123456789");
    if (digits == std::string_view::npos) digits = rest.size();
    size_t end = digits;
    if (end < rest.size() && rest[end] == '.' && end + 1 < rest.size() &&
        std::isdigit(static_cast<unsigned char>(rest[end + 1]))) {
        end = rest.find_first_not_of("0123456789", end + 1);
        if (end == std::string_view::npos) end = rest.size();
    }
    if (end == 0) return std::nullopt;
    return std::strtod(std::string(rest.substr(0, end)).c_str(), nullptr);
}

// "partially correct (N)": N, which LemonLime reads as 0 when it overflows an int.
std::optional<long long> percent_value(std::string_view rest) {
    const size_t end = rest.find_first_not_of("0123456789");
    if (end == 0 || end == std::string_view::npos || rest[end] != ')') return std::nullopt;
    if (end > 10) return 0;
    const long long n = std::stoll(std::string(rest.substr(0, end)));
    return n > std::numeric_limits<int>::max() ? 0 : n;
}

// part / whole as a fraction whose product with `whole` (or, for a whole of 100, with any whole
// number of points), rounded down, is LemonLime's whole-number result: two steps above the nearest
// double lift a product that lands a rounding error below a whole number back onto it.
double whole_share(long long part, long long whole) {
    double f = static_cast<double>(part) / static_cast<double>(whole);
    if (part % whole != 0) f = std::nextafter(std::nextafter(f, 2.0), 2.0);
    return f;
}

double percent_fraction(long long percent) { return whole_share(percent, 100); }

}  // namespace

CheckResult lemon_message_verdict(const std::string& message) {
    const std::string_view m = message;
    if (m.rfind("FAIL", 0) == 0) return CheckResult::fail("checker reported FAIL: " + message);
    double fraction = m.rfind("ok", 0) == 0 ? 1 : 0;
    constexpr std::string_view kPercent = "partially correct (", kPoints = "points ";
    if (m.rfind(kPercent, 0) == 0)
        if (auto n = percent_value(m.substr(kPercent.size()))) fraction = percent_fraction(*n);
    if (m.rfind(kPoints, 0) == 0)
        if (auto x = points_value(m.substr(kPoints.size()))) fraction = *x;
    if (fraction >= 1) return CheckResult::accepted(message);
    if (fraction <= 0) return CheckResult::wrong(message);
    return CheckResult{CheckResult::Kind::partial, fraction, message};
}

namespace fs = std::filesystem;

CheckResult lemon_special_verdict(const std::string& text, double full, const std::string& report) {
    if (!(full >= 1) || full != std::floor(full))
        return CheckResult::fail("a Lemon special judge needs a test case of whole points, found " +
                                 shown_number(full));
    // As a text stream reads an int: white space, a sign, digits; what follows them is not looked at.
    size_t at = text.find_first_not_of(" \t\r\n\v\f");
    size_t digits = at == std::string::npos ? text.size() : at + (text[at] == '-' || text[at] == '+');
    const size_t end = text.find_first_not_of("0123456789", digits);
    if (at == std::string::npos || end == digits)
        return CheckResult::fail("the special judge's score file holds no whole number: " + shown_token(text));
    if (text[at] == '-' && text.find_first_not_of('0', digits) < end)
        return CheckResult::fail("the special judge's score is negative: " + text.substr(at, end - at));
    const std::string number = text.substr(digits, std::min<size_t>(end - digits, 18));
    const long long score = std::stoll(number), whole = static_cast<long long>(full);
    const std::string message = report.empty() ? std::to_string(score) + " of " + std::to_string(whole) : report;
    if (score >= whole) return CheckResult::accepted(message);
    if (score == 0) return CheckResult::wrong(message);
    return CheckResult{CheckResult::Kind::partial, whole_share(score, whole), message};
}

CheckResult run_lemon_special_judge(const fs::path& judge, const CheckFiles& files) {
    if (!fs::exists(judge)) return CheckResult::fail("special judge '" + judge.string() + "' not found");
    const double full = files.points;
    auto run = run_checker_program("special judge",
                                   {"/check/judge", "/check/input", "/check/output", "/check/answer",
                                    std::to_string(static_cast<long long>(full)), in_box("score"), in_box("report")},
                                   {{fs::absolute(judge), "/check/judge"},
                                    {fs::absolute(files.input), "/check/input"},
                                    {fs::absolute(files.output), "/check/output"},
                                    {fs::absolute(files.answer), "/check/answer"}},
                                   files);
    if (auto* failed = std::get_if<CheckResult>(&run)) return *failed;
    const RunRecord& r = std::get<RunRecord>(run);
    const std::string report = box_file(files.scratch / "report").value_or("");
    if (r.exit_code != 0)
        return CheckResult::fail("special judge exit code " + std::to_string(r.exit_code.value_or(-1)) + ": " + report);
    const auto score = box_file(files.scratch / "score");
    if (!score) return CheckResult::fail("the special judge wrote no score file");
    return lemon_special_verdict(*score, full, report);
}

CheckResult run_lemon_diff(const std::string& arguments, const CheckFiles& files) {
    auto run = run_checker_program(
        "diff", {"diff", arguments, "/check/answer", "/check/output"},
        {{fs::absolute(files.answer), "/check/answer"}, {fs::absolute(files.output), "/check/output"}}, files);
    if (auto* failed = std::get_if<CheckResult>(&run)) return *failed;
    const RunRecord& r = std::get<RunRecord>(run);
    if (r.exit_code == 0) return CheckResult::accepted("diff " + arguments + ": no difference");
    if (r.exit_code == 1) return CheckResult::wrong("diff " + arguments + ": the output differs from the answer");
    const std::string said = box_file(files.scratch / kCheckerStderr).value_or("");
    return CheckResult::fail("diff refused '" + arguments + "' (exit " + std::to_string(r.exit_code.value_or(-1)) +
                             "): " + said);
}

}  // namespace sudoku::judge
