// Generator benchmark: minimal unique 9x9 puzzles per second on one core (ours vs the same
// removal loop deciding uniqueness with dancing links, side by side), `sudoku-gen puzzle` requests
// with and without --minimal side by side, time to a unique 21-clue and 20-clue puzzle, and time
// to build and validate the shipped target config. Every ratio is between two runs of this process:
// figures measured elsewhere (another generator, another machine) are not comparable and not printed.
// Times are CPU seconds of this thread ("one core": the machine may be shared), wall clock beside.
//
//   bench_generator [SOURCE_DIR]     (SOURCE_DIR holds configs/; default: the current folder)
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <string>
#include <variant>

#include "sudoku/generator/puzzle_generator.hpp"
#include "sudoku/generator/test_set.hpp"
#include "sudoku/problem/problem_config.hpp"
#include "sudoku/solver/dlx.hpp"
#include "sudoku/solver/solved_grid.hpp"

using namespace sudoku;
namespace {

// This thread's CPU time, so that other load on the machine does not count.
struct Clock {
    using time_point = double;
    static double now() {
        timespec ts;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return ts.tv_sec + ts.tv_nsec * 1e-9;
    }
};
double wall_now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

double seconds_since(double start) { return Clock::now() - start; }

// Baseline: the textbook generator, cell by cell, uniqueness by dancing links.
Grid minimal_by_dlx(Rng& rng) {
    Grid puzzle = random_solved_grid(3, rng);
    std::vector<int> cells(81);
    for (int i = 0; i < 81; ++i) cells[i] = i;
    rng.shuffle(cells);
    for (int cell : cells) {
        const int digit = puzzle.at(cell);
        puzzle.set(cell, 0);
        if (dlx_count(puzzle, 2).count != 1) puzzle.set(cell, digit);
    }
    return puzzle;
}

template <class Make>
double per_second(double budget_s, Make make, long& made, long& clue_sum) {
    made = 0, clue_sum = 0;
    const auto start = Clock::now();
    while (seconds_since(start) < budget_s) {
        clue_sum += make().clue_count();
        ++made;
    }
    return made / seconds_since(start);
}

void minimal_throughput() {
    long ours_n, ours_clues, dlx_n, dlx_clues;
    Rng a(1), b(1);
    const double ours = per_second(
        3.0, [&] { return minimal_unique_puzzle(3, Symmetry::none, a).puzzle; }, ours_n, ours_clues);
    const double dlx = per_second(
        3.0, [&] { return minimal_by_dlx(b); }, dlx_n, dlx_clues);
    std::printf("minimal unique 9x9 puzzles, one core (goal >= 2000/s)\n");
    std::printf("  ours (bitboard uniqueness)  %8.0f puzzles/s  %7.3f ms each  mean %.1f clues  (%ld made)\n", ours,
                1000 / ours, double(ours_clues) / ours_n, ours_n);
    std::printf("  baseline (DLX uniqueness)   %8.0f puzzles/s  %7.3f ms each  mean %.1f clues  (%ld made)\n", dlx,
                1000 / dlx, double(dlx_clues) / dlx_n, dlx_n);
    std::printf("  ratio ours/baseline         %8.1fx\n", ours / dlx);
}

// What --minimal costs: the default request (22..30 clues) with and without it, from the same seed.
void minimal_request_cost() {
    PuzzleRequest plain, minimal;
    minimal.minimal = true;
    plain.min_clues = minimal.min_clues = 22;
    plain.max_clues = minimal.max_clues = 30;
    long plain_n, plain_clues, minimal_n, minimal_clues;
    Rng a(1), b(1);
    auto make = [](const PuzzleRequest& request, Rng& rng) {
        auto made = generate_puzzle(request, rng);
        return std::holds_alternative<GeneratedPuzzle>(made) ? std::get<GeneratedPuzzle>(made).puzzle : Grid(3);
    };
    const double p = per_second(
        2.0, [&] { return make(plain, a); }, plain_n, plain_clues);
    const double m = per_second(
        2.0, [&] { return make(minimal, b); }, minimal_n, minimal_clues);
    std::printf("sudoku-gen puzzle, 22..30 clues, one core\n");
    std::printf("  default                     %8.0f puzzles/s  %7.3f ms each  mean %.1f clues  (%ld made)\n", p,
                1000 / p, double(plain_clues) / plain_n, plain_n);
    std::printf("  --minimal                   %8.0f puzzles/s  %7.3f ms each  mean %.1f clues  (%ld made)\n", m,
                1000 / m, double(minimal_clues) / minimal_n, minimal_n);
    std::printf("  ratio default/--minimal     %8.2fx\n", p / m);
}

void few_clues(int clues, int seeds) {
    PuzzleRequest request;
    request.min_clues = request.max_clues = clues;
    request.max_attempts = 1000;
    double total = 0, worst = 0;
    int found = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
        Rng rng(seed);
        const auto start = Clock::now();
        auto made = generate_puzzle(request, rng);
        const double s = seconds_since(start);
        total += s, worst = std::max(worst, s);
        found += std::holds_alternative<GeneratedPuzzle>(made) &&
                 dlx_count(std::get<GeneratedPuzzle>(made).puzzle, 2).count == 1;
    }
    std::printf("unique %d-clue 9x9 puzzle: mean %.1f ms, worst %.1f ms over %d seeds (%d found, DLX-verified)\n",
                clues, 1000 * total / seeds, 1000 * worst, seeds, found);
}

void target_config(const std::filesystem::path& source) {
    const auto yaml = source / "configs" / "target-sudoku.yaml";
    auto loaded = load_problem_config(yaml);
    if (std::holds_alternative<Diagnostic>(loaded)) {
        std::printf("target config: %s\n", std::get<Diagnostic>(loaded).to_string().c_str());
        return;
    }
    const auto out = std::filesystem::temp_directory_path() / "bench_generator_testdata";
    std::filesystem::remove_all(out);
    const double wall_start = wall_now();
    const auto start = Clock::now();
    auto built = build_test_set(std::get<ProblemConfig>(loaded), out, nullptr);
    const double build_s = seconds_since(start);
    if (!std::holds_alternative<BuildResult>(built)) {
        const auto* d = std::get_if<Diagnostic>(&built);
        std::printf("target build failed: %s\n",
                    d ? d->to_string().c_str() : std::get<AnswerDisagreement>(built).test.c_str());
        return;
    }
    const auto validate_start = Clock::now();
    auto checked = validate_test_set(std::get<BuildResult>(built).directory);
    const double validate_s = seconds_since(validate_start);
    const bool valid =
        std::holds_alternative<ValidationResult>(checked) && std::get<ValidationResult>(checked).mismatches.empty();
    std::printf(
        "shipped target config (20 tests): build %.2f s + validate %.2f s = %.2f s CPU (goal <= 10 s), "
        "%.2f s wall, %s\n",
        build_s, validate_s, build_s + validate_s, wall_now() - wall_start, valid ? "valid" : "INVALID");
    std::filesystem::remove_all(out);
}

}  // namespace

int main(int argc, char** argv) {
    const std::filesystem::path source = argc > 1 ? argv[1] : ".";
    minimal_throughput();
    minimal_request_cost();
    few_clues(21, 10);
    few_clues(20, 10);
    target_config(source);
    return 0;
}
