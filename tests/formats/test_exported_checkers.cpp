// The exported checkers (formats/checkers/) against sudoku-judge's own check: every output, from
// right through malformed to hostile, gets the same verdict from the judge and from the checker in
// each host's protocol, compiled from the very text `sudoku-gen export` writes.

#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "sudoku/formats/checker_export.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/problems.hpp"
#include "sudoku/solver/solve.hpp"
#include "support/files.hpp"
#include "support/skip.hpp"

namespace fs = std::filesystem;
using sudoku::formats::CheckerHost;
using sudoku::testing::exit_status_of;
using sudoku::testing::read_text;
using sudoku::testing::shell_quoted;
using sudoku::testing::write_text;

namespace {

enum class Verdict { accepted, wrong, fail };

const char* name_of(Verdict v) {
    switch (v) {
        case Verdict::accepted:
            return "accepted";
        case Verdict::wrong:
            return "wrong";
        case Verdict::fail:
            return "judge error";
    }
    return "?";
}

const CheckerHost kHosts[] = {CheckerHost::kattis, CheckerHost::testlib, CheckerHost::lemon, CheckerHost::cms};

// The four checkers of one problem, compiled in `dir` as a host would.
struct HostCheckers {
    fs::path dir;
    std::string problem;

    HostCheckers(fs::path d, std::string p) : dir(std::move(d)), problem(std::move(p)) {
        if (!sudoku::testing::on_path("g++")) sudoku::testing::skip_test("no g++ on PATH to compile the checkers");
        for (CheckerHost host : kHosts) {
            const fs::path source = dir / sudoku::formats::checker_file_name(host);
            write_text(source, sudoku::formats::checker_source(host, problem));
            const std::string build = std::string("g++ -std=c++11 -O2 -Wall -Wextra -Werror -o ") +
                                      shell_quoted(binary(host)) + " " + shell_quoted(source);
            INFO(build);
            REQUIRE(exit_status_of(build) == 0);
        }
    }

    fs::path binary(CheckerHost host) const { return dir / fs::path(sudoku::formats::checker_file_name(host)).stem(); }

    Verdict verdict(CheckerHost host, const fs::path& input, const fs::path& answer, const fs::path& output) const {
        const fs::path box = dir / "run";
        fs::remove_all(box);
        fs::create_directories(box);
        const std::string exe = shell_quoted(binary(host));
        switch (host) {
            case CheckerHost::kattis: {
                const int code = exit_status_of(exe + " " + shell_quoted(input) + " " + shell_quoted(answer) + " " +
                                                shell_quoted(box) + " < " + shell_quoted(output) + " 2>/dev/null");
                CHECK(fs::exists(box / "judgemessage.txt"));
                return code == 42 ? Verdict::accepted : code == 43 ? Verdict::wrong : Verdict::fail;
            }
            case CheckerHost::testlib: {
                const int code = exit_status_of(exe + " " + shell_quoted(input) + " " + shell_quoted(output) + " " +
                                                shell_quoted(answer) + " 2>/dev/null");
                return code == 0 ? Verdict::accepted : code == 1 ? Verdict::wrong : Verdict::fail;
            }
            case CheckerHost::lemon: {
                const int code = exit_status_of(exe + " " + shell_quoted(input) + " " + shell_quoted(output) + " " +
                                                shell_quoted(answer) + " 10 " + shell_quoted(box / "score") + " " +
                                                shell_quoted(box / "report"));
                CHECK(!read_text(box / "report").empty());
                if (code != 0) return Verdict::fail;
                const std::string score = read_text(box / "score");
                return score == "10\n" ? Verdict::accepted : score == "0\n" ? Verdict::wrong : Verdict::fail;
            }
            case CheckerHost::cms: {
                const int code =
                    exit_status_of(exe + " " + shell_quoted(input) + " " + shell_quoted(answer) + " " +
                                   shell_quoted(output) + " > " + shell_quoted(box / "fraction") + " 2>/dev/null");
                if (code != 0) return Verdict::fail;
                const std::string fraction = read_text(box / "fraction");
                return fraction == "1.0\n" ? Verdict::accepted : fraction == "0.0\n" ? Verdict::wrong : Verdict::fail;
            }
        }
        return Verdict::fail;
    }
};

// sudoku-judge's `sudoku` checker (judge/src/checkers/checkers.cpp, check_sudoku) is this: the
// puzzles read by the problem's input format, the output by sudoku::check_output.
Verdict judge_verdict(const sudoku::Problem& problem, const fs::path& input, const fs::path& output) {
    auto puzzles = sudoku::read_puzzles(problem.input, input);
    if (!std::holds_alternative<std::vector<sudoku::Grid>>(puzzles)) return Verdict::fail;
    const auto flaw =
        sudoku::check_output(problem, std::get<std::vector<sudoku::Grid>>(puzzles), read_text(output), "output");
    return flaw ? Verdict::wrong : Verdict::accepted;
}

struct Case {
    std::string name;
    std::string output;
    Verdict expected;
};

std::string replaced_first_symbol(std::string text, const std::string& digits, char by) {
    const size_t at = text.find_first_of(digits);
    text[at] = by == 0 ? (text[at] == digits[0] ? digits[1] : digits[0]) : by;
    return text;
}

std::string with_crlf_and_spaces(const std::string& answer) {
    std::string out = "\n  ";
    for (char c : answer) out += c == '\n' ? std::string(" \t\r\n\t") : std::string(1, c);
    while (!out.empty() && (out.back() == '\n' || out.back() == '\t')) out.pop_back();
    return out;  // no final newline
}

std::string hostile_bytes(size_t n, unsigned seed) {
    std::mt19937 random(seed);
    std::string bytes(n, '\0');
    for (char& c : bytes) c = static_cast<char>(random() & 0xff);
    return bytes;
}

std::vector<Case> cases_for(const sudoku::Problem& problem, const std::string& answer) {
    const bool letters = problem.name == "uva1309";
    const std::string digits = letters ? "ABCDEFGHIJKLMNOP" : "123456789";
    const char blank = problem.name == "qmark"     ? '?'
                       : problem.name == "uva1309" ? '-'
                       : problem.name == "poj2676" ? '0'
                                                   : '.';
    const size_t first_line = answer.find('\n');
    const bool one_line_grids = problem.name == "poj3074" || problem.name == "line81";
    constexpr size_t kHuge = size_t{16} << 20;
    std::vector<Case> cases = {
        {"the answer file", answer, Verdict::accepted},
        {"CRLF, spaces, tabs and blank lines around, no final newline", with_crlf_and_spaces(answer),
         Verdict::accepted},
        {"the answer, then 16 MiB of blank lines", answer + std::string(kHuge / 4, '\n') + std::string(kHuge / 4, ' '),
         Verdict::accepted},
        {"one symbol changed", replaced_first_symbol(answer, digits, 0), Verdict::wrong},
        {"a blank marker for a digit", replaced_first_symbol(answer, digits, blank), Verdict::wrong},
        {"a NUL byte for a digit", replaced_first_symbol(answer, digits, '\0'), Verdict::wrong},
        {"a CR inside a row", answer.substr(0, 2) + "\r" + answer.substr(2), Verdict::wrong},
        {"a space inside the first row", answer.substr(0, 3) + " " + answer.substr(3),
         problem.name == "qmark" ? Verdict::accepted : Verdict::wrong},
        {"an empty line after the first row", answer.substr(0, first_line + 1) + "\n" + answer.substr(first_line + 1),
         one_line_grids ? Verdict::accepted : Verdict::wrong},
        {"cut in the middle", answer.substr(0, answer.size() / 2), Verdict::wrong},
        {"the last row missing", answer.substr(0, answer.rfind('\n', answer.size() - 2) + 1), Verdict::wrong},
        {"every grid twice", answer + "\n" + answer, Verdict::wrong},
        {"empty", "", Verdict::wrong},
        {"binary bytes", hostile_bytes(4096, 7), Verdict::wrong},
        {"the answer, then 16 MiB of digits", answer + std::string(kHuge, digits[0]), Verdict::wrong},
        {"one endless line of 16 MiB", std::string(kHuge, digits[1]), Verdict::wrong},
    };
    return cases;
}

// Another completion than the answer file's, for each puzzle with more than one.
std::string other_completions(const std::vector<sudoku::Grid>& puzzles) {
    std::string text;
    for (const auto& puzzle : puzzles) {
        std::vector<sudoku::Grid> found;
        sudoku::for_each_solution(puzzle, [&](const sudoku::Grid& g) {
            found.push_back(g);
            return found.size() < 2;
        });
        const sudoku::Grid& grid = found.back();
        if (!text.empty()) text += "\n";
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c) {
                text += static_cast<char>('0' + grid.at(r * 9 + c));
                text += c == 8 ? '\n' : ' ';
            }
    }
    return text;
}

void check_problem(const std::string& name, const std::string& test) {
    const sudoku::Problem& problem = *sudoku::find_problem(name);
    const fs::path data = fs::path(SUDOKU_SOURCE_DIR) / "testdata" / name;
    const fs::path input = data / (test + ".in"), answer = data / (test + ".ans");
    const fs::path dir = sudoku::testing::fresh_temp_folder("sudoku-exported-checkers-" + name);
    HostCheckers checkers(dir, name);
    std::vector<Case> cases = cases_for(problem, read_text(answer));
    if (name == "qmark") {
        auto puzzles = sudoku::read_puzzles(problem.input, input);
        const std::string other = other_completions(std::get<std::vector<sudoku::Grid>>(puzzles));
        REQUIRE(other != read_text(answer));
        cases.push_back({"another completion than the answer file's", other, Verdict::accepted});
    }
    const fs::path output = dir / "output";
    for (const Case& c : cases) {
        write_text(output, c.output);
        const Verdict judge = judge_verdict(problem, input, output);
        INFO(name << " test " << test << ", output: " << c.name << "; sudoku-judge: " << name_of(judge));
        CHECK(name_of(judge) == std::string(name_of(c.expected)));
        for (CheckerHost host : kHosts) {
            INFO("checker " << sudoku::formats::checker_file_name(host));
            CHECK(name_of(checkers.verdict(host, input, answer, output)) == std::string(name_of(judge)));
        }
    }
    // A broken test input is the judge's fault in every protocol, never the contestant's.
    const fs::path broken = dir / "broken.in";
    write_text(broken, "");
    write_text(output, read_text(answer));
    CHECK(judge_verdict(problem, broken, output) == Verdict::fail);
    for (CheckerHost host : kHosts) {
        INFO("checker " << sudoku::formats::checker_file_name(host) << " on an empty input");
        CHECK(checkers.verdict(host, broken, answer, output) == Verdict::fail);
    }
    fs::remove_all(dir);
}

}  // namespace

TEST_CASE("exported checkers: poj2676 outputs get sudoku-judge's verdict in every protocol") {
    check_problem("poj2676", "01");
}

TEST_CASE("exported checkers: qmark outputs, another completion included, get sudoku-judge's verdict") {
    check_problem("qmark", "09");
}

TEST_CASE("exported checkers: poj3074 outputs get sudoku-judge's verdict in every protocol") {
    check_problem("poj3074", "01");
}

TEST_CASE("exported checkers: uva1309 outputs get sudoku-judge's verdict in every protocol") {
    check_problem("uva1309", "01");
}

TEST_CASE("exported checkers: line81 outputs get sudoku-judge's verdict in every protocol") {
    check_problem("line81", "01");
}

TEST_CASE("exported checkers: a problem with a unique answer has none") {
    CHECK_FALSE(sudoku::formats::needs_checker("target"));
    CHECK_FALSE(sudoku::formats::needs_checker("sudogob"));
    CHECK_THROWS_AS(sudoku::formats::checker_source(CheckerHost::kattis, "sudogob"), std::invalid_argument);
}
