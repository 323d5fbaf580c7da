// sudoku-gen end to end, as a setter runs it: exit codes, reproducible bytes, messages.
#include <catch2/catch.hpp>
#include <cstdlib>

#include "scratch_dir.hpp"
#include "sudoku/common/sha256.hpp"
#include "sudoku/solver/dlx.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/solve.hpp"

using namespace sudoku;
using sudoku::testing::read_text;
using sudoku::testing::scratch_dir;
using sudoku::testing::write_text;
namespace fs = std::filesystem;

namespace {

const fs::path kGen = fs::path(SUDOKU_BINARY_DIR) / "generator" / "sudoku-gen";

// Runs sudoku-gen with the arguments, stdout and stderr to files in `dir`; returns the exit status.
int run(const fs::path& dir, const std::string& args) {
    return sudoku::testing::exit_status_of(kGen.string() + " " + args + " >" + (dir / "out").string() + " 2>" +
                                           (dir / "err").string());
}

// Every clue needed: removing any one of them lets a second completion in.
bool is_minimal(const Grid& puzzle) {
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        if (!puzzle.at(cell)) continue;
        Grid fewer = puzzle;
        fewer.set(cell, 0);
        if (count_solutions(fewer, 2).count < 2) return false;
    }
    return true;
}

std::vector<Grid> line81_puzzles(const std::string& text) {
    auto parsed = parse_puzzles(Format::line81, text, "out");
    REQUIRE(std::holds_alternative<std::vector<Grid>>(parsed));
    return std::get<std::vector<Grid>>(parsed);
}

// Exit 2, nothing on stdout, and a message on stderr holding each of `named`.
void check_refused(const fs::path& dir, const std::string& args, const std::vector<std::string>& named) {
    INFO("sudoku-gen " << args);
    CHECK(run(dir, args) == 2);
    CHECK(read_text(dir / "out").empty());
    const std::string err = read_text(dir / "err");
    CHECK_THAT(err, Catch::Contains("see --help"));
    for (const auto& text : named) CHECK_THAT(err, Catch::Contains(text));
}

}  // namespace

TEST_CASE("cli: --help shows an example and exits 0, and bad arguments exit 2") {
    const fs::path dir = scratch_dir("cli-help");
    CHECK(run(dir, "--help") == 0);
    CHECK(read_text(dir / "out").find("sudoku-gen build configs/target-sudoku.yaml") != std::string::npos);
    CHECK(run(dir, "puzzle --kind sideways") == 2);
    CHECK(read_text(dir / "err").find("--kind") != std::string::npos);
    CHECK(run(dir, "puzzle --clues 16") == 2);
    CHECK(read_text(dir / "err").find("17") != std::string::npos);
    CHECK(run(dir, "frobnicate") == 2);
}

TEST_CASE("cli: puzzle output is reproducible, in the asked format, and of the asked kind") {
    const fs::path dir = scratch_dir("cli-puzzle");
    REQUIRE(run(dir, "puzzle --count 4 --seed 12 --clues 22..26 --symmetry rot180 --format poj3074") == 0);
    const std::string first = read_text(dir / "out");
    CHECK(read_text(dir / "err").find("techniques") != std::string::npos);
    REQUIRE(run(dir, "puzzle --count 4 --seed 12 --clues 22..26 --symmetry rot180 --format poj3074") == 0);
    CHECK(read_text(dir / "out") == first);
    auto parsed = parse_puzzles(Format::poj3074, first, "out");
    REQUIRE(std::holds_alternative<std::vector<Grid>>(parsed));
    const auto& puzzles = std::get<std::vector<Grid>>(parsed);
    REQUIRE(puzzles.size() == 4);
    for (const Grid& p : puzzles) {
        CHECK(p.clue_count() >= 22);
        CHECK(p.clue_count() <= 26);
        CHECK(dlx_count(p, 2).count == 1);
    }
    REQUIRE(run(dir, "puzzle --kind unsolvable --clues 26..30 --seed 3 --format target") == 0);
    auto target = parse_puzzles(Format::target, read_text(dir / "out"), "out");
    REQUIRE(std::holds_alternative<std::vector<Grid>>(target));
    CHECK(dlx_count(std::get<std::vector<Grid>>(target)[0], 1).count == 0);
}

TEST_CASE("cli: a bad config names the YAML file and line, exits 2 and writes nothing") {
    const fs::path dir = scratch_dir("cli-bad-config");
    const auto yaml = write_text(dir / "bad.yaml", "name: bad\nproblem: target\ngroups:\n  - clues: 30..20\n");
    CHECK(run(dir, "build " + yaml.string() + " --out " + (dir / "testdata").string()) == 2);
    CHECK(read_text(dir / "err").find(yaml.string() + ":4:") != std::string::npos);
    CHECK(!fs::exists(dir / "testdata" / "bad"));
    CHECK(run(dir, "build " + (dir / "missing.yaml").string()) == 2);
    CHECK(read_text(dir / "err").find("missing.yaml") != std::string::npos);
}

TEST_CASE("cli: build then validate, and a tampered answer makes validate exit 4 (found wanting) naming the test") {
    const fs::path dir = scratch_dir("cli-build");
    const auto yaml =
        write_text(dir / "t.yaml", "name: t\nproblem: target\nseed: 5\ngroups:\n  - count: 2\n    clues: 30..34\n");
    REQUIRE(run(dir, "build " + yaml.string() + " --out " + (dir / "testdata").string()) == 0);
    REQUIRE(run(dir, "validate " + (dir / "testdata" / "t").string()) == 0);
    CHECK(read_text(dir / "out").find("valid") != std::string::npos);
    write_text(dir / "testdata" / "t" / "02.ans", "1\n");
    CHECK(run(dir, "validate " + (dir / "testdata" / "t").string()) == 4);  // 2 before: read as bad input
    CHECK(read_text(dir / "err").find("02.ans") != std::string::npos);
    CHECK(run(dir, "validate " + (dir / "testdata" / "missing").string()) == 2);
}

TEST_CASE("cli: puzzle --help shows puzzle's options and exits 0 (it said '--help needs a value' and exited 2)") {
    const fs::path dir = scratch_dir("cli-puzzle-help");
    REQUIRE(run(dir, "puzzle --help") == 0);
    const std::string out = read_text(dir / "out");
    CHECK_THAT(out, Catch::StartsWith("usage: sudoku-gen puzzle"));
    for (const char* option :
         {"--size", "--clues", "--kind", "--minimal", "--symmetry", "--seed", "--count", "--format", "Example:"})
        CHECK_THAT(out, Catch::Contains(option));
}

TEST_CASE("cli: build --help and validate --help show their options and exit 0") {
    const fs::path dir = scratch_dir("cli-build-help");
    REQUIRE(run(dir, "build --help") == 0);
    CHECK_THAT(read_text(dir / "out"), Catch::StartsWith("usage: sudoku-gen build CONFIG.yaml [--out DIR]"));
    CHECK_THAT(read_text(dir / "out"), Catch::Contains("Example:"));
    REQUIRE(run(dir, "validate --help") == 0);
    CHECK_THAT(read_text(dir / "out"), Catch::StartsWith("usage: sudoku-gen validate DIR"));
    CHECK_THAT(read_text(dir / "out"), Catch::Contains("Example:"));
}

TEST_CASE("cli: --size 4 and --size 25 are refused up front, naming the option, the value and the sizes supported") {
    const fs::path dir = scratch_dir("cli-size");
    check_refused(dir, "puzzle --size 4", {"--size", "'4'", "9, 16"});
    check_refused(dir, "puzzle --size 25 --format uva1309", {"--size", "'25'", "9, 16"});
    check_refused(dir, "puzzle --size 16 --format line81", {"--format line81", "16"});
}

TEST_CASE("cli: puzzle refuses values that are not whole numbers or names, naming the option") {
    const fs::path dir = scratch_dir("cli-bad-values");
    check_refused(dir, "puzzle --count 2abc", {"--count", "2abc"});
    check_refused(dir, "puzzle --seed -1", {"--seed", "-1"});
    check_refused(dir, "puzzle --seed 0x10", {"--seed", "0x10"});
    check_refused(dir, "puzzle --clues 2x..30", {"--clues", "2x..30"});
    check_refused(dir, "puzzle --format json", {"--format", "json", "line81"});
    check_refused(dir, "puzzle --symmetry spiral", {"--symmetry", "spiral", "rot180"});
    check_refused(dir, "puzzle --seed", {"--seed needs a value"});
    check_refused(dir, "puzzle --count --seed 3", {"--count", "--seed"});
    check_refused(dir, "puzzle --minimal --kind solvable", {"minimal"});
    check_refused(dir, "build", {"CONFIG.yaml"});
    check_refused(dir, "validate", {"DIR"});
}

TEST_CASE("cli: puzzle --minimal gives unique puzzles whose every clue is needed, over several seeds") {
    const fs::path dir = scratch_dir("cli-minimal");
    int puzzles = 0;
    for (int seed = 1; seed <= 5; ++seed) {
        REQUIRE(run(dir, "puzzle --minimal --count 8 --seed " + std::to_string(seed)) == 0);
        for (const Grid& p : line81_puzzles(read_text(dir / "out"))) {
            INFO("seed " << seed << ": " << write_puzzles(Format::line81, {p}));
            CHECK(count_solutions(p, 2).count == 1);
            CHECK(is_minimal(p));
            CHECK(p.clue_count() >= 22);
            CHECK(p.clue_count() <= 30);
            ++puzzles;
        }
    }
    CHECK(puzzles == 40);
    REQUIRE(run(dir, "puzzle --minimal --clues 19..20 --seed 4") == 0);
    const Grid few = line81_puzzles(read_text(dir / "out")).at(0);
    CHECK(few.clue_count() <= 20);
    CHECK(is_minimal(few));
}

TEST_CASE("cli: without --minimal, puzzle output is the same bytes as before the option existed") {
    // Recorded from sudoku-gen before --minimal (commit 7ff3fde): the generator's random stream is
    // part of its reproducibility contract.
    const fs::path dir = scratch_dir("cli-same-bytes");
    REQUIRE(run(dir, "puzzle --count 3 --seed 5") == 0);
    CHECK(read_text(dir / "out") ==
          "6....38....12..9.7.3...8......1.4...4...8....2.5....6.94...5.28.6..29.73......64.\n"
          ".......4.4..71.........678....8..325.6..9......51.7.....9....5..8...3.7.5......69\n"
          ".8..1.....1.4..2.6...3.9...5.4....1....7..698...........16.7...625..3..1.9....3..\n");
    REQUIRE(run(dir, "puzzle --count 2 --seed 12 --clues 22..26 --symmetry rot180 --format poj3074") == 0);
    CHECK(read_text(dir / "out") ==
          "4...6.....6...5.1.7....8.5....6..4...51...87...4..3....9.5....6.8.4...9.....2...1\n"
          "..136.....72...3.4...8......6..1.24.9.......6.24.8..3......8...3.6...51.....436..\nend\n");
    REQUIRE(run(dir, "puzzle --count 200 --seed 99") == 0);
    CHECK(sha256_hex(read_text(dir / "out")) == "6c76c435cb47512ae9951057c8e8110ad1dca52ceca7fc81420aeca74ed12d41");
    REQUIRE(run(dir, "puzzle --size 16 --seed 3 --format uva1309") == 0);
    CHECK(sha256_hex(read_text(dir / "out")) == "2db99ec02f1f19f61c9ccf941251ef65ee07bf543dc03c04eed5a9de84bb2e98");
}

TEST_CASE("cli: puzzle --help names every format of the problem registry, and puzzles default to line81") {
    const fs::path dir = scratch_dir("cli-formats");
    REQUIRE(run(dir, "puzzle --help") == 0);
    const std::string help = read_text(dir / "out");
    for (Format format : all_formats()) CHECK(help.find(std::string(format_name(format))) != std::string::npos);
    REQUIRE(run(dir, "puzzle --seed 3") == 0);
    CHECK(std::holds_alternative<std::vector<Grid>>(parse_puzzles(Format::line81, read_text(dir / "out"), "out")));
}
