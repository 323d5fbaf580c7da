#include <catch2/catch.hpp>

#include "scratch_dir.hpp"
#include "sudoku/problem/problem_config.hpp"

using namespace sudoku;
using sudoku::testing::scratch_dir;
using sudoku::testing::write_text;

namespace {

const char* kGood = R"(name: demo
title: Demo
problem: poj2676
input: stdin
output: stdout
time_limit: 2
seed: 9
groups:
  - name: easy
    count: 3
    clues: 30..40
    kind: unique
    puzzles: 2
    points: 10
)";

Diagnostic diagnostic_of(const std::string& yaml, const std::string& name) {
    const auto path = write_text(scratch_dir("config-" + name) / "p.yaml", yaml);
    auto loaded = load_problem_config(path);
    REQUIRE(std::holds_alternative<Diagnostic>(loaded));
    const Diagnostic d = std::get<Diagnostic>(loaded);
    CHECK(d.file == path.string());
    return d;
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    return text.replace(text.find(from), from.size(), to);
}

}  // namespace

TEST_CASE("config: a good config is read field by field") {
    const auto path = write_text(scratch_dir("config-good") / "p.yaml", kGood);
    auto loaded = load_problem_config(path);
    REQUIRE(std::holds_alternative<ProblemConfig>(loaded));
    const auto& c = std::get<ProblemConfig>(loaded);
    CHECK(c.name == "demo");
    CHECK(c.problem == "poj2676");
    CHECK(c.uses_stdin());
    CHECK(c.time_limit_s == 2.0);
    CHECK(c.seed == 9);
    REQUIRE(c.groups.size() == 1);
    CHECK(c.groups[0].min_clues == 30);
    CHECK(c.groups[0].max_clues == 40);
    CHECK(c.groups[0].count == 3);
    CHECK(c.groups[0].puzzles == 2);
    CHECK(c.groups[0].kind == "unique");
    CHECK(c.groups[0].line == 9);  // for messages about the group during a build
}

TEST_CASE("config: an unknown key names the file and its line") {
    const auto d = diagnostic_of(replaced(kGood, "    points: 10", "    pionts: 10"), "unknown-key");
    CHECK(d.line == 14);
    CHECK(d.message.find("pionts") != std::string::npos);
    const auto top = diagnostic_of(std::string(kGood) + "colour: red\n", "unknown-top-key");
    CHECK(top.line == 15);
}

TEST_CASE("config: MIN > MAX in a clue range names its line") {
    const auto d = diagnostic_of(replaced(kGood, "30..40", "40..30"), "min-max");
    CHECK(d.line == 11);
    CHECK(d.message.find("MIN > MAX") != std::string::npos);
}

TEST_CASE("config: a unique 9x9 puzzle with 16 clues is impossible") {
    const auto d = diagnostic_of(replaced(kGood, "30..40", "16..16"), "unique-16");
    CHECK(d.line == 11);
    CHECK(d.message.find("impossible") != std::string::npos);
}

TEST_CASE("config: an unsolvable puzzle with 81 clues is impossible") {
    std::string yaml = replaced(kGood, "problem: poj2676", "problem: target");
    yaml = replaced(yaml, "30..40", "81..81");
    yaml = replaced(yaml, "kind: unique", "kind: unsolvable");
    yaml = replaced(yaml, "    puzzles: 2\n", "");
    const auto d = diagnostic_of(yaml, "unsolvable-81");
    CHECK(d.line == 11);
    CHECK(d.message.find("cannot be unsolvable") != std::string::npos);
}

TEST_CASE("config: problem-specific rules (unsolvable where solutions are promised, unknown problem)") {
    CHECK(diagnostic_of(replaced(kGood, "kind: unique", "kind: unsolvable"), "promise").line == 12);
    CHECK(diagnostic_of(replaced(kGood, "problem: poj2676", "problem: poj9999"), "unknown-problem").line == 3);
    CHECK(diagnostic_of(replaced(kGood, "clues: 30..40", "clues: lots"), "bad-range").line == 11);
    CHECK(diagnostic_of(replaced(kGood, "count: 3", "count: three"), "bad-count").line == 10);
}

TEST_CASE("config: a missing file and broken YAML are diagnostics too") {
    auto missing = load_problem_config(scratch_dir("config-missing") / "nothing.yaml");
    REQUIRE(std::holds_alternative<Diagnostic>(missing));
    CHECK(std::get<Diagnostic>(missing).file.find("nothing.yaml") != std::string::npos);
    const auto d = diagnostic_of("name: [unclosed\n", "broken");
    CHECK(d.line >= 1);
}

TEST_CASE("config: a bad sample is reported at its line in the YAML file") {
    const std::string yaml = std::string(kGood) + "samples:\n  - input: |\n      1\n      12345678x\n";
    const auto d = diagnostic_of(yaml, "bad-sample");
    CHECK(d.line == 18);  // the line "12345678x"
    CHECK(d.message.find("digit") != std::string::npos);
}

TEST_CASE("config: every shipped config loads") {
    int loaded = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::filesystem::path(SUDOKU_SOURCE_DIR) / "configs")) {
        if (entry.path().extension() != ".yaml") continue;
        auto config = load_problem_config(entry.path());
        INFO(entry.path().string()
             << ": " << (std::holds_alternative<Diagnostic>(config) ? std::get<Diagnostic>(config).to_string() : "ok"));
        CHECK(std::holds_alternative<ProblemConfig>(config));
        ++loaded;
    }
    CHECK(loaded >= 7);
}

namespace {

const char* kTarget = R"(name: signed
problem: target
groups:
  - name: dense
    count: 1
    clues: 30..40
    kind: solvable
)";

// 9 lines of 9 weights for the YAML block: `first` in cell 0, `rest` everywhere else.
std::string weights_block(int first, int rest) {
    std::string block = "weights: |\n";
    for (int r = 0; r < 9; ++r) {
        block += " ";
        for (int c = 0; c < 9; ++c) block += " " + std::to_string(r == 0 && c == 0 ? first : rest);
        block += "\n";
    }
    return block;
}

}  // namespace

TEST_CASE("config: target weights under which a grid may score -1 are refused at the weights' line") {
    // Only cell 0 weighs: with -5 the scores are -5 x digit, and -1 is not among them...
    const auto path = write_text(scratch_dir("config-minus-five") / "p.yaml", kTarget + weights_block(-5, 0));
    CHECK(std::holds_alternative<ProblemConfig>(load_problem_config(path)));
    // ... with -1 they are -1..-9, and the default answer -1 is ambiguous.
    const auto d = diagnostic_of(std::string(kTarget) + weights_block(-1, 0), "minus-one-reachable");
    CHECK(d.line == 8);
    CHECK_THAT(d.message, Catch::Contains("may score -1") && Catch::Contains("no_completion"));
}

TEST_CASE("config: no_completion names the target answer for 'no completion'") {
    const auto path =
        write_text(scratch_dir("config-none") / "p.yaml", kTarget + weights_block(-1, 0) + "no_completion: none\n");
    auto loaded = load_problem_config(path);
    REQUIRE(std::holds_alternative<ProblemConfig>(loaded));
    const ProblemConfig& config = std::get<ProblemConfig>(loaded);
    CHECK(config.no_completion == "none");
    CHECK(config.answer_options().no_completion == "none");
    CHECK(ProblemConfig{}.answer_options().no_completion == "-1");
}

TEST_CASE("config: a no_completion that is itself a reachable score, or not one token, is refused") {
    const auto reachable =
        diagnostic_of(std::string(kTarget) + weights_block(-1, 0) + "no_completion: -3\n", "reachable");
    CHECK(reachable.line == 18);
    CHECK_THAT(reachable.message, Catch::Contains("'no_completion: -3' is a score"));
    const auto spaced =
        diagnostic_of(std::string(kTarget) + weights_block(-1, 0) + "no_completion: no way\n", "spaced");
    CHECK_THAT(spaced.message, Catch::Contains("one token"));
    const auto elsewhere = diagnostic_of(std::string(kGood) + "no_completion: none\n", "not-target");
    CHECK_THAT(elsewhere.message, Catch::Contains("target problem only"));
}

TEST_CASE("config: count_cap bounds sudogob counts, and max_solutions above it is refused at its line") {
    const std::string counting = R"(name: counts
problem: sudogob
count_cap: 50
groups:
  - name: several
    count: 1
    clues: 26..30
    kind: solvable
    max_solutions: 40
)";
    const auto path = write_text(scratch_dir("config-count-cap") / "p.yaml", counting);
    auto loaded = load_problem_config(path);
    REQUIRE(std::holds_alternative<ProblemConfig>(loaded));
    CHECK(std::get<ProblemConfig>(loaded).answer_options().count_cap == 50);
    const auto above = diagnostic_of(replaced(counting, "max_solutions: 40", "max_solutions: 60"), "above-cap");
    CHECK(above.line == 9);
    CHECK_THAT(above.message, Catch::Contains("above count_cap 50"));
    const auto zero = diagnostic_of(replaced(counting, "count_cap: 50", "count_cap: 0"), "zero-cap");
    CHECK(zero.line == 3);
    const auto elsewhere = diagnostic_of(std::string(kGood) + "count_cap: 9\n", "cap-not-sudogob");
    CHECK_THAT(elsewhere.message, Catch::Contains("sudogob problem only"));
}
