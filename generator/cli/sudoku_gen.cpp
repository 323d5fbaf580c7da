// sudoku-gen: puzzles and whole test sets. Exit status: 0 done, 2 bad input (or a test set that
// fails validation), 1 internal error.
#include <chrono>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "sudoku/difficulty.hpp"
#include "sudoku/formats.hpp"
#include "sudoku/generator_version.hpp"
#include "sudoku/problem_config.hpp"
#include "sudoku/puzzle_generator.hpp"
#include "sudoku/solve.hpp"
#include "sudoku/test_set.hpp"

namespace {

using namespace sudoku;

constexpr const char* kUsage = R"(usage:
  sudoku-gen puzzle [--size 9|16] [--clues MIN..MAX] [--kind unique|solvable|unsolvable]
                    [--symmetry none|rot180|rot90|mirror|diagonal] [--seed N] [--count N]
                    [--format FORMATS]   (default: line81; uva1309 for --size 16)
      Prints puzzles in the format to stdout; per puzzle on stderr: clues, solutions, the
      solver's guesses and the human techniques needed (singles | pairs-and-locked | beyond).
  sudoku-gen build CONFIG.yaml [--out DIR]      (DIR defaults to testdata)
      Builds DIR/<name>/: NN.in, NN.ans, samples, manifest.json (reproducible bytes) and
      timings.json (seconds, differs between runs). Nothing is written when it fails.
  sudoku-gen validate DIR/<name>
      Re-checks every test against its config.yaml and recomputes every answer independently.

examples:
  sudoku-gen puzzle --clues 20..21 --seed 7
  sudoku-gen puzzle --size 16 --clues 120..140 --symmetry rot180 --format uva1309
  sudoku-gen build configs/target-sudoku.yaml --out testdata
  sudoku-gen validate testdata/target-sudoku

exit status: 0 done, 2 bad input or a test set that fails validation, 1 internal error
)";

// The usage text with the format names of the problem registry.
std::string usage() {
    std::string text = kUsage;
    return text.replace(text.find("FORMATS"), 7, format_names("|"));
}

struct Usage {
    std::string message;
};

std::map<std::string, std::string> options(const std::vector<std::string>& args, std::size_t from,
                                           std::vector<std::string>& positional) {
    std::map<std::string, std::string> opts;
    for (std::size_t i = from; i < args.size(); ++i) {
        if (args[i].rfind("--", 0) == 0) {
            if (i + 1 >= args.size()) throw Usage{args[i] + " needs a value"};
            opts[args[i]] = args[i + 1];
            ++i;
        } else {
            positional.push_back(args[i]);
        }
    }
    return opts;
}

long long number(const std::string& text, const std::string& option) {
    try {
        std::size_t used = 0;
        const long long v = std::stoll(text, &used);
        if (used == text.size() && v >= 0) return v;
    } catch (const std::exception&) {
    }
    throw Usage{option + " expects a non-negative integer, found '" + text + "'"};
}

int run_puzzle(const std::map<std::string, std::string>& opts) {
    static const std::vector<std::string> known = {"--size", "--clues", "--kind", "--symmetry",
                                                   "--seed", "--count", "--format"};
    for (const auto& [key, value] : opts)
        if (std::find(known.begin(), known.end(), key) == known.end()) throw Usage{"unknown option " + key};
    auto get = [&](const std::string& key, const std::string& fallback) {
        auto it = opts.find(key);
        return it == opts.end() ? fallback : it->second;
    };
    const std::string size = get("--size", "9");
    if (size != "9" && size != "16" && size != "4" && size != "25") throw Usage{"--size must be 4, 9, 16 or 25"};
    PuzzleRequest request;
    request.box = size == "4" ? 2 : size == "9" ? 3 : size == "16" ? 4 : 5;
    const int cells = request.box * request.box * request.box * request.box;
    const std::string clues = get("--clues", request.box == 3 ? "22..30" : std::to_string(cells / 2) + ".." +
                                                                               std::to_string(cells * 2 / 3));
    const auto dots = clues.find("..");
    request.min_clues = static_cast<int>(number(clues.substr(0, dots), "--clues"));
    request.max_clues = dots == std::string::npos ? request.min_clues
                                                  : static_cast<int>(number(clues.substr(dots + 2), "--clues"));
    auto kind = kind_by_name(get("--kind", "unique"));
    if (!kind) throw Usage{"--kind must be unique, solvable or unsolvable"};
    request.kind = *kind;
    auto symmetry = symmetry_by_name(get("--symmetry", "none"));
    if (!symmetry) throw Usage{"--symmetry must be none, rot180, rot90, mirror or diagonal"};
    request.symmetry = *symmetry;
    auto format = format_by_name(get("--format", std::string(format_name(default_format(request.box)))));
    if (!format) throw Usage{"unknown --format " + get("--format", "")};
    if (format_box(*format) != request.box) throw Usage{"--format " + get("--format", "") + " holds other grid sizes"};
    const long long count = number(get("--count", "1"), "--count");
    if (auto why = impossible_request(request)) throw Usage{"impossible request: " + *why};

    Rng rng(static_cast<std::uint64_t>(number(get("--seed", "1"), "--seed")));
    std::vector<Grid> puzzles;
    for (long long i = 0; i < count; ++i) {
        const auto start = std::chrono::steady_clock::now();
        auto made = generate_puzzle(request, rng);
        if (auto* why = std::get_if<std::string>(&made)) {
            std::cerr << "sudoku-gen: " << *why << "\n";
            return 2;
        }
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        const Grid& puzzle = std::get<GeneratedPuzzle>(made).puzzle;
        const auto solutions = count_solutions(puzzle, 2);
        const Difficulty difficulty = rate_difficulty(puzzle);
        std::cerr << "# puzzle " << i + 1 << ": " << puzzle.clue_count() << " clues, "
                  << (solutions.count == 0 ? "no solution" : solutions.count == 1 ? "unique" : "2+ solutions")
                  << ", guesses " << difficulty.guesses << ", techniques " << technique_name(difficulty.techniques)
                  << ", " << ms << " ms\n";
        puzzles.push_back(puzzle);
    }
    if (*format == Format::target) {  // one grid per target file: separate them by a blank line
        for (std::size_t i = 0; i < puzzles.size(); ++i)
            std::cout << (i ? "\n" : "") << write_puzzles(*format, {puzzles[i]});
    } else {
        std::cout << write_puzzles(*format, puzzles);
    }
    return 0;
}

int run_build(const std::vector<std::string>& positional, const std::map<std::string, std::string>& opts) {
    if (positional.size() != 1) throw Usage{"build needs exactly one CONFIG.yaml"};
    for (const auto& [key, value] : opts)
        if (key != "--out") throw Usage{"unknown option " + key};
    auto loaded = load_problem_config(positional[0]);
    if (auto* d = std::get_if<Diagnostic>(&loaded)) {
        std::cerr << d->to_string() << "\n";
        return 2;
    }
    const std::string out = opts.count("--out") ? opts.at("--out") : "testdata";
    auto built = build_test_set(std::get<ProblemConfig>(loaded), out, &std::cerr);
    if (auto* d = std::get_if<Diagnostic>(&built)) {
        std::cerr << d->to_string() << "\n";
        return 2;
    }
    const auto& result = std::get<BuildResult>(built);
    std::cout << "built " << result.tests << " tests and " << result.samples << " samples in "
              << result.directory.string() << "\n";
    return 0;
}

int run_validate(const std::vector<std::string>& positional, const std::map<std::string, std::string>& opts) {
    if (positional.size() != 1 || !opts.empty()) throw Usage{"validate needs exactly one test-set folder"};
    auto checked = validate_test_set(positional[0]);
    if (auto* d = std::get_if<Diagnostic>(&checked)) {
        std::cerr << d->to_string() << "\n";
        return 2;
    }
    const auto& result = std::get<ValidationResult>(checked);
    for (const auto& note : result.notes) std::cout << positional[0] << ": " << note << "\n";
    for (const auto& m : result.mismatches) std::cerr << positional[0] << "/" << m << "\n";
    if (!result.mismatches.empty()) {
        std::cerr << positional[0] << ": INVALID, " << result.mismatches.size() << " problem(s)\n";
        return 2;
    }
    std::cout << positional[0] << ": valid\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        (args.empty() ? std::cerr : std::cout) << usage();
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "--version") {
        std::cout << "sudoku-gen " << sudoku::generator_version() << "\n";
        return 0;
    }
    try {
        std::vector<std::string> positional;
        const auto opts = options(args, 1, positional);
        if (opts.count("--help")) {
            std::cout << usage();
            return 0;
        }
        if (args[0] == "puzzle") {
            if (!positional.empty()) throw Usage{"unexpected argument '" + positional[0] + "'"};
            return run_puzzle(opts);
        }
        if (args[0] == "build") return run_build(positional, opts);
        if (args[0] == "validate") return run_validate(positional, opts);
        throw Usage{"unknown command '" + args[0] + "' (puzzle, build, validate)"};
    } catch (const Usage& u) {
        std::cerr << "sudoku-gen: " << u.message << "\n(sudoku-gen --help shows the usage)\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "sudoku-gen: internal error: " << e.what() << "\n";
        return 1;
    }
}
