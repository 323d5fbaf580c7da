#include <catch2/catch.hpp>
#include <set>

#include "scratch_dir.hpp"
#include "sudoku/common/sha256.hpp"
#include "sudoku/generator/test_set.hpp"
#include "sudoku/problem/problem_config.hpp"
#include "sudoku/solver/dlx.hpp"
#include "sudoku/solver/formats.hpp"

using namespace sudoku;
using sudoku::testing::read_text;
using sudoku::testing::scratch_dir;
using sudoku::testing::write_text;
namespace fs = std::filesystem;

namespace {

const char* kSmallTarget = R"(name: small-target
problem: target
seed: 4242
samples:
  - input: |
      7 0 0 9 0 0 0 0 1
      1 0 0 0 0 5 9 0 0
      0 0 0 2 0 0 0 8 0
      0 0 5 0 2 0 0 0 3
      0 0 0 0 0 0 6 4 8
      4 1 3 0 0 0 0 0 0
      0 0 7 0 0 2 0 9 0
      2 0 1 0 6 0 8 0 4
      0 8 0 5 0 4 0 1 2
groups:
  - name: dense
    count: 2
    clues: 30..36
    kind: solvable
  - name: none
    count: 1
    clues: 26..28
    kind: unsolvable
  - name: hard
    count: 1
    clues: 26..27
    kind: solvable
    hardness: brute-force
)";

const char* kSmallClassic = R"(name: small-classic
problem: poj2676
input: stdin
output: stdout
seed: 17
groups:
  - name: easy
    count: 2
    clues: 30..34
    kind: unique
    puzzles: 3
  - name: hard
    count: 2
    clues: 21..23
    kind: unique
    symmetry: rot180
    puzzles: 2
)";

const char* kSmallCounting = R"(name: small-counting
problem: sudogob
input: stdin
output: stdout
seed: 3
groups:
  - name: several
    count: 2
    clues: 26..30
    kind: solvable
    max_solutions: 40
    puzzles: 2
  - name: none
    count: 1
    clues: 26..30
    kind: unsolvable
    puzzles: 2
)";

ProblemConfig load(const fs::path& yaml) {
    auto loaded = load_problem_config(yaml);
    INFO((std::holds_alternative<Diagnostic>(loaded) ? std::get<Diagnostic>(loaded).to_string() : ""));
    REQUIRE(std::holds_alternative<ProblemConfig>(loaded));
    return std::get<ProblemConfig>(loaded);
}

fs::path build(const std::string& yaml, const std::string& scratch) {
    const fs::path root = scratch_dir(scratch);
    const ProblemConfig config = load(write_text(root / "config-source.yaml", yaml));
    auto built = build_test_set(config, root / "testdata", nullptr);
    INFO((std::holds_alternative<Diagnostic>(built) ? std::get<Diagnostic>(built).to_string() : ""));
    REQUIRE(std::holds_alternative<BuildResult>(built));
    return std::get<BuildResult>(built).directory;
}

ValidationResult validate(const fs::path& dir) {
    auto checked = validate_test_set(dir);
    INFO((std::holds_alternative<Diagnostic>(checked) ? std::get<Diagnostic>(checked).to_string() : ""));
    REQUIRE(std::holds_alternative<ValidationResult>(checked));
    return std::get<ValidationResult>(checked);
}

bool mentions(const ValidationResult& result, const std::string& a, const std::string& b) {
    for (const auto& m : result.mismatches)
        if (m.find(a) != std::string::npos && m.find(b) != std::string::npos) return true;
    return false;
}

std::set<std::string> file_names(const fs::path& dir) {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
    return names;
}

}  // namespace

TEST_CASE("test set: two builds of the same config are byte-identical (timings.json aside)") {
    for (const char* yaml : {kSmallTarget, kSmallClassic, kSmallCounting}) {
        const fs::path a = build(yaml, "twice-a"), b = build(yaml, "twice-b");
        const auto names = file_names(a);
        CHECK(names == file_names(b));
        CHECK(names.count("manifest.json"));
        CHECK(names.count("timings.json"));
        for (const auto& name : names)
            if (name != "timings.json") CHECK(read_text(a / name) == read_text(b / name));
    }
}

TEST_CASE("test set: every generated test meets its group, checked by dancing links") {
    const fs::path dir = build(kSmallClassic, "constraints");
    const ProblemConfig config = load(dir / "config.yaml");
    int number = 0;
    for (const auto& group : config.groups)
        for (int i = 0; i < group.count; ++i) {
            char stem[16];
            std::snprintf(stem, sizeof stem, "%02d", ++number);
            auto puzzles = read_puzzles(Format::poj2676, dir / (std::string(stem) + ".in"));
            REQUIRE(std::holds_alternative<std::vector<Grid>>(puzzles));
            const auto& grids = std::get<std::vector<Grid>>(puzzles);
            CHECK(static_cast<int>(grids.size()) == group.puzzles);
            for (const Grid& p : grids) {
                CHECK(p.clue_count() >= group.min_clues);
                CHECK(p.clue_count() <= group.max_clues);
                CHECK(dlx_count(p, 2).count == 1);
            }
        }
    CHECK(number == 4);
}

TEST_CASE("test set: a fresh build validates, for exact and any-valid problems") {
    for (const char* yaml : {kSmallTarget, kSmallClassic, kSmallCounting}) {
        const auto result = validate(build(yaml, "fresh"));
        for (const auto& m : result.mismatches) UNSCOPED_INFO(m);
        CHECK(result.mismatches.empty());
        CHECK(result.tests > 0);
    }
}

TEST_CASE("test set: the target set has samples, a -1 test and brute-force metadata") {
    const fs::path dir = build(kSmallTarget, "target-shape");
    CHECK(read_text(dir / "sample01.ans") == "2829\n");
    CHECK(read_text(dir / "03.ans") == "-1\n");
    const std::string manifest = read_text(dir / "manifest.json");
    CHECK(manifest.find("\"hardness\": \"brute-force\"") != std::string::npos);
    CHECK(manifest.find(sha256_hex(read_text(dir / "01.in"))) != std::string::npos);
}

TEST_CASE("test set: validate catches a tampered answer and names the test") {
    const fs::path dir = build(kSmallTarget, "tamper-ans");
    write_text(dir / "02.ans", "12345\n");
    const auto result = validate(dir);
    CHECK(mentions(result, "02.ans", "sha256"));
    CHECK(mentions(result, "02.ans", "expected"));
}

TEST_CASE("test set: validate catches a tampered input and names the test") {
    const fs::path dir = build(kSmallClassic, "tamper-in");
    std::string in = read_text(dir / "01.in");
    in[in.find('\n') + 1] = in[in.find('\n') + 1] == '0' ? '5' : '0';  // first cell of the first grid
    write_text(dir / "01.in", in);
    const auto result = validate(dir);
    CHECK(mentions(result, "01.in", "sha256"));
    CHECK(!result.mismatches.empty());
}

TEST_CASE("test set: validate catches a test whose clue count breaks its group") {
    const fs::path dir = build(kSmallClassic, "clue-range");
    // Tighten the group in the copied config: the tests built for 30..34 now break it.
    std::string yaml = read_text(dir / "config.yaml");
    yaml.replace(yaml.find("30..34"), 6, "35..40");
    write_text(dir / "config.yaml", yaml);
    const auto result = validate(dir);
    CHECK(mentions(result, "01.in puzzle 1", "requires 35..40"));
    CHECK(!mentions(result, "03.in", "requires"));
}

TEST_CASE("test set: a failed build leaves no test set behind") {
    const fs::path root = scratch_dir("failed-build");
    // A sample without a solution: the problem promises solvable input, so the build stops.
    const std::string yaml = std::string(kSmallClassic) +
                             "samples:\n  - input: |\n      1\n      110000000\n      000000000\n      000000000\n"
                             "      000000000\n      000000000\n      000000000\n      000000000\n      000000000\n"
                             "      000000000\n";
    const ProblemConfig config = load(write_text(root / "config-source.yaml", yaml));
    auto built = build_test_set(config, root / "testdata", nullptr);
    REQUIRE(std::holds_alternative<Diagnostic>(built));
    CHECK(std::get<Diagnostic>(built).file == (root / "config-source.yaml").string());
    CHECK(!fs::exists(root / "testdata" / "small-classic"));
    CHECK(fs::is_empty(root / "testdata"));
}

TEST_CASE("test set: build never writes an answer its independent check disagrees with") {
    // The first method is replaced by one that is wrong on the third answer it gives (the second
    // test of each config here, after one sample or test): the build must stop there, name the
    // test, and leave the set it would have replaced as it was.
    int configs_done = 0;
    for (const char* yaml : {kSmallTarget, kSmallClassic, kSmallCounting}) {
        const fs::path root = scratch_dir("disagreement-" + std::to_string(configs_done++));
        const ProblemConfig config = load(write_text(root / "config-source.yaml", yaml));
        auto good = build_test_set(config, root / "testdata", nullptr);
        REQUIRE(std::holds_alternative<BuildResult>(good));
        const fs::path dir = std::get<BuildResult>(good).directory;
        const std::string manifest_before = read_text(dir / "manifest.json");
        int calls = 0;
        AnswerMethod wrong_third = [&](const Problem& problem, const PuzzleFile& puzzles,
                                       const AnswerOptions& options) {
            auto text = answer_in_full(problem, puzzles, options);
            std::string& answer_text = std::get<AnswerText>(text).text;
            if (++calls == 3) answer_text = "1" + answer_text;  // 2829 -> 12829, 0 -> 10, a grid's row one too long
            return text;
        };
        auto built = build_test_set(config, root / "testdata", nullptr, wrong_third);
        INFO(config.name);
        REQUIRE(std::holds_alternative<AnswerDisagreement>(built));
        const AnswerDisagreement& disagreement = std::get<AnswerDisagreement>(built);
        CHECK_THAT(disagreement.test, Catch::Contains("test 0"));
        REQUIRE_FALSE(disagreement.mismatches.empty());
        CHECK(read_text(dir / "manifest.json") == manifest_before);
        CHECK(file_names(root / "testdata") == std::set<std::string>{config.name});
    }
}

TEST_CASE("test set: with every weight -1 the build writes -405 for a solvable test, and it validates") {
    // The optimiser and the enumerator both took -1, "no completion", for a start: the build wrote
    // -1 for every solvable test and exited 0; only validate's MIP noticed.
    std::string yaml = R"(name: minus-one
problem: target
seed: 5
groups:
  - name: dense
    count: 1
    clues: 30..36
    kind: solvable
weights: |
)";
    for (int r = 0; r < 9; ++r) yaml += "  -1 -1 -1 -1 -1 -1 -1 -1 -1\n";
    const fs::path dir = build(yaml, "minus-one");
    CHECK(read_text(dir / "01.ans") == "-405\n");
    const ValidationResult result = validate(dir);
    for (const auto& m : result.mismatches) UNSCOPED_INFO(m);
    CHECK(result.mismatches.empty());
}

TEST_CASE("test set: a sample with more solutions than count_cap stops the build: no count above the cap") {
    const fs::path root = scratch_dir("sample-above-cap");
    std::string yaml = std::string(kSmallCounting) + "count_cap: 50\nsamples:\n  - input: |\n      1\n";
    for (int r = 0; r < 9; ++r) yaml += "      0 0 0 0 0 0 0 0 0\n";
    const ProblemConfig config = load(write_text(root / "config-source.yaml", yaml));
    auto built = build_test_set(config, root / "testdata", nullptr);
    REQUIRE(std::holds_alternative<Diagnostic>(built));
    CHECK_THAT(std::get<Diagnostic>(built).message, Catch::Contains("more than count_cap 50"));
    CHECK(fs::is_empty(root / "testdata"));
}

TEST_CASE("test set: the shipped test data validates against the shipped configs") {
    const fs::path testdata = fs::path(SUDOKU_SOURCE_DIR) / "testdata";
    int sets = 0;
    for (const auto& entry : fs::directory_iterator(testdata)) {
        if (!entry.is_directory() || entry.path().filename().string()[0] == '.') continue;
        INFO(entry.path().string());
        const auto result = validate(entry.path());
        for (const auto& m : result.mismatches) UNSCOPED_INFO(m);
        CHECK(result.mismatches.empty());
        // The copy inside the set is the shipped config itself.
        CHECK(read_text(entry.path() / "config.yaml") ==
              read_text(fs::path(SUDOKU_SOURCE_DIR) / "configs" / (entry.path().filename().string() + ".yaml")));
        ++sets;
    }
    CHECK(sets >= 7);
}
