// validate_test_set: every test re-read and checked against config.yaml, every answer recomputed
// by an algorithm the build did not use:
//   kind and uniqueness      dancing links (dlx_count), not the bitboard solver
//   answers                  the second method of answer_recheck.hpp (the build ran it too)
#include <set>

#include "answer_recheck.hpp"
#include "sudoku/common/sha256.hpp"
#include "sudoku/generator/puzzle_generator.hpp"
#include "sudoku/generator/symmetry.hpp"
#include "sudoku/generator/test_set.hpp"
#include "sudoku/problem/manifest.hpp"
#include "sudoku/solver/dlx.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/problems.hpp"
#include "sudoku/solver/target.hpp"
#include "test_set_files.hpp"

namespace sudoku {
namespace {

namespace fs = std::filesystem;
using detail::AnswerRecheck;

struct Checker {
    ValidationResult& result;
    AnswerRecheck recheck;

    void mismatch(const std::string& what) { result.mismatches.push_back(what); }

    std::string range_text(const TestGroup& g) {
        return std::to_string(g.min_clues) + ".." + std::to_string(g.max_clues);
    }

    // Input promises of the group: clue range, symmetry, kind (counted by dancing links).
    void check_puzzle(const Grid& puzzle, const TestGroup& group, const std::string& where) {
        const int clues = puzzle.clue_count();
        if (clues < group.min_clues || clues > group.max_clues)
            mismatch(where + ": " + std::to_string(clues) + " clues, group '" + group.name + "' requires " +
                     range_text(group));
        if (!has_symmetric_pattern(puzzle, *from_string<Symmetry>(group.symmetry)))
            mismatch(where + ": clue pattern is not " + group.symmetry + "-symmetric");
        const PuzzleKind kind = *from_string<PuzzleKind>(group.kind);
        const std::uint64_t limit = kind == PuzzleKind::solvable && group.max_solutions ? group.max_solutions + 1 : 2;
        const DlxCount count = dlx_count(puzzle, limit);
        if (kind == PuzzleKind::unique && count.count != 1)
            mismatch(where + ": promised unique, dancing links finds " + std::to_string(count.count) +
                     (count.capped ? " or more" : "") + " solutions");
        if (kind == PuzzleKind::solvable && count.count == 0) mismatch(where + ": promised solvable, has no solution");
        if (kind == PuzzleKind::solvable && group.max_solutions && count.count > group.max_solutions)
            mismatch(where + ": more than max_solutions " + std::to_string(group.max_solutions) + " solutions");
        if (kind == PuzzleKind::unsolvable && (count.count != 0 || puzzle.has_conflict()))
            mismatch(where + ": promised unsolvable without a repeated digit, but " +
                     (puzzle.has_conflict() ? std::string("a digit repeats in a unit")
                                            : std::to_string(count.count) + " solution(s) exist"));
    }

    void check_answer(const std::vector<Grid>& puzzles, const std::string& answer, const std::string& file) {
        for (std::string& found : recheck.mismatches(puzzles, answer, file)) mismatch(found);
    }
};

// A file the manifest lists, checked against the hash the manifest gives it.
std::optional<std::string> read_checked(const fs::path& dir, const std::string& name, const std::string& sha256,
                                        Checker& checker) {
    auto bytes = name.empty() ? std::nullopt : detail::read_bytes(dir / name);
    if (!bytes) {
        checker.mismatch((name.empty() ? std::string("manifest entry") : name) + ": missing file");
        return std::nullopt;
    }
    if (sha256_hex(*bytes) != sha256)
        checker.mismatch(name + ": sha256 differs from the manifest (the file was changed after the build)");
    return bytes;
}

std::optional<std::vector<Grid>> parse_input(const Problem& problem, const std::string& text, const std::string& file,
                                             Checker& checker) {
    auto parsed = parse_puzzles(problem.input, text, file);
    if (auto* d = std::get_if<Diagnostic>(&parsed)) {
        checker.mismatch(d->to_string());
        return std::nullopt;
    }
    return std::get<std::vector<Grid>>(parsed);
}

}  // namespace

std::variant<ValidationResult, Diagnostic> validate_test_set(const fs::path& dir) {
    auto loaded = load_problem_config(dir / detail::kConfigFile);
    if (auto* d = std::get_if<Diagnostic>(&loaded)) return *d;
    const ProblemConfig& config = std::get<ProblemConfig>(loaded);
    auto read = read_manifest(dir);
    if (auto* d = std::get_if<Diagnostic>(&read)) return *d;
    const Manifest& manifest = std::get<Manifest>(read);

    ValidationResult result;
    const Problem& problem = *find_problem(config.problem);
    Checker checker{result, AnswerRecheck(problem, config.answer_options())};
    std::set<std::string> listed;

    for (const ManifestSample& sample : manifest.samples) {
        const auto in = read_checked(dir, sample.input, sample.sha256_input, checker);
        const auto ans = read_checked(dir, sample.answer_file, sample.sha256_answer, checker);
        listed.insert(sample.input), listed.insert(sample.answer_file);
        if (!in || !ans) continue;
        if (auto puzzles = parse_input(problem, *in, sample.input, checker))
            checker.check_answer(*puzzles, *ans, sample.answer_file);
    }

    std::vector<const TestGroup*> group_of_test;
    for (const auto& group : config.groups)
        for (int i = 0; i < group.count; ++i) group_of_test.push_back(&group);
    const std::vector<ManifestTest>& tests = manifest.tests;
    if (tests.size() != group_of_test.size())
        checker.mismatch("manifest lists " + std::to_string(tests.size()) + " tests, the config asks for " +
                         std::to_string(group_of_test.size()));
    for (std::size_t t = 0; t < std::min(tests.size(), group_of_test.size()); ++t) {
        const ManifestTest& test = tests[t];
        const TestGroup& group = *group_of_test[t];
        const std::string& in_name = test.input;
        const std::string& ans_name = test.answer_file;
        listed.insert(in_name), listed.insert(ans_name);
        ++result.tests;
        if (test.group != group.name)
            checker.mismatch(in_name + ": manifest says group '" + test.group + "', the config '" + group.name + "'");
        const auto in = read_checked(dir, in_name, test.sha256_input, checker);
        const auto ans = read_checked(dir, ans_name, test.sha256_answer, checker);
        if (!in) continue;
        auto puzzles = parse_input(problem, *in, in_name, checker);
        if (!puzzles) continue;
        if (static_cast<int>(puzzles->size()) != group.puzzles)
            checker.mismatch(in_name + ": " + std::to_string(puzzles->size()) + " puzzles, group '" + group.name +
                             "' has " + std::to_string(group.puzzles));
        const std::vector<ManifestPuzzle>& described = test.puzzles;
        for (std::size_t p = 0; p < puzzles->size(); ++p) {
            const std::string where = in_name + " puzzle " + std::to_string(p + 1);
            checker.check_puzzle((*puzzles)[p], group, where);
            if (p < described.size() && described[p].clues != (*puzzles)[p].clue_count())
                checker.mismatch(where + ": manifest says " + std::to_string(described[p].clues) +
                                 " clues, the input has " + std::to_string((*puzzles)[p].clue_count()));
        }
        if (ans) checker.check_answer(*puzzles, *ans, ans_name);
    }

    for (const auto& entry : fs::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        const std::string ext = entry.path().extension().string();
        if ((ext == ".in" || ext == ".ans") && !listed.count(name))
            checker.mismatch(name + ": not listed in the manifest");
    }
    result.notes.push_back(std::to_string(result.tests) + " tests and " + std::to_string(manifest.samples.size()) +
                           " samples: inputs, kinds and answers recomputed (dancing links" +
                           (problem.input == Format::target ? ", enumeration of all completions)" : ")"));
    if (checker.recheck.by_mip)
        result.notes.push_back(std::to_string(checker.recheck.by_mip) + " target answers also solved by the MIP");
    if (checker.recheck.beyond_enumeration)
        result.notes.push_back(std::to_string(checker.recheck.beyond_enumeration) + " target answers had more than " +
                               std::to_string(kValidateEnumerationCap) + " completions to enumerate");
    if (checker.recheck.mip_failed)
        result.notes.push_back(
            std::to_string(checker.recheck.mip_failed) +
            " target answers the MIP failed on, checked without it (first: " + checker.recheck.first_mip_failure + ")");
    if (checker.recheck.by_neither)
        result.notes.push_back(std::to_string(checker.recheck.by_neither) +
                               " target answers checked by the reference optimiser only (no independent check)");
    return result;
}

}  // namespace sudoku
