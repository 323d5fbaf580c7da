// The built-in checkers and the testlib protocol (table in sudoku/judge/checkers/checkers.hpp).
#include "sudoku/judge/checkers/checkers.hpp"

#include <cstdlib>
#include <optional>
#include <variant>
#include <vector>

#include "sudoku/common/bounded_file.hpp"
#include "sudoku/judge/checkers/lemon_checkers.hpp"
#include "sudoku/judge/files/no_follow.hpp"
#include "sudoku/judge/runner_client/sandbox.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/problems.hpp"
#include "token_text.hpp"

namespace sudoku::judge {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// The words of a text one at a time: the checkers compare outputs of up to the output limit (1 GiB)
// without a table of their tokens or lines, in memory of the text and a few words.
class Tokens {
public:
    explicit Tokens(std::string_view text) : text_(text) {}
    // The next token, or nothing at the end.
    std::optional<std::string_view> next() {
        while (at_ < text_.size() && is_space(text_[at_])) ++at_;
        if (at_ == text_.size()) return std::nullopt;
        const size_t start = at_;
        while (at_ < text_.size() && !is_space(text_[at_])) ++at_;
        return text_.substr(start, at_ - start);
    }

private:
    std::string_view text_;
    size_t at_ = 0;
};

size_t count_tokens(std::string_view text) {
    size_t n = 0;
    for (Tokens t(text); t.next();) ++n;
    return n;
}

// Lines without trailing whitespace, one at a time; the lines after the last non-blank one do not count.
class Lines {
public:
    explicit Lines(std::string_view text) : text_(text) {
        size_t last = text.size();
        while (last > 0 && is_space(text[last - 1])) --last;
        text_ = text.substr(0, last);  // trailing blank lines and the final newline dropped
    }
    std::optional<std::string_view> next() {
        if (at_ > text_.size() || text_.empty()) return std::nullopt;
        size_t end = text_.find('\n', at_);
        if (end == std::string_view::npos) end = text_.size();
        std::string_view line = text_.substr(at_, end - at_);
        while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
        at_ = end + 1;
        return line;
    }

private:
    std::string_view text_;
    size_t at_ = 0;
};

// The file's bytes, or nothing when it cannot be read (an absent output is judged before this).
std::string slurp(const std::filesystem::path& p) {
    auto text = read_text_file(p, kMaxDataBytes);
    auto* bytes = std::get_if<std::string>(&text);
    return bytes ? std::move(*bytes) : std::string();
}

}  // namespace

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): output then answer, pinned by the tests' messages
CheckResult check_tokens(std::string_view output, std::string_view answer) {
    Tokens got(output), want(answer);
    size_t i = 0;
    for (auto w = want.next(); w; w = want.next(), ++i) {
        auto g = got.next();
        if (!g) {
            const size_t wanted = count_tokens(answer);
            return CheckResult::wrong(i == 0 ? "empty output, expected " + std::to_string(wanted) + " token(s)"
                                             : "output ends after " + std::to_string(i) + " token(s), expected " +
                                                   std::to_string(wanted));
        }
        if (*g != *w)
            return CheckResult::wrong("token " + std::to_string(i + 1) + ": expected " + shown_token(*w) + ", found " +
                                      shown_token(*g));
    }
    if (auto extra = got.next())
        return CheckResult::wrong("extra token " + shown_token(*extra) + " after the " + std::to_string(i) +
                                  " expected");
    return CheckResult::accepted(std::to_string(i) + " token(s) match");
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): output then answer, as every checker
bool same_spacing(std::string_view output, std::string_view answer) {
    size_t i = 0, j = 0;
    for (;;) {
        const size_t i0 = i, j0 = j;
        while (i < output.size() && is_space(output[i])) ++i;
        while (j < answer.size() && is_space(answer[j])) ++j;
        if (output.substr(i0, i - i0) != answer.substr(j0, j - j0)) return false;
        if (i == output.size() || j == answer.size()) return i == output.size() && j == answer.size();
        while (i < output.size() && !is_space(output[i])) ++i;
        while (j < answer.size() && !is_space(answer[j])) ++j;
    }
}

CheckResult check_exact(std::string_view output, std::string_view answer) {
    if (output == answer) return CheckResult::accepted("output identical to the answer");
    CheckResult tokens = check_tokens(output, answer);
    if (tokens.kind != CheckResult::Kind::accepted) return tokens;
    size_t i = 0;
    while (i < output.size() && i < answer.size() && output[i] == answer[i]) ++i;
    return CheckResult::presentation("right tokens, layout differs from byte " + std::to_string(i + 1));
}

CheckResult check_lines(std::string_view output, std::string_view answer) {
    Lines got(output), want(answer);
    size_t i = 0;  // the first line that differs, or where one of them ends
    std::optional<std::string_view> g = got.next(), w = want.next();
    for (; g && w && *g == *w; g = got.next(), w = want.next()) ++i;
    if (!g && !w) return CheckResult::accepted(std::to_string(i) + " line(s) match");
    CheckResult tokens = check_tokens(output, answer);
    if (tokens.kind != CheckResult::Kind::accepted) return tokens;
    return CheckResult::presentation("right tokens, line " + std::to_string(i + 1) + " laid out differently");
}

CheckResult check_sudoku(const std::string& problem_name, const std::filesystem::path& input, std::string_view output) {
    const Problem* problem = find_problem(problem_name);
    if (!problem) return CheckResult::fail("unknown problem '" + problem_name + "' for the sudoku checker");
    auto puzzles = read_puzzles(problem->input, input);
    if (auto* d = std::get_if<Diagnostic>(&puzzles)) return CheckResult::fail("test input: " + d->to_string());
    auto verdict = sudoku::check_output(*problem, std::get<std::vector<Grid>>(puzzles), output, "output");
    if (verdict) return CheckResult::wrong(verdict->to_string());
    return CheckResult::accepted("every grid is a valid completion");
}

namespace {

// testlib's protocol: `checker input output answer`, verdict in the exit code, message on stderr.
// The checker runs in a root of its own with these four files at fixed places (and its scratch
// directory as the box): a checker cannot read another test's answer either.
struct CheckerRun {
    RunRecord run;
    std::string message;  // its stderr, trailing whitespace dropped
};

std::variant<CheckerRun, CheckResult> run_checker_process(const std::filesystem::path& checker,
                                                          const CheckFiles& files) {
    namespace fs = std::filesystem;
    try {
        remove_no_follow(files.scratch);  // what an earlier checker left, or a link planted in its place
        make_folders_no_follow(files.scratch);
    } catch (const OutputError& e) {
        return CheckResult::fail(std::string("judge fault: preparing the checker's folder: ") + e.what());
    }
    RunRequest r;
    r.read_only = read_only_at_own_paths(files.read_only_dirs);
    for (auto [host, inside] :
         {std::pair{fs::absolute(checker), "/check/checker"}, std::pair{fs::absolute(files.input), "/check/input"},
          std::pair{fs::absolute(files.output), "/check/output"},
          std::pair{fs::absolute(files.answer), "/check/answer"}}) {
        r.read_only.push_back({host, inside});
        r.argv.emplace_back(inside);
    }
    r.work_dir = files.scratch;
    r.stderr_file = files.scratch / "checker.message";
    r.stdout_file = files.scratch / "checker.stdout";
    r.limits =
        RunLimits{.cpu_s = 10, .wall_s = 20, .memory_mib = 1024, .stack_mib = -1, .output_kib = 1024, .processes = 8};
    CheckerRun c{run_sandboxed(r), {}};
    if (!c.run.error.empty()) return CheckResult::fail(c.run.error);
    c.message = slurp(r.stderr_file);
    while (!c.message.empty() && is_space(c.message.back())) c.message.pop_back();
    if (c.run.killed_by != KilledBy::none)
        return CheckResult::fail("checker exceeded its " + std::string(to_string(c.run.killed_by)) +
                                 (c.run.killed_by == KilledBy::output ? " limit" : " time limit"));
    if (c.run.signal) return CheckResult::fail("checker killed by signal " + std::to_string(*c.run.signal));
    return c;
}

// testlib's quitp style: the first number of the message is the fraction of the points. Its sign
// counts (a "-0.5" is a broken checker, not half the points), and a lone '.' is no number at all.
// quitpi writes "points_info=TEXT" instead: TEXT is for a judging system that knows its meaning
// (e.g. "pa=0.75,pb=1"), no score, and reading its first number would make one up.
CheckResult testlib_points(const std::string& message) {
    std::string_view rest = message;
    const auto skip_spaces = [&rest] { rest.remove_prefix(std::min(rest.find_first_not_of(" \t\n"), rest.size())); };
    skip_spaces();
    if (rest.substr(0, 7) == "points ") rest.remove_prefix(7);
    skip_spaces();
    if (rest.substr(0, 12) == "points_info=")
        return CheckResult::fail("the checker gave points_info (testlib's quitpi), which is no score: " + message);
    size_t at = message.find_first_of("+-0123456789.");
    double f = -1;
    while (at != std::string::npos) {
        char* end = nullptr;
        const double v = std::strtod(message.c_str() + at, &end);
        if (end != message.c_str() + at) {
            f = v;
            break;
        }
        at = message.find_first_of("+-0123456789.", at + 1);
    }
    if (!(f >= 0 && f <= 1)) return CheckResult::fail("partial points without a fraction 0..1 in: " + message);
    return CheckResult{CheckResult::Kind::partial, f, message};
}

CheckResult testlib_verdict(const CheckerRun& c) {
    switch (*c.run.exit_code) {
        case testlib_exit::kOk:
            return CheckResult::accepted(c.message);
        case testlib_exit::kWrongAnswer:
            return CheckResult::wrong(c.message);
        case testlib_exit::kPresentationError:
            return CheckResult::presentation(c.message);
        case testlib_exit::kPoints:
            return testlib_points(c.message);
        case testlib_exit::kFail:
            return CheckResult::fail("checker reported FAIL: " + c.message);
        default:
            return CheckResult::fail("checker exit code " + std::to_string(*c.run.exit_code) + ": " + c.message);
    }
}

}  // namespace

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): checker then problem; a swap fails every checker test
CheckResult run_checker(const std::string& checker, const std::string& problem, const CheckFiles& files) {
    if (checker == "sudoku") return check_sudoku(problem, files.input, slurp(files.output));
    if (checker == "tokens" || checker == "exact" || checker == "lines") {
        auto read = read_text_file(files.answer, kMaxDataBytes);
        if (const auto* refusal = std::get_if<Diagnostic>(&read))
            return CheckResult::fail("cannot read the answer file " + refusal->to_string());
        std::string output = slurp(files.output), answer = std::move(std::get<std::string>(read));
        if (checker == "tokens") return check_tokens(output, answer);
        if (checker == "exact") return check_exact(output, answer);
        return check_lines(output, answer);
    }
    return run_external_checker(checker, CheckerProtocol::testlib, files);
}

CheckResult run_external_checker(const std::filesystem::path& checker, CheckerProtocol protocol,
                                 const CheckFiles& files) {
    if (!std::filesystem::exists(checker)) return CheckResult::fail("checker '" + checker.string() + "' not found");
    auto run = run_checker_process(checker, files);
    if (auto* failed = std::get_if<CheckResult>(&run)) return *failed;
    const auto& c = std::get<CheckerRun>(run);
    return protocol == CheckerProtocol::testlib ? testlib_verdict(c) : lemon_message_verdict(c.message);
}

}  // namespace sudoku::judge
