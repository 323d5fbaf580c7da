// Solver benchmark: µs per puzzle for solve + uniqueness check (count limit 2) on every public
// dataset of tests/data, the bitboard solver (count_solutions: the counting search where it is
// faster; "pinned": the search whose tree testdata/ records, as count_solutions with statistics
// runs it) and the dancing-links baseline side by side in the same run;
// then counting throughput (solutions per second) on multi-solution puzzles; then the 9x9 search
// kernels (portable, AVX2, AVX-512: the same source per instruction set) side by side.
//
//   bench_solve [max puzzles per dataset, default all] [rounds, default 3]
//
// Each round times ours then DLX on the same puzzles; the best round of each side is kept, so a
// burst of load from other processes skews neither side.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "solver9/kernel.hpp"
#include "sudoku/solver/dlx.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/solve.hpp"
#include "support/datasets.hpp"

using sudoku::Grid;
using sudoku::testing::load_dataset;
using Clock = std::chrono::steady_clock;

namespace {

template <class F>
double seconds(F&& f) {
    auto t0 = Clock::now();
    f();
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
    const std::size_t max_count = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 0;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
    const char* sets[] = {"puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt",
                          "puzzles5_forum_hardest_1905_11+.txt", "puzzles6_forum_hardest_1106.txt",
                          "puzzles7_serg_benchmark.txt"};
    std::printf("solve + uniqueness check (count limit 2), µs per puzzle\n");
    std::printf("%-38s %8s %10s %10s %10s %8s %11s\n", "dataset", "puzzles", "ours", "pinned", "dlx", "dlx/ours",
                "pinned/ours");
    for (const char* name : sets) {
        auto puzzles = load_dataset(name, max_count);
        if (puzzles.empty()) {
            std::printf("%-38s missing\n", name);
            continue;
        }
        std::uint64_t ours_sum = 0, pinned_sum = 0, dlx_sum = 0;
        double ours = 1e9, pinned = 1e9, dlx = 1e9;
        for (int round = 0; round < rounds; ++round) {
            ours_sum = pinned_sum = dlx_sum = 0;
            ours = std::min(ours, seconds([&] {
                                for (auto& p : puzzles) ours_sum += sudoku::count_solutions(p, 2).count;
                            }));
            pinned = std::min(pinned, seconds([&] {
                                  sudoku::SearchStats stats;
                                  for (auto& p : puzzles) pinned_sum += sudoku::count_solutions(p, 2, stats).count;
                              }));
            dlx = std::min(dlx, seconds([&] {
                               for (auto& p : puzzles) dlx_sum += sudoku::dlx_count(p, 2).count;
                           }));
        }
        if (ours_sum != dlx_sum || pinned_sum != dlx_sum) {
            std::printf("MISMATCH on %s: %llu, pinned %llu vs %llu\n", name, (unsigned long long)ours_sum,
                        (unsigned long long)pinned_sum, (unsigned long long)dlx_sum);
            return 1;
        }
        double n = double(puzzles.size());
        std::printf("%-38s %8zu %10.1f %10.1f %10.1f %7.1fx %10.2fx\n", name, puzzles.size(), ours / n * 1e6,
                    pinned / n * 1e6, dlx / n * 1e6, dlx / ours, pinned / ours);
    }

    std::printf("\ncounting throughput (exact counts, capped at 1e6 per puzzle), solutions per second\n");
    auto serg = load_dataset("puzzles7_serg_benchmark.txt", max_count ? std::min<std::size_t>(max_count, 2000) : 2000);
    auto random24 = sudoku::testing::random_sparse_grids(200, 24, 24);
    // "pinned": the pinned search enumerating one solution at a time (count_solutions with
    // statistics); "ours": count_solutions, which counts past two by independent parts.
    std::printf("%-38s %8s %12s %12s %8s %12s %10s\n", "set", "puzzles", "ours sol/s", "dlx sol/s", "ours/dlx",
                "pinned sol/s", "ours/pinned");
    for (auto* set : {&serg, &random24}) {
        std::uint64_t ours_n = 0, dlx_n = 0, pinned_n = 0;
        double ours = 1e9, dlx = 1e9, pinned = 1e9;
        for (int round = 0; round < rounds; ++round) {
            ours_n = dlx_n = pinned_n = 0;
            ours = std::min(ours, seconds([&] {
                                for (auto& p : *set) ours_n += sudoku::count_solutions(p, 1000000).count;
                            }));
            pinned = std::min(pinned, seconds([&] {
                                  sudoku::SearchStats stats;
                                  for (auto& p : *set) pinned_n += sudoku::count_solutions(p, 1000000, stats).count;
                              }));
            dlx = std::min(dlx, seconds([&] {
                               for (auto& p : *set) dlx_n += sudoku::dlx_count(p, 1000000).count;
                           }));
        }
        if (ours_n != dlx_n || pinned_n != dlx_n) {
            std::printf("MISMATCH %llu vs %llu vs %llu\n", (unsigned long long)ours_n, (unsigned long long)dlx_n,
                        (unsigned long long)pinned_n);
            return 1;
        }
        std::printf("%-38s %8zu %12.0f %12.0f %7.1fx %12.0f %9.2fx  (%llu solutions)\n",
                    set == &serg ? "serg (first 2000)" : "random 24-clue (200)", set->size(), ours_n / ours,
                    dlx_n / dlx, (dlx / dlx_n) / (ours / ours_n), pinned_n / pinned, pinned / ours,
                    (unsigned long long)ours_n);
    }
    std::printf(
        "\n9x9 kernels, solve + uniqueness check, µs per puzzle, pinned search / count_solutions "
        "(active: %s)\n",
        std::string(to_string(sudoku::widest_isa())).c_str());
    const sudoku::Isa kernels[] = {sudoku::Isa::portable, sudoku::Isa::avx2, sudoku::Isa::avx512};
    std::printf("%-38s %11s %11s %11s\n", "dataset", "portable", "avx2", "avx512");
    for (const char* name : sets) {
        auto puzzles = load_dataset(name, max_count);
        std::printf("%-38s", name);
        for (auto kernel : kernels) {
            if (!sudoku::isa_supported(kernel)) {
                std::printf(" %11s", "n/a");
                continue;
            }
            double best = 1e9, best_counting = 1e9;
            for (int round = 0; round < rounds; ++round) {
                best = std::min(best, seconds([&] {
                                    sudoku::SearchStats stats;
                                    for (auto& p : puzzles) sudoku::count_solutions(kernel, p, 2, stats);
                                }));
                best_counting = std::min(best_counting, seconds([&] {
                                             for (auto& p : puzzles) sudoku::count_solutions(kernel, p, 2);
                                         }));
            }
            std::printf(" %5.1f/%5.1f", best / double(puzzles.size()) * 1e6,
                        best_counting / double(puzzles.size()) * 1e6);
        }
        std::printf("\n");
    }
    return 0;
}
