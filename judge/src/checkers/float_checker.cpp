// The float checker (sudoku/judge/checkers/float_checker.hpp).
#include "sudoku/judge/checkers/float_checker.hpp"

#include <charconv>
#include <cmath>
#include <optional>
#include <string>

#include "token_text.hpp"

namespace sudoku::judge {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

std::optional<std::string_view> next_token(std::string_view text, size_t& at) {
    while (at < text.size() && is_space(text[at])) ++at;
    if (at == text.size()) return std::nullopt;
    const size_t start = at;
    while (at < text.size() && !is_space(text[at])) ++at;
    return text.substr(start, at - start);
}

// A decimal number (digits, sign, point, exponent), finite; nothing else.
std::optional<double> as_number(std::string_view token) {
    if (token.empty() || token.find_first_not_of("+-.0123456789eE") != std::string_view::npos) return std::nullopt;
    const char* begin = token.data();
    if (*begin == '+') ++begin;
    double value = 0;
    const auto [end, error] = std::from_chars(begin, token.data() + token.size(), value);
    if (error != std::errc() || end != token.data() + token.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

}  // namespace

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): output then answer, as every checker
CheckResult check_float(std::string_view output, std::string_view answer, const FloatTolerance& tolerance) {
    size_t got_at = 0, want_at = 0, i = 0;
    for (auto want = next_token(answer, want_at); want; want = next_token(answer, want_at), ++i) {
        auto got = next_token(output, got_at);
        if (!got) return CheckResult::wrong("output ends after " + std::to_string(i) + " token(s)");
        const auto w = as_number(*want), g = as_number(*got);
        if (w && g) {
            const double error = std::fabs(*g - *w);
            if (error <= tolerance.absolute || error <= tolerance.relative * std::fabs(*w)) continue;
            return CheckResult::wrong("token " + std::to_string(i + 1) + ": expected " + shown_token(*want) +
                                      ", found " + shown_token(*got) + " (differs by " + std::to_string(error) + ")");
        }
        if (*got != *want)
            return CheckResult::wrong("token " + std::to_string(i + 1) + ": expected " + shown_token(*want) +
                                      ", found " + shown_token(*got));
    }
    if (auto extra = next_token(output, got_at))
        return CheckResult::wrong("extra token " + shown_token(*extra) + " after the " + std::to_string(i) +
                                  " expected");
    return CheckResult::accepted(std::to_string(i) + " token(s) match within the tolerance");
}

}  // namespace sudoku::judge
