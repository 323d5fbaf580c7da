// sudoku-gen: puzzles and whole test sets. Exit status: 0 done, 2 bad input or usage (or a test set
// that fails validation), 1 internal error.
#include <chrono>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "export_command.hpp"
#include "sudoku/generator/difficulty.hpp"
#include "sudoku/generator/generator_version.hpp"
#include "sudoku/generator/puzzle_generator.hpp"
#include "sudoku/generator/test_set.hpp"
#include "sudoku/problem/problem_config.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/solve.hpp"

namespace {

using namespace sudoku;
using namespace sudoku::cli;

const char* kDescription =
    R"(Makes reproducible puzzles and whole test sets: the same request and seed give the same bytes.
Each command answers --help with its own options.)";

const char* kFooter = R"(Example:
  sudoku-gen puzzle --clues 20..21 --seed 7
  sudoku-gen puzzle --size 16 --clues 120..140 --symmetry rot180 --format uva1309
  sudoku-gen puzzle --minimal --count 10 --seed 3
  sudoku-gen build configs/target-sudoku.yaml --out testdata
  sudoku-gen validate testdata/target-sudoku

Exit status: 0 done, 1 internal error, 2 bad input or usage, 4 a test set that fails validation)";

// ---- sudoku-gen puzzle -------------------------------------------------------------------------

struct PuzzleCommand {
    int side = 9;
    std::optional<std::string> clues;  // MIN..MAX or N; default by size
    PuzzleKind kind = PuzzleKind::unique;
    Symmetry symmetry = Symmetry::none;
    bool minimal = false;
    std::uint64_t seed = 1;
    std::uint64_t count = 1;
    std::optional<Format> format;  // default by size
};

// The grid sides some output format holds: the only sizes `puzzle` can print.
std::set<int> printable_sides() {
    std::set<int> sides;
    for (Format format : all_formats()) sides.insert(format_box(format) * format_box(format));
    return sides;
}

std::string joined(const std::vector<std::string>& names, std::string_view separator) {
    std::string text;
    for (const auto& name : names) text += (text.empty() ? "" : std::string(separator)) + name;
    return text;
}

std::string side_names(std::string_view separator = ", ") {
    std::vector<std::string> names;
    for (int side : printable_sides()) names.push_back(std::to_string(side));
    return joined(names, separator);
}

// A check that `text` is a name `by_name` knows; `what` lists the names for the message.
template <class ByName>
CLI::Validator named(ByName by_name, std::string names) {
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            return by_name(text) ? "" : "expected one of " + names + ", found '" + text + "'";
        },
        "", "name");
}

// "MIN..MAX" or "N", whole numbers.
std::optional<std::pair<int, int>> clue_range(const std::string& text) {
    const auto dots = text.find("..");
    const std::string low = text.substr(0, dots), high = dots == std::string::npos ? low : text.substr(dots + 2);
    std::string checked_low = low, checked_high = high;
    const auto digits = whole_number(0, 100000);
    if (!digits(checked_low).empty() || !digits(checked_high).empty()) return std::nullopt;
    return std::pair{std::stoi(checked_low), std::stoi(checked_high)};
}

void add_puzzle_command(CLI::App& gen, PuzzleCommand& c) {
    CLI::App* app = gen.add_subcommand("puzzle", "print puzzles of a kind, size, clue range and symmetry");
    describe(*app,
             "sudoku-gen puzzle [--size " + side_names("|") + "] [--clues MIN..MAX] [--kind " +
                 joined_names<PuzzleKind>("|") + "] [--minimal]\n                         [--symmetry " +
                 joined_names<Symmetry>("|") + "] [--seed N] [--count N]\n                         [--format " +
                 format_names("|") + "]",
             "Prints puzzles in the format to stdout; per puzzle on stderr: clues, solutions, the solver's\n"
             "guesses and the human techniques needed (singles | pairs-and-locked | beyond).");
    app->footer(R"(Example:
  sudoku-gen puzzle --clues 20..21 --seed 7
  sudoku-gen puzzle --minimal --count 10 --seed 3          # every clue needed
  sudoku-gen puzzle --size 16 --clues 120..140 --symmetry rot180 --format uva1309

Exit status: 0 done, 2 bad input or usage (or no puzzle found), 1 internal error)");
    app->add_option("--size", c.side, "grid side: " + side_names() + " (default 9)")
        ->type_name("N")
        ->transform(CLI::Validator(
            [](std::string& text) -> std::string {
                std::string side = text;
                if (whole_number(1, 1000)(side).empty() && printable_sides().count(std::stoi(side))) return "";
                return "expected a grid side that an output format holds (" + side_names() + "), found '" + text + "'";
            },
            "", "size"));
    app->add_option("--clues", c.clues, "clue range, or one count (default 22..30 for 9x9, 1/2..2/3 of the cells else)")
        ->type_name("MIN..MAX")
        ->check(CLI::Validator(
            [](std::string& text) -> std::string {
                return clue_range(text) ? "" : "expected MIN..MAX or N in whole numbers, found '" + text + "'";
            },
            "", "clue range"));
    app->add_option_function<std::string>(
           "--kind", [&c](const std::string& name) { c.kind = *from_string<PuzzleKind>(name); },
           "unique (default), solvable, or unsolvable (no completion, no repeated digit)")
        ->type_name("KIND")
        ->check(named(from_string<PuzzleKind>, joined_names<PuzzleKind>(", ")));
    app->add_flag("--minimal", c.minimal, "unique and every clue needed: removing any one lets a second completion in");
    app->add_option_function<std::string>(
           "--symmetry", [&c](const std::string& name) { c.symmetry = *from_string<Symmetry>(name); },
           "symmetry of the clue pattern (default none)")
        ->type_name("SYMMETRY")
        ->check(named(from_string<Symmetry>, joined_names<Symmetry>(", ")));
    app->add_option("--seed", c.seed, "random seed (default 1)")
        ->type_name("N")
        ->transform(whole_number(0, UINT64_MAX));
    app->add_option("--count", c.count, "number of puzzles (default 1)")
        ->type_name("N")
        ->transform(whole_number(0, 1000000000));
    app->add_option_function<std::string>(
           "--format", [&c](const std::string& name) { c.format = *format_by_name(name); },
           "output format (default line81 for 9x9, uva1309 for 16x16)")
        ->type_name("FORMAT")
        ->check(named(format_by_name, format_names(", ")));
}

int usage_error(const std::string& message) {
    std::cerr << "sudoku-gen puzzle: " << message << " (see --help)\n";
    return exit_bad_input;
}

int run_puzzle(const PuzzleCommand& c) {
    PuzzleRequest request;
    request.box = c.side == 16 ? 4 : 3;
    request.kind = c.kind;
    request.symmetry = c.symmetry;
    request.minimal = c.minimal;
    const int cells = c.side * c.side;
    const auto [min_clues, max_clues] = c.clues            ? *clue_range(*c.clues)
                                        : request.box == 3 ? std::pair{22, 30}
                                                           : std::pair{cells / 2, cells * 2 / 3};
    request.min_clues = min_clues;
    request.max_clues = max_clues;
    const Format format = c.format.value_or(default_format(request.box));
    if (format_box(format) != request.box)
        return usage_error("--format " + std::string(format_name(format)) + " holds " +
                           std::to_string(format_box(format) * format_box(format)) + "x" +
                           std::to_string(format_box(format) * format_box(format)) + " grids, --size is " +
                           std::to_string(c.side));
    if (auto why = impossible_request(request)) return usage_error("impossible request: " + *why);

    Rng rng(c.seed);
    std::vector<Grid> puzzles;
    for (std::uint64_t i = 0; i < c.count; ++i) {
        const auto start = std::chrono::steady_clock::now();
        auto made = generate_puzzle(request, rng);
        if (auto* why = std::get_if<std::string>(&made)) {
            std::cerr << "sudoku-gen: " << *why << "\n";
            return exit_bad_input;
        }
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        const Grid& puzzle = std::get<GeneratedPuzzle>(made).puzzle;
        const auto solutions = count_solutions(puzzle, 2);
        const Difficulty difficulty = rate_difficulty(puzzle);
        std::cerr << "# puzzle " << i + 1 << ": " << puzzle.clue_count() << " clues, "
                  << (solutions.count == 0   ? "no solution"
                      : solutions.count == 1 ? "unique"
                                             : "2+ solutions")
                  << ", guesses " << difficulty.guesses << ", techniques " << to_string(difficulty.techniques) << ", "
                  << ms << " ms\n";
        puzzles.push_back(puzzle);
    }
    if (format == Format::target) {  // one grid per target file: separate them by a blank line
        for (std::size_t i = 0; i < puzzles.size(); ++i)
            std::cout << (i ? "\n" : "") << write_puzzles(format, {puzzles[i]});
    } else {
        std::cout << write_puzzles(format, puzzles);
    }
    return exit_done;
}

// ---- sudoku-gen build, sudoku-gen validate -----------------------------------------------------

struct BuildCommand {
    std::string config;
    std::string out = "testdata";
};

void add_build_command(CLI::App& gen, BuildCommand& c) {
    CLI::App* app = gen.add_subcommand("build", "build a problem's test set from its config");
    describe(*app, "sudoku-gen build CONFIG.yaml [--out DIR]",
             "Builds DIR/<name>/: NN.in, NN.ans, samples, manifest.json (reproducible bytes) and timings.json\n"
             "(seconds, differs between runs). Every answer is checked by validate's independent method\n"
             "before it is written; nothing is written when anything fails.");
    app->footer(R"(Example:
  sudoku-gen build configs/target-sudoku.yaml --out testdata

Exit status: 0 built, 2 bad input (the message names the YAML file and line) or usage, 1 internal error
(an answer its independent check disagrees with: the message names the test))");
    app->add_option("CONFIG.yaml", c.config, "the problem config")->required();
    app->add_option("--out", c.out, "the test-data folder (default testdata)")->type_name("DIR");
}

int run_build(const BuildCommand& c) {
    auto loaded = load_problem_config(c.config);
    if (auto* d = std::get_if<Diagnostic>(&loaded)) {
        std::cerr << d->to_string() << "\n";
        return exit_bad_input;
    }
    auto built = build_test_set(std::get<ProblemConfig>(loaded), c.out, &std::cerr);
    if (auto* d = std::get_if<Diagnostic>(&built)) {
        std::cerr << d->to_string() << "\n";
        return exit_bad_input;
    }
    if (auto* disagreement = std::get_if<AnswerDisagreement>(&built)) {
        std::cerr << c.config << ": " << disagreement->test
                  << ": the answer and its independent check disagree; nothing was written:\n";
        for (const auto& m : disagreement->mismatches) std::cerr << "  " << m << "\n";
        return exit_internal_error;
    }
    const auto& result = std::get<BuildResult>(built);
    std::cout << "built " << result.tests << " tests and " << result.samples << " samples in "
              << result.directory.string() << "\n";
    return exit_done;
}

void add_validate_command(CLI::App& gen, std::string& dir) {
    CLI::App* app = gen.add_subcommand("validate", "re-check a built test set");
    describe(*app, "sudoku-gen validate DIR/<name>",
             "Re-checks every test against its config.yaml and recomputes every answer independently.");
    app->footer(R"(Example:
  sudoku-gen validate testdata/target-sudoku

Exit status: 0 valid, 4 invalid (each problem on stderr), 2 bad input or usage, 1 internal error)");
    app->add_option("DIR", dir, "the test set's folder (DIR/<name>)")->required();
}

int run_validate(const std::string& dir) {
    auto checked = validate_test_set(dir);
    if (auto* d = std::get_if<Diagnostic>(&checked)) {
        std::cerr << d->to_string() << "\n";
        return exit_bad_input;
    }
    const auto& result = std::get<ValidationResult>(checked);
    for (const auto& note : result.notes) std::cout << dir << ": " << note << "\n";
    for (const auto& m : result.mismatches) std::cerr << dir << "/" << m << "\n";
    if (!result.mismatches.empty()) {
        std::cerr << dir << ": INVALID, " << result.mismatches.size() << " problem(s)\n";
        return exit_found_wanting;
    }
    std::cout << dir << ": valid\n";
    return exit_done;
}

}  // namespace

int main(int argc, char** argv) {
    return run_guarded("sudoku-gen", [&] {
        CLI::App app("", "sudoku-gen");
        use_help_layout(app);
        describe(app,
                 "sudoku-gen puzzle [--size N] [--clues MIN..MAX] [--kind KIND] [--minimal] [--symmetry S]\n"
                 "                         [--seed N] [--count N] [--format FORMAT]\n"
                 "       sudoku-gen build CONFIG.yaml [--out DIR]      (DIR defaults to testdata)\n"
                 "       sudoku-gen validate DIR/<name>\n"
                 "       sudoku-gen export DIR/<name> --format kattis|domjudge|hydro|lemon|cms --out DIR",
                 kDescription);
        app.footer(kFooter);
        add_version_flag(app);
        app.require_subcommand(1);
        PuzzleCommand puzzle;
        BuildCommand build;
        std::string validate_dir;
        ExportCommand export_command;
        add_puzzle_command(app, puzzle);
        add_build_command(app, build);
        add_validate_command(app, validate_dir);
        add_export_command(app, export_command);
        if (auto status = parse(app, argc, argv)) return *status;
        if (app.got_subcommand("puzzle")) return run_puzzle(puzzle);
        if (app.got_subcommand("build")) return run_build(build);
        if (app.got_subcommand("export")) return run_export(export_command);
        return run_validate(validate_dir);
    });
}
