// sudoku-gen end to end, as a setter runs it: exit codes, reproducible bytes, messages.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "scratch_dir.hpp"
#include "sudoku/dlx.hpp"
#include "sudoku/formats.hpp"

using namespace sudoku;
using sudoku::testing::read_file;
using sudoku::testing::scratch_dir;
using sudoku::testing::write_file;
namespace fs = std::filesystem;

namespace {

const fs::path kGen = fs::path(SUDOKU_BINARY_DIR) / "generator" / "sudoku-gen";

// Runs sudoku-gen with the arguments, stdout and stderr to files in `dir`; returns the exit status.
int run(const fs::path& dir, const std::string& args) {
    const std::string command = kGen.string() + " " + args + " >" + (dir / "out").string() + " 2>" +
                                (dir / "err").string();
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

TEST_CASE("cli: --help shows an example and exits 0; bad arguments exit 2") {
    const fs::path dir = scratch_dir("cli-help");
    CHECK(run(dir, "--help") == 0);
    CHECK(read_file(dir / "out").find("sudoku-gen build configs/target-sudoku.yaml") != std::string::npos);
    CHECK(run(dir, "puzzle --kind sideways") == 2);
    CHECK(read_file(dir / "err").find("--kind") != std::string::npos);
    CHECK(run(dir, "puzzle --clues 16") == 2);
    CHECK(read_file(dir / "err").find("17") != std::string::npos);
    CHECK(run(dir, "frobnicate") == 2);
}

TEST_CASE("cli: puzzle output is reproducible, in the asked format, and of the asked kind") {
    const fs::path dir = scratch_dir("cli-puzzle");
    REQUIRE(run(dir, "puzzle --count 4 --seed 12 --clues 22..26 --symmetry rot180 --format poj3074") == 0);
    const std::string first = read_file(dir / "out");
    CHECK(read_file(dir / "err").find("techniques") != std::string::npos);
    REQUIRE(run(dir, "puzzle --count 4 --seed 12 --clues 22..26 --symmetry rot180 --format poj3074") == 0);
    CHECK(read_file(dir / "out") == first);
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
    auto target = parse_puzzles(Format::target, read_file(dir / "out"), "out");
    REQUIRE(std::holds_alternative<std::vector<Grid>>(target));
    CHECK(dlx_count(std::get<std::vector<Grid>>(target)[0], 1).count == 0);
}

TEST_CASE("cli: a bad config names the YAML file and line, exits 2 and writes nothing") {
    const fs::path dir = scratch_dir("cli-bad-config");
    const auto yaml = write_file(dir / "bad.yaml", "name: bad\nproblem: target\ngroups:\n  - clues: 30..20\n");
    CHECK(run(dir, "build " + yaml.string() + " --out " + (dir / "testdata").string()) == 2);
    CHECK(read_file(dir / "err").find(yaml.string() + ":4:") != std::string::npos);
    CHECK(!fs::exists(dir / "testdata" / "bad"));
    CHECK(run(dir, "build " + (dir / "missing.yaml").string()) == 2);
    CHECK(read_file(dir / "err").find("missing.yaml") != std::string::npos);
}

TEST_CASE("cli: build then validate; a tampered answer makes validate exit 2 naming the test") {
    const fs::path dir = scratch_dir("cli-build");
    const auto yaml = write_file(dir / "t.yaml",
                                 "name: t\nproblem: target\nseed: 5\ngroups:\n  - count: 2\n    clues: 30..34\n");
    REQUIRE(run(dir, "build " + yaml.string() + " --out " + (dir / "testdata").string()) == 0);
    REQUIRE(run(dir, "validate " + (dir / "testdata" / "t").string()) == 0);
    CHECK(read_file(dir / "out").find("valid") != std::string::npos);
    write_file(dir / "testdata" / "t" / "02.ans", "1\n");
    CHECK(run(dir, "validate " + (dir / "testdata" / "t").string()) == 2);
    CHECK(read_file(dir / "err").find("02.ans") != std::string::npos);
}

TEST_CASE("cli: --help names every format of the problem registry; puzzles default to line81") {
    const fs::path dir = scratch_dir("cli-formats");
    REQUIRE(run(dir, "--help") == 0);
    const std::string help = read_file(dir / "out");
    for (Format format : all_formats()) CHECK(help.find(std::string(format_name(format))) != std::string::npos);
    REQUIRE(run(dir, "puzzle --seed 3") == 0);
    CHECK(std::holds_alternative<std::vector<Grid>>(parse_puzzles(Format::line81, read_file(dir / "out"), "out")));
}
