// Side by side with tdoku (Tom Dillon's DPLL-triad SIMD solver, the fastest public 9x9 solver),
// in one process on the same puzzles: solve + uniqueness check (count to 2) on the five datasets
// of tests/data, then counting (capped at 1e6 a puzzle) on serg's first 2000 puzzles and on 200
// random 24-clue grids. Each side is timed by thread CPU time, which load from other processes
// on a shared machine barely moves; the best of the rounds of each side is kept, and the two
// sides alternate within a round. Both must find the same counts, else it exits 1.
//
// tdoku is never part of the repository. Build it from its public source in a temporary folder,
// as it ships (its CMakeLists: -O3 -march=native), and point CMake at its static library;
// bench/results/solver.md records the commit and the figures:
//   (in /tmp/tdoku)  mkdir build && cd build && cmake .. && make tdoku_static
//   cmake -S . -B build -DSUDOKU_TDOKU_LIBRARY=/tmp/tdoku/build/libtdoku_static.a
//   cmake --build build --target compare_tdoku
//   build/bench/compare_tdoku [rounds, default 3] [two | count | all, default all]
#include <time.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "sudoku/solver/solve.hpp"
#include "support/datasets.hpp"

// tdoku's C entry point: the number of solutions up to `limit`.
extern "C" std::size_t TdokuSolverDpllTriadSimd(const char* puzzle, std::size_t limit, std::uint32_t configuration,
                                                char* solution, std::size_t* guesses);

using sudoku::Grid;

namespace {

double thread_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

struct SideBySide {
    double tdoku = 1e9, ours = 1e9, ours_count_only = 1e9;  // best seconds of each side
    std::uint64_t tdoku_count = 0, ours_count = 0, ours_count_only_count = 0;
};

// Both sides count every puzzle up to `limit`, `rounds` times; ours twice: count_solutions (the
// count and the first solution) and count_completions (the count alone, as tdoku's call answers).
SideBySide time_both(const std::vector<Grid>& puzzles, std::uint64_t limit, int rounds) {
    std::vector<std::string> lines;
    for (const Grid& p : puzzles) lines.push_back(p.to_line());
    SideBySide r;
    char solution[82];
    std::size_t guesses = 0;
    for (int round = 0; round < rounds; ++round) {
        r.tdoku_count = r.ours_count = 0;
        double start = thread_seconds();
        for (const std::string& line : lines)
            r.tdoku_count += TdokuSolverDpllTriadSimd(line.c_str(), limit, 0, solution, &guesses);
        r.tdoku = std::min(r.tdoku, thread_seconds() - start);
        start = thread_seconds();
        for (const Grid& p : puzzles) r.ours_count += sudoku::count_solutions(p, limit).count;
        r.ours = std::min(r.ours, thread_seconds() - start);
        r.ours_count_only_count = 0;
        start = thread_seconds();
        for (const Grid& p : puzzles) r.ours_count_only_count += sudoku::count_completions(p, limit);
        r.ours_count_only = std::min(r.ours_count_only, thread_seconds() - start);
    }
    return r;
}

bool agree(const SideBySide& r, const char* what) {
    if (r.tdoku_count == r.ours_count && r.tdoku_count == r.ours_count_only_count) return true;
    std::printf("MISMATCH on %s: tdoku %llu, ours %llu and %llu\n", what,
                static_cast<unsigned long long>(r.tdoku_count), static_cast<unsigned long long>(r.ours_count),
                static_cast<unsigned long long>(r.ours_count_only_count));
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
    const std::string part = argc > 2 ? argv[2] : "all";
    bool same = true;
    if (part != "count") {
        std::printf(
            "count to 2, us per puzzle, thread CPU time, best of %d; ours with the first solution\n"
            "(count_solutions) and the count alone (count_completions, as tdoku's call answers)\n",
            rounds);
        std::printf("%-38s %8s %9s %9s %11s %11s %11s\n", "dataset", "puzzles", "tdoku", "ours", "ours/tdoku",
                    "count only", "/tdoku");
        for (const char* name :
             {"puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt", "puzzles5_forum_hardest_1905_11+.txt",
              "puzzles6_forum_hardest_1106.txt", "puzzles7_serg_benchmark.txt"}) {
            const auto puzzles = sudoku::testing::load_dataset(name);
            const SideBySide r = time_both(puzzles, 2, rounds);
            const double n = double(puzzles.size());
            std::printf("%-38s %8zu %9.2f %9.2f %10.3fx %11.2f %10.3fx\n", name, puzzles.size(), r.tdoku / n * 1e6,
                        r.ours / n * 1e6, r.ours / r.tdoku, r.ours_count_only / n * 1e6, r.ours_count_only / r.tdoku);
            same = agree(r, name) && same;
        }
    }
    if (part != "two") {
        std::printf("\ncounting, capped at 1e6 a puzzle, million solutions per second\n");
        std::printf("%-38s %8s %9s %9s %11s %11s %11s\n", "set", "puzzles", "tdoku", "ours", "rate ratio", "count only",
                    "rate ratio");
        const auto serg = sudoku::testing::load_dataset("puzzles7_serg_benchmark.txt", 2000);
        const auto random24 = sudoku::testing::random_sparse_grids(200, 24, 24);
        for (const auto& [name, puzzles] :
             {std::pair{"serg (first 2000)", &serg}, {"random 24-clue (200)", &random24}}) {
            const SideBySide r = time_both(*puzzles, 1000000, rounds);
            std::printf("%-38s %8zu %9.2f %9.2f %10.3fx %11.2f %10.3fx  (%llu solutions)\n", name, puzzles->size(),
                        double(r.tdoku_count) / r.tdoku / 1e6, double(r.ours_count) / r.ours / 1e6, r.tdoku / r.ours,
                        double(r.ours_count) / r.ours_count_only / 1e6, r.tdoku / r.ours_count_only,
                        static_cast<unsigned long long>(r.ours_count));
            same = agree(r, name) && same;
        }
    }
    return same ? 0 : 1;
}
