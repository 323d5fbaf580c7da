// Running a CMS checker (sudoku/judge/checkers/cms_checker.hpp). Written from CMS's documentation
// and its code that reads a checker's output (its grading steps); nothing of it is copied.
#include "sudoku/judge/checkers/cms_checker.hpp"

#include <cmath>
#include <cstdlib>
#include <string_view>
#include <variant>

#include "checker_program.hpp"
#include "token_text.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

// The first line of a text without the white space around it, as CMS reads both streams.
std::string first_line(const std::string& text) {
    const std::string_view line = std::string_view(text).substr(0, text.find('\n'));
    constexpr std::string_view kSpace = " \t\r\v\f";
    const size_t begin = line.find_first_not_of(kSpace);
    if (begin == std::string_view::npos) return "";
    return std::string(line.substr(begin, line.find_last_not_of(kSpace) + 1 - begin));
}

// A decimal number as CMS's float() takes it: sign, digits with one optional point, exponent.
// Words such as "nan" and "inf" are numbers to float() but no outcome, and strtod's hexadecimal
// floats are not numbers to CMS: neither passes.
bool is_decimal(std::string_view s) {
    size_t i = 0, digits = 0;
    const auto digit_run = [&] {
        size_t n = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++n;
        return n;
    };
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    digits += digit_run();
    if (i < s.size() && s[i] == '.') ++i, digits += digit_run();
    if (digits == 0) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        if (digit_run() == 0) return false;
    }
    return i == s.size();
}

// CMS's stock messages, which a checker asks for instead of writing its own.
std::string translated(const std::string& message) {
    if (message == "translate:success") return "Output is correct";
    if (message == "translate:partial") return "Output is partially correct";
    if (message == "translate:wrong") return "Output isn't correct";
    return message;
}

}  // namespace

CheckResult cms_verdict(const std::string& stdout_text, const std::string& stderr_text) {
    const std::string outcome = first_line(stdout_text);
    if (outcome.empty()) return CheckResult::fail("the CMS checker wrote no outcome on stdout");
    if (!is_decimal(outcome))
        return CheckResult::fail("the CMS checker's outcome is not a number 0..1: " + shown_token(outcome));
    const double fraction = std::strtod(outcome.c_str(), nullptr);
    if (!(fraction >= 0 && fraction <= 1))
        return CheckResult::fail("the CMS checker's outcome " + outcome + " is outside 0..1");
    std::string message = translated(first_line(stderr_text));
    if (fraction == 1) return CheckResult::accepted(message.empty() ? translated("translate:success") : message);
    if (fraction == 0) return CheckResult::wrong(message.empty() ? translated("translate:wrong") : message);
    return CheckResult{CheckResult::Kind::partial, fraction,
                       message.empty() ? translated("translate:partial") : message};
}

CheckResult run_cms_checker(const fs::path& checker, const CheckFiles& files) {
    if (!fs::exists(checker)) return CheckResult::fail("CMS checker '" + checker.string() + "' not found");
    auto run = run_checker_program("CMS checker", {"/check/checker", "/check/input", "/check/answer", "/check/output"},
                                   {{fs::absolute(checker), "/check/checker"},
                                    {fs::absolute(files.input), "/check/input"},
                                    {fs::absolute(files.answer), "/check/answer"},
                                    {fs::absolute(files.output), "/check/output"}},
                                   files);
    if (auto* failed = std::get_if<CheckResult>(&run)) return *failed;
    const RunRecord& r = std::get<RunRecord>(run);
    const std::string said = box_file(files.scratch / kCheckerStderr).value_or("");
    if (r.exit_code != 0)
        return CheckResult::fail("CMS checker exit code " + std::to_string(r.exit_code.value_or(-1)) +
                                 " (it exits 0 with its outcome on stdout): " + first_line(said));
    return cms_verdict(box_file(files.scratch / kCheckerStdout).value_or(""), said);
}

}  // namespace sudoku::judge
