// sudoku-solve end to end: the built binary, its exit status, its stdout and its stderr.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/problems.hpp"

namespace fs = std::filesystem;

namespace {

const std::string binary = std::string(SUDOKU_BINARY_DIR) + "/solver/sudoku-solve";
const std::string samples_dir = std::string(SUDOKU_SOURCE_DIR) + "/examples/samples/";

struct Run {
    int status = -1;
    std::string out, err;
};

std::string slurp(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream content;
    content << in.rdbuf();
    return content.str();
}

// A scratch folder of this test process, removed at exit.
const fs::path& scratch() {
    static struct Dir {
        fs::path path = fs::temp_directory_path() / ("sudoku-solve-test-" + std::to_string(::getpid()));
        Dir() { fs::create_directories(path); }
        ~Dir() { fs::remove_all(path); }
    } dir;
    return dir.path;
}

fs::path write_file(const std::string& name, const std::string& content) {
    fs::path path = scratch() / name;
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

// Runs sudoku-solve with `args` (already shell-quoted where needed) and `input` on stdin.
Run run(const std::string& args, const std::string& input = "") {
    fs::path in = write_file("stdin", input), out = scratch() / "stdout", err = scratch() / "stderr";
    std::string command =
        "'" + binary + "' " + args + " <'" + in.string() + "' >'" + out.string() + "' 2>'" + err.string() + "'";
    int raw = std::system(command.c_str());
    Run result;
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.out = slurp(out);
    result.err = slurp(err);
    return result;
}

std::string target_input(const std::string& last_row) {
    return "7 0 0 9 0 0 0 0 1\n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n"
           "4 1 3 0 0 0 0 0 0\n0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n" +
           last_row;
}

}  // namespace

TEST_CASE("cli: --help prints the usage with an example and exits 0") {
    Run r = run("--help");
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("usage: sudoku-solve --problem NAME"));
    CHECK_THAT(r.out, Catch::Contains("Example:"));
    for (const auto& problem : sudoku::all_problems()) CHECK_THAT(r.out, Catch::Contains(std::string(problem.name)));
}

TEST_CASE("cli: the target samples print 2829 and 2852") {
    Run one = run("--problem target '" + samples_dir + "target-1.in'");
    CHECK(one.status == 0);
    CHECK(one.out == "2829\n");
    Run two = run("--problem target", sudoku::write_puzzles(sudoku::Format::target,
                                                            std::get<std::vector<sudoku::Grid>>(sudoku::read_puzzles(
                                                                sudoku::Format::target, samples_dir + "target-2.in"))));
    CHECK(two.status == 0);
    CHECK(two.out == "2852\n");
}

TEST_CASE("cli: every bundled sample is answered with exit 0") {
    for (const auto& entry : fs::directory_iterator(samples_dir)) {
        const std::string name = entry.path().stem().string();
        INFO(name);
        Run r = run("--problem " + name.substr(0, name.find('-')) + " '" + entry.path().string() + "'");
        CHECK(r.status == 0);
        CHECK(r.err.empty());
        CHECK_FALSE(r.out.empty());
    }
}

TEST_CASE("cli: malformed input exits 2 with file:line:column on stderr") {
    struct Case {
        const char* problem;
        std::string input;
        std::string message;
    };
    const std::vector<Case> cases = {
        {"target", target_input("0 8 0 5 0 4 0 1 x\n"), "bad.in:9:17: expected a digit 0-9, found 'x'"},
        {"target", target_input("0 8 0 5 0 4 0 1\n"), "bad.in:9:16: expected a digit 0-9, found end of line"},
        {"target", target_input("0 8 0 5 0 4 0 1 2 3\n"), "bad.in:9:19: expected end of line after 9 numbers"},
        {"target", target_input("0 8 0 5 0 4 0 1 10\n"), "bad.in:9:17: expected a digit 0-9, found '10'"},
        {"target", "", "bad.in:1:1: expected a grid of 9 rows, found an empty file"},
        {"poj2676", "1\n10300a509\n", "bad.in:2:6: expected a digit 0-9, found 'a'"},
        {"poj2676", "3\n" + std::string(9, '0') + "\n", "bad.in:3:1: expected row 2 of 9 of puzzle 1, found end"},
        {"poj3074", std::string(81, '.') + "\n", "bad.in:2:1: expected another puzzle or a line 'end'"},
        {"uva1309", std::string(16, '-') + "\n", "bad.in:2:1: expected row 2 of 16 of puzzle 1, found end of file"},
    };
    for (const auto& c : cases) {
        INFO(c.problem << " <<<" << c.input << ">>>");
        fs::path file = write_file("bad.in", c.input);
        Run r = run(std::string("--problem ") + c.problem + " '" + file.string() + "'");
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, Catch::StartsWith(file.parent_path().string() + "/" + c.message));
    }
}

TEST_CASE("cli: a missing file exits 2 naming it") {
    Run r = run("--problem target /nonexistent/sudoku.in");
    CHECK(r.status == 2);
    CHECK(r.err == "/nonexistent/sudoku.in: cannot read: No such file or directory\n");
}

TEST_CASE("cli: standard input is named stdin in messages") {
    Run r = run("--problem poj2676", "x\n");
    CHECK(r.status == 2);
    CHECK(r.err == "stdin:1:1: expected the number of puzzles T (1-1000000), found 'x'\n");
}

TEST_CASE("cli: an unsolvable puzzle of a grid-answer problem exits 2 naming the puzzle") {
    Run r = run("--problem line81", "# header\n12345678." + std::string(35, '.') + "9" + std::string(36, '.') + "\n");
    CHECK(r.status == 2);
    CHECK(r.err == "stdin:2: puzzle 1 has no solution, but line81 promises solvable puzzles\n");
}

TEST_CASE("cli: a repeated clue in target prints -1 and exits 0") {
    Run r = run("--problem target", target_input("0 8 0 5 0 4 0 1 1\n"));  // 1 twice in row 9
    CHECK(r.status == 0);
    CHECK(r.out == "-1\n");
}

TEST_CASE("cli: --weights replaces the ring weights and --certificate prints an optimal grid") {
    std::string ones;
    for (int r = 0; r < 9; ++r) ones += "1 1 1 1 1 1 1 1 1\n";
    fs::path weights = write_file("weights.txt", ones);
    Run r = run("--problem target --weights '" + weights.string() + "' --certificate '" + samples_dir + "target-1.in'");
    CHECK(r.status == 0);
    REQUIRE(r.out.substr(0, 4) == "405\n");
    auto grids = sudoku::parse_puzzles(sudoku::Format::target, r.out.substr(4), "certificate");
    REQUIRE(std::holds_alternative<std::vector<sudoku::Grid>>(grids));
    auto puzzle =
        std::get<std::vector<sudoku::Grid>>(sudoku::read_puzzles(sudoku::Format::target, samples_dir + "target-1.in"));
    CHECK(std::get<std::vector<sudoku::Grid>>(grids).front().is_solution_of(puzzle.front()));
}

TEST_CASE("cli: with every weight -1 a solvable puzzle prints -405 and its certificate, not -1") {
    std::string minus_ones;
    for (int r = 0; r < 9; ++r) minus_ones += "-1 -1 -1 -1 -1 -1 -1 -1 -1\n";
    fs::path weights = write_file("weights.txt", minus_ones);
    Run r = run("--problem target --weights '" + weights.string() + "' --certificate '" + samples_dir + "target-1.in'");
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::StartsWith("-405\n"));
    CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 10);
    CHECK(r.out.find(" 0") == std::string::npos);  // the certificate is a completion, not zeros
}

TEST_CASE("cli: weights under which a grid may score -1 need --no-completion") {
    // Only cell 0 weighs (-1): the scores are -1..-9, so -1 cannot mean "no completion".
    std::string mixed;
    for (int r = 0; r < 9; ++r) mixed += r == 0 ? "-1 0 0 0 0 0 0 0 0\n" : "0 0 0 0 0 0 0 0 0\n";
    fs::path weights = write_file("weights.txt", mixed);
    Run refused = run("--problem target --weights '" + weights.string() + "' '" + samples_dir + "target-1.in'");
    CHECK(refused.status == 2);
    CHECK_THAT(refused.err, Catch::Contains("--no-completion"));
    Run named = run("--problem target --weights '" + weights.string() + "' --no-completion none", [] {
        std::string grid = "5 0 0 0 0 0 0 0 5\n";
        for (int r = 1; r < 9; ++r) grid += "0 0 0 0 0 0 0 0 0\n";
        return grid;
    }());
    CHECK(named.status == 0);
    CHECK(named.out == "none\n");
}

TEST_CASE("cli: sudogob on an all-blank grid answers 'more than N' with exit 3 instead of counting forever") {
    std::string blank = "1\n";
    for (int r = 0; r < 9; ++r) blank += "0 0 0 0 0 0 0 0 0\n";
    Run by_default = run("--problem sudogob", blank);
    CHECK(by_default.status == 3);
    CHECK(by_default.out == "more than 1000000\n");
    Run capped = run("--problem sudogob --count-cap 5", blank);
    CHECK(capped.status == 3);
    CHECK(capped.out == "more than 5\n");
    Run zero = run("--problem sudogob --count-cap 0", blank);
    CHECK(zero.status == 2);
    Run elsewhere = run("--problem target --count-cap 5 '" + samples_dir + "target-1.in'");
    CHECK(elsewhere.status == 2);
    CHECK_THAT(elsewhere.err, Catch::Contains("sudogob problem only"));
}

TEST_CASE("cli: a malformed weights file exits 2 naming its place") {
    fs::path weights = write_file("weights.txt", "1 2 3\n");
    Run r = run("--problem target --weights '" + weights.string() + "' '" + samples_dir + "target-1.in'");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith(weights.string() + ":1:6: expected an integer weight"));
}

TEST_CASE("cli: usage errors exit 2 with a message") {
    for (const char* args :
         {"", "--problem", "--problem nope", "--problem target a b", "--frobnicate", "--problem qmark --certificate"}) {
        INFO(args);
        Run r = run(args);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::StartsWith("sudoku-solve: "));
    }
}

TEST_CASE("cli: --help lists every option of sudoku-solve") {
    Run r = run("--help");
    CHECK(r.status == 0);
    for (const char* option : {"--problem NAME", "--weights FILE", "--certificate", "FILE"})
        CHECK_THAT(r.out, Catch::Contains(option));
}

TEST_CASE("cli: a bad value is refused with exit 2 and a message naming the option and what was expected") {
    Run unknown = run("--problem sudoku9");
    CHECK(unknown.status == 2);
    CHECK(unknown.err ==
          "sudoku-solve: --problem: unknown problem 'sudoku9', expected one of target, poj2676, qmark, "
          "poj3074, uva1309, sudogob, line81 (see --help)\n");
    Run missing = run("--problem target --weights");
    CHECK(missing.status == 2);
    CHECK(missing.err == "sudoku-solve: --weights needs a value (FILE) (see --help)\n");
    // The next option is not a value: --weights would have read a file named "--certificate".
    Run option_as_value = run("--problem target --weights --certificate '" + samples_dir + "target-1.in'");
    CHECK(option_as_value.status == 2);
    CHECK_THAT(option_as_value.err, Catch::Contains("--weights: expected a value, found the option '--certificate'"));
}
