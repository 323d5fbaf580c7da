// build_test_set: config -> testdata/<name>/ (see sudoku/generator/test_set.hpp for the layout).
#include <chrono>
#include <nlohmann/json.hpp>

#include "answer_recheck.hpp"
#include "sudoku/common/sha256.hpp"
#include "sudoku/generator/difficulty.hpp"
#include "sudoku/generator/generator_version.hpp"
#include "sudoku/generator/puzzle_generator.hpp"
#include "sudoku/generator/test_set.hpp"
#include "sudoku/problem/manifest.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/problems.hpp"
#include "sudoku/solver/solve.hpp"
#include "test_set_files.hpp"

namespace sudoku {
namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

struct BuildError {
    std::string message;
    int line = 0;  // in the config, when the error is about one of its groups
};

struct DisagreementError {
    AnswerDisagreement disagreement;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

PuzzleRequest request_for(const TestGroup& group, int box) {
    PuzzleRequest request;
    request.box = box;
    request.min_clues = group.min_clues;
    request.max_clues = group.max_clues;
    request.kind = *from_string<PuzzleKind>(group.kind);
    request.symmetry = *from_string<Symmetry>(group.symmetry);
    request.max_solutions = group.max_solutions;
    return request;
}

std::uint64_t completions_up_to(const Grid& puzzle, std::uint64_t cap) {
    std::uint64_t seen = 0;
    for_each_solution(puzzle, [&](const Grid&) { return ++seen < cap; });
    return seen;
}

// One puzzle of a test. brute-force: of several candidates (two in three with their clues
// clustered in a few boxes), the one a plain enumeration of all completions works hardest on:
// the most completions up to kBruteForceCap. Candidates beyond the cap are passed over so that
// validate can still enumerate every completion; ties go to the first.
struct TestPuzzle {
    Grid puzzle;
    std::optional<std::uint64_t> completions;  // brute-force: counted while choosing
};

TestPuzzle make_puzzle(const TestGroup& group, int box, Rng& rng, const std::string& where) {
    PuzzleRequest request = request_for(group, box);
    const int candidates = group.hardness == "brute-force" ? kBruteForceCandidates : 1;
    std::optional<Grid> best;
    std::uint64_t best_completions = 0;
    for (int k = 0; k < candidates; ++k) {
        request.clustered = candidates > 1 && k % 3 != 0;
        auto made = generate_puzzle(request, rng);
        if (auto* why = std::get_if<std::string>(&made)) throw BuildError{where + ": " + *why, group.line};
        const Grid& puzzle = std::get<GeneratedPuzzle>(made).puzzle;
        const std::uint64_t completions = candidates > 1 ? completions_up_to(puzzle, kBruteForceCap + 1) : 0;
        if (completions > kBruteForceCap) continue;
        if (!best || completions > best_completions) best = puzzle, best_completions = completions;
    }
    if (!best)
        throw BuildError{
            where + ": every brute-force candidate has more than " + std::to_string(kBruteForceCap) + " completions",
            group.line};
    if (candidates == 1) return {*best, std::nullopt};
    return {*best, best_completions};
}

ManifestPuzzle describe_puzzle(const TestPuzzle& made) {
    const Grid& puzzle = made.puzzle;
    const SolutionCount count =
        made.completions ? SolutionCount{*made.completions, false, std::nullopt} : count_solutions(puzzle, kCountCap);
    ManifestPuzzle m;
    m.clues = puzzle.clue_count();
    m.solutions = count.count;
    m.solutions_capped = count.capped;
    if (count.count > 0) {
        const Difficulty difficulty = rate_difficulty(puzzle);
        m.guesses = difficulty.guesses;
        m.techniques = std::string(to_string(difficulty.techniques));
    } else {
        m.refuted_by_singles = singles_refute(puzzle);
    }
    return m;
}

// The answer by the first method, checked by the second before anything is written.
class CheckedAnswers {
public:
    CheckedAnswers(const Problem& problem, const AnswerOptions& options, const AnswerMethod& method)
        : problem_(problem), options_(options), method_(method), recheck_(problem, options) {}

    std::string answer_or_throw(const std::vector<Grid>& puzzles, const std::string& where, const std::string& file) {
        const PuzzleFile input{file, puzzles, {}};
        auto text = method_ ? method_(problem_, input, options_) : answer_in_full(problem_, input, options_);
        if (auto* d = std::get_if<Diagnostic>(&text)) throw BuildError{where + ": no answer: " + d->message};
        if (std::get<AnswerText>(text).count_above_cap)
            throw BuildError{where + ": more than count_cap " + std::to_string(options_.count_cap) +
                             " solutions: a test set holds no count above its cap"};
        const std::string& answer_text = std::get<AnswerText>(text).text;
        const auto checking_start = std::chrono::steady_clock::now();
        std::vector<std::string> mismatches = recheck_.mismatches(puzzles, answer_text, file);
        last_check_s = seconds_since(checking_start);
        if (!mismatches.empty()) throw DisagreementError{{where, std::move(mismatches)}};
        return answer_text;
    }

    double last_check_s = 0;  // the second method's share of the last answer's time

private:
    const Problem& problem_;
    const AnswerOptions& options_;
    const AnswerMethod& method_;
    detail::AnswerRecheck recheck_;
};

void write_or_throw(const fs::path& path, const std::string& bytes) {
    if (!detail::write_bytes(path, bytes)) throw BuildError{"cannot write " + path.string()};
}

// The answer itself when it is short (target: the score), otherwise only its hash names it.
std::optional<std::string> short_answer(const std::string& answer) {
    if (answer.size() > 64) return std::nullopt;
    return answer.substr(0, answer.find_last_not_of('\n') + 1);
}

// The config's samples, as given, with their answers, into `dir` and the manifest.
void write_samples(const ProblemConfig& config, const Problem& problem, CheckedAnswers& answers, const fs::path& dir,
                   Manifest& manifest) {
    for (std::size_t s = 0; s < config.samples.size(); ++s) {
        const std::string stem = detail::sample_stem(static_cast<int>(s) + 1);
        auto parsed = parse_puzzles(problem.input, config.samples[s].input, config.source.string());
        if (auto* d = std::get_if<Diagnostic>(&parsed)) throw BuildError{d->to_string()};
        const std::string ans = answers.answer_or_throw(std::get<std::vector<Grid>>(parsed), stem, stem + ".ans");
        write_or_throw(dir / (stem + ".in"), config.samples[s].input);
        write_or_throw(dir / (stem + ".ans"), ans);
        manifest.samples.push_back(
            {stem + ".in", stem + ".ans", short_answer(ans), sha256_hex(config.samples[s].input), sha256_hex(ans)});
    }
}

// What the manifest says of one built test: its files, group, seed, puzzles and hashes.
ManifestTest manifest_test(const std::string& stem, const TestGroup& group, std::uint64_t seed,
                           const std::vector<TestPuzzle>& made, const std::string& in, const std::string& ans) {
    ManifestTest test;
    test.test = stem;
    test.input = stem + ".in";
    test.answer_file = stem + ".ans";
    test.group = group.name;
    test.points = group.points;
    test.seed = seed;
    test.kind = group.kind;
    test.hardness = group.hardness;
    for (const TestPuzzle& m : made) test.puzzles.push_back(describe_puzzle(m));
    test.answer = short_answer(ans);
    test.sha256_input = sha256_hex(in);
    test.sha256_answer = sha256_hex(ans);
    test.generator_version = generator_version();
    return test;
}

void build_into(const ProblemConfig& config, const fs::path& dir, std::ostream* progress, const AnswerMethod& method) {
    const Problem& problem = *find_problem(config.problem);
    const int box = format_box(problem.input);
    const AnswerOptions options = config.answer_options();
    CheckedAnswers answers(problem, options, method);

    Manifest manifest;
    manifest.problem = config.name;
    manifest.solver_problem = config.problem;
    manifest.generator_version = generator_version();
    manifest.seed = config.seed;
    Json timings;

    if (auto yaml = detail::read_bytes(config.source))
        write_or_throw(dir / detail::kConfigFile, *yaml);
    else
        throw BuildError{"cannot read " + config.source.string()};

    write_samples(config, problem, answers, dir, manifest);

    timings["tests"] = Json::array();
    int number = 0;
    for (std::size_t g = 0; g < config.groups.size(); ++g) {
        const TestGroup& group = config.groups[g];
        for (int i = 0; i < group.count; ++i) {
            const std::string stem = detail::test_stem(++number);
            const std::string where = "group '" + group.name + "', test " + stem;
            const std::uint64_t seed = derive_seed(config.seed, g + 1, static_cast<std::uint64_t>(i) + 1);
            Rng rng(seed);
            const auto generation_start = std::chrono::steady_clock::now();
            std::vector<TestPuzzle> made;
            std::vector<Grid> puzzles;
            for (int p = 0; p < group.puzzles; ++p) {
                made.push_back(make_puzzle(group, box, rng, where));
                puzzles.push_back(made.back().puzzle);
            }
            const double generation_s = seconds_since(generation_start);
            const auto solving_start = std::chrono::steady_clock::now();
            const std::string ans = answers.answer_or_throw(puzzles, where, stem + ".ans");
            const double solving_s = seconds_since(solving_start) - answers.last_check_s;
            const std::string in = write_puzzles(problem.input, puzzles);
            write_or_throw(dir / (stem + ".in"), in);
            write_or_throw(dir / (stem + ".ans"), ans);

            manifest.tests.push_back(manifest_test(stem, group, seed, made, in, ans));
            timings["tests"].push_back({{"test", stem},
                                        {"generation_s", generation_s},
                                        {"solving_s", solving_s},
                                        {"checking_s", answers.last_check_s}});
            if (progress) {
                *progress << config.name << " " << stem << " [" << group.name << "] ";
                for (const Grid& puzzle : puzzles) *progress << puzzle.clue_count() << " ";
                *progress << "clues, " << generation_s << " s + " << solving_s << " s, checked in "
                          << answers.last_check_s << " s\n";
            }
        }
    }
    write_or_throw(dir / kManifestFile, manifest_text(manifest));
    write_or_throw(dir / detail::kTimingsFile, timings.dump(2) + "\n");
}

}  // namespace

std::variant<BuildResult, Diagnostic, AnswerDisagreement> build_test_set(const ProblemConfig& config,
                                                                         const fs::path& out_root,
                                                                         std::ostream* progress,
                                                                         const AnswerMethod& method) {
    const fs::path final_dir = out_root / config.name;
    const fs::path scratch = out_root / ("." + config.name + ".building");
    const fs::path old = out_root / ("." + config.name + ".old");
    std::error_code ec;
    try {
        fs::remove_all(scratch);
        fs::create_directories(scratch);
        build_into(config, scratch, progress, method);
        fs::remove_all(old);
        if (fs::exists(final_dir)) fs::rename(final_dir, old);
        fs::rename(scratch, final_dir);
        fs::remove_all(old);
    } catch (const BuildError& e) {
        fs::remove_all(scratch, ec);
        return Diagnostic{config.source.string(), e.line, 0, e.message};
    } catch (const DisagreementError& e) {
        fs::remove_all(scratch, ec);
        return e.disagreement;
    } catch (const std::exception& e) {
        fs::remove_all(scratch, ec);
        return Diagnostic{config.source.string(), 0, 0, std::string("build failed: ") + e.what()};
    }
    BuildResult result;
    result.directory = final_dir;
    result.samples = static_cast<int>(config.samples.size());
    for (const auto& group : config.groups) result.tests += group.count;
    return result;
}

}  // namespace sudoku
