// The built-in checkers and the testlib protocol (table in sudoku/checkers.hpp).
#include "sudoku/checkers.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "sudoku/formats.hpp"
#include "sudoku/problems.hpp"
#include "sudoku/sandbox.hpp"

namespace sudoku::judge {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

std::vector<std::string_view> tokens_of(std::string_view text) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_space(text[i])) ++i;
        size_t start = i;
        while (i < text.size() && !is_space(text[i])) ++i;
        if (i > start) out.push_back(text.substr(start, i - start));
    }
    return out;
}

// A token as a message shows it: quoted, cut at 24 characters, control bytes escaped.
std::string shown(std::string_view token) {
    std::string s = "'";
    for (size_t i = 0; i < token.size() && i < 24; ++i) {
        unsigned char c = token[i];
        if (c < 32 || c >= 127) {  // control bytes and non-ASCII: the message stays printable UTF-8
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            s += buf;
        } else
            s += static_cast<char>(c);
    }
    return s + (token.size() > 24 ? "...'" : "'");
}

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> lines;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
        lines.push_back(line);
        start = end + 1;
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
}

// The file's bytes, or nothing when it cannot be read (an absent output is judged before this).
std::string slurp(const std::filesystem::path& p) {
    auto text = read_text_file(p);
    auto* bytes = std::get_if<std::string>(&text);
    return bytes ? std::move(*bytes) : std::string();
}

}  // namespace

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): output then answer, pinned by the tests' messages
CheckResult check_tokens(std::string_view output, std::string_view answer) {
    auto got = tokens_of(output), want = tokens_of(answer);
    for (size_t i = 0; i < want.size(); ++i) {
        if (i >= got.size())
            return CheckResult::wrong(got.empty()
                                          ? "empty output, expected " + std::to_string(want.size()) + " token(s)"
                                          : "output ends after " + std::to_string(got.size()) + " token(s), expected " +
                                                std::to_string(want.size()));
        if (got[i] != want[i])
            return CheckResult::wrong("token " + std::to_string(i + 1) + ": expected " + shown(want[i]) + ", found " +
                                      shown(got[i]));
    }
    if (got.size() > want.size())
        return CheckResult::wrong("extra token " + shown(got[want.size()]) + " after the " +
                                  std::to_string(want.size()) + " expected");
    return CheckResult::accepted(std::to_string(want.size()) + " token(s) match");
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
    auto got = lines_of(output), want = lines_of(answer);
    if (got == want) return CheckResult::accepted(std::to_string(want.size()) + " line(s) match");
    CheckResult tokens = check_tokens(output, answer);
    if (tokens.kind != CheckResult::Kind::accepted) return tokens;
    size_t i = 0;
    while (i < got.size() && i < want.size() && got[i] == want[i]) ++i;
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
CheckResult run_testlib(const std::filesystem::path& checker, const CheckFiles& files) {
    namespace fs = std::filesystem;
    fs::create_directories(files.scratch);
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
    RunRecord run = run_sandboxed(r);
    if (!run.error.empty()) return CheckResult::fail(run.error);
    std::string message = slurp(r.stderr_file);
    while (!message.empty() && is_space(message.back())) message.pop_back();
    if (run.killed_by != KilledBy::none)
        return CheckResult::fail("checker exceeded its " + std::string(to_string(run.killed_by)) +
                                 (run.killed_by == KilledBy::output ? " limit" : " time limit"));
    if (run.signal) return CheckResult::fail("checker killed by signal " + std::to_string(*run.signal));
    switch (*run.exit_code) {
        case 0:
            return CheckResult::accepted(message);
        case 1:
            return CheckResult::wrong(message);
        case 2:
            return CheckResult::presentation(message);
        case 7: {
            // The first number of the message is the fraction of the points (testlib's quitp style).
            // Its sign counts (a "-0.5" is a broken checker, not half the points), and a lone '.'
            // is no number at all.
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
        case 3:
            return CheckResult::fail("checker reported FAIL: " + message);
        default:
            return CheckResult::fail("checker exit code " + std::to_string(*run.exit_code) + ": " + message);
    }
}

}  // namespace

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): checker then problem; a swap fails every checker test
CheckResult run_checker(const std::string& checker, const std::string& problem, const CheckFiles& files) {
    if (checker == "sudoku") return check_sudoku(problem, files.input, slurp(files.output));
    if (checker == "tokens" || checker == "exact" || checker == "lines") {
        std::ifstream probe(files.answer);
        if (!probe) return CheckResult::fail("cannot read the answer file " + files.answer.string());
        std::string output = slurp(files.output), answer = slurp(files.answer);
        if (checker == "tokens") return check_tokens(output, answer);
        if (checker == "exact") return check_exact(output, answer);
        return check_lines(output, answer);
    }
    if (!std::filesystem::exists(checker)) return CheckResult::fail("checker '" + checker + "' not found");
    return run_testlib(checker, files);
}

}  // namespace sudoku::judge
