// What a problem config may name on disk (sudoku/common/config_paths.hpp): the box's input and output
// are plain file names, a checker is found beside its config and handed on as an absolute path.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <cstdlib>

#include "scratch_dir.hpp"
#include "sudoku/problem/problem_config.hpp"

using namespace sudoku;
using sudoku::testing::read_text;
using sudoku::testing::scratch_dir;
using sudoku::testing::write_text;
namespace fs = std::filesystem;

namespace {

// A small config whose line 3 is `line3`.
std::string config_with(const std::string& line3) {
    return "name: t\nproblem: target\n" + line3 + "\nseed: 5\ngroups:\n  - count: 1\n    clues: 30..34\n";
}

std::variant<ProblemConfig, Diagnostic> load(const fs::path& dir, const std::string& line3) {
    return load_problem_config(write_text(dir / "t.yaml", config_with(line3)));
}

Diagnostic refused(const std::string& name, const std::string& line3) {
    const fs::path dir = scratch_dir("paths-" + name);
    auto loaded = load(dir, line3);
    INFO(line3);
    REQUIRE(std::holds_alternative<Diagnostic>(loaded));
    const Diagnostic d = std::get<Diagnostic>(loaded);
    CHECK(d.file == (dir / "t.yaml").string());
    CHECK(d.line == 3);
    return d;
}

}  // namespace

TEST_CASE("config paths: an input or output that is a path, not a file name in the box, is refused at its line") {
    const std::vector<std::string> bad = {"input: /etc/passwd", "input: ../escape.in", "input: sub/sudoku.in",
                                          "input: .",           "input: ..",           "input: ''",
                                          "input: prog",        "output: /etc/shadow", "output: ../../answer",
                                          "output: \"a b\"",    "output: prog"};
    int i = 0;
    for (const auto& line : bad) {
        const Diagnostic d = refused("bad-" + std::to_string(i++), line);
        CHECK_THAT(d.message, Catch::Contains(line.substr(0, line.find(':'))));
    }
}

TEST_CASE("config paths: plain file names, stdin and stdout are accepted") {
    const fs::path dir = scratch_dir("paths-good");
    for (const std::string line : {"input: sudoku.in", "input: stdin", "output: my_out-1.txt", "output: stdout"}) {
        INFO(line);
        CHECK(std::holds_alternative<ProblemConfig>(load(dir, line)));
    }
}

TEST_CASE("config paths: a relative checker is found beside its config, not in the current folder, and made absolute") {
    const fs::path dir = scratch_dir("paths-checker");
    fs::create_directories(dir / "configs");
    write_text(dir / "configs/check.sh", "#!/bin/sh\nexit 0\n");
    fs::permissions(dir / "configs/check.sh", fs::perms::owner_all);
    auto loaded = load_problem_config(write_text(dir / "configs/t.yaml", config_with("checker: check.sh")));
    REQUIRE(std::holds_alternative<ProblemConfig>(loaded));
    CHECK(std::get<ProblemConfig>(loaded).checker == (fs::absolute(dir) / "configs/check.sh").string());
    CHECK(std::holds_alternative<ProblemConfig>(load(dir / "configs", "checker: sudoku")));
}

TEST_CASE("config paths: a checker that is missing, a folder or not executable is refused at its line") {
    const fs::path dir = scratch_dir("paths-bad-checker");
    write_text(dir / "plain.txt", "not a program\n");
    fs::create_directories(dir / "folder");
    CHECK_THAT(refused("checker-missing", "checker: nowhere/check").message, Catch::Contains("does not exist"));
    const auto in_dir = [&](const std::string& line) {
        auto loaded = load(dir, line);
        REQUIRE(std::holds_alternative<Diagnostic>(loaded));
        CHECK(std::get<Diagnostic>(loaded).line == 3);
        return std::get<Diagnostic>(loaded).message;
    };
    CHECK_THAT(in_dir("checker: folder"), Catch::Contains("not a regular file"));
    CHECK_THAT(in_dir("checker: plain.txt"), Catch::Contains("not executable"));
    CHECK_THAT(in_dir("checker: tokenz"), Catch::Contains("tokens, exact, lines"));
}

TEST_CASE("config paths: sudoku-gen build refuses an absolute input with file:line and writes nothing") {
    const fs::path dir = scratch_dir("paths-cli");
    const fs::path yaml = write_text(dir / "t.yaml", config_with("input: " + (dir / "host.txt").string()));
    const std::string gen = (fs::path(SUDOKU_BINARY_DIR) / "generator" / "sudoku-gen").string();
    const int status = std::system(
        (gen + " build " + yaml.string() + " --out " + (dir / "testdata").string() + " 2>" + (dir / "err").string())
            .c_str());
    CHECK(WEXITSTATUS(status) == 2);
    CHECK_THAT(read_text(dir / "err"), Catch::Contains(yaml.string() + ":3:"));
    CHECK(!fs::exists(dir / "testdata/t"));
}

TEST_CASE("config paths: sudoku-gen validate refuses a built set whose config.yaml names a host output") {
    const fs::path dir = scratch_dir("paths-validate");
    const fs::path yaml = write_text(dir / "t.yaml", config_with("output: sudoku.out"));
    const std::string gen = (fs::path(SUDOKU_BINARY_DIR) / "generator" / "sudoku-gen").string();
    REQUIRE(std::system(
                (gen + " build " + yaml.string() + " --out " + (dir / "testdata").string() + " 2>/dev/null").c_str()) ==
            0);
    const fs::path built = dir / "testdata/t/config.yaml";
    std::string text = read_text(built);
    text.replace(text.find("output: sudoku.out"), 18, "output: /etc/hostname");
    write_text(built, text);
    const int status = std::system(
        (gen + " validate " + (dir / "testdata/t").string() + " >/dev/null 2>" + (dir / "err").string()).c_str());
    CHECK(WEXITSTATUS(status) == 2);
    CHECK_THAT(read_text(dir / "err"), Catch::Contains(built.string() + ":3:"));
}
