// Target on sparse 16x16 grids (the goal: "any 16x16 grid exact, sparse ones included, in under
// 10 s"): the empty grid and random puzzles by clue band, ring weights, our optimiser only (CBC
// does not finish these either).
//
//   bench_target16 [puzzles per band, default 20] [--limit S, default 60] [--seed N] [--each]
//                  [--band NAME]  only the bands whose name contains NAME
//                  [--threads N]  TargetOptions::threads (default 1)
//
// Each puzzle runs in a child process killed after the limit, so that a puzzle the optimiser
// does not finish costs the limit and is counted as unfinished instead of stopping the run. Prints
// per band: finished / count, median and worst ms (over all puzzles, an unfinished one counting
// as the limit), mean nodes of the finished ones. Every certificate is checked against its
// puzzle and its score; a bad one is reported and exits 1.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "sudoku/solver/target.hpp"
#include "support/target_cases.hpp"
#include "target/instrumented.hpp"

using namespace sudoku;
using namespace sudoku::testing;
using Clock = std::chrono::steady_clock;

namespace {

struct Outcome {
    bool finished = false;
    bool certificate_ok = true;
    double ms = 0;
    long long score = 0;
    unsigned long long nodes = 0, placement_nodes = 0, neighbourhood_nodes = 0;
    int rounds = 0;
};

Outcome solve_in_child(const Grid& puzzle, const Weights& weights, const TargetTuning& options, double limit_s) {
    Outcome outcome;
    int fds[2];
    if (pipe(fds) != 0) {
        std::perror("pipe");
        std::exit(2);
    }
    const auto t0 = Clock::now();
    const pid_t child = fork();
    if (child < 0) {
        std::perror("fork");
        std::exit(2);
    }
    if (child == 0) {
        close(fds[0]);
        const auto start = Clock::now();
        const MeasuredTarget result = target_max_score_measured(puzzle, weights, options);
        Outcome mine;
        mine.finished = true;
        mine.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        mine.score = result.score ? *result.score : 0;
        mine.certificate_ok = !result.has_completion() || (result.certificate->is_solution_of(puzzle) &&
                                                           target_score(*result.certificate, weights) == result.score);
        mine.nodes = result.stats.nodes;
        mine.placement_nodes = result.stats.placement_nodes;
        mine.neighbourhood_nodes = result.stats.neighbourhood_nodes;
        mine.rounds = result.stats.rounds;
        const ssize_t written = write(fds[1], &mine, sizeof mine);
        _exit(written == ssize_t(sizeof mine) ? 0 : 1);
    }
    close(fds[1]);
    pollfd wait_for{fds[0], POLLIN, 0};
    const int ready = poll(&wait_for, 1, int(limit_s * 1000));
    if (ready > 0 && read(fds[0], &outcome, sizeof outcome) == ssize_t(sizeof outcome)) {
        waitpid(child, nullptr, 0);
    } else {
        kill(child, SIGKILL);
        waitpid(child, nullptr, 0);
        outcome = Outcome{};
        outcome.ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    }
    close(fds[0]);
    return outcome;
}

}  // namespace

int main(int argc, char** argv) {
    int per_band = 20;
    double limit_s = 60;
    std::uint64_t seed = 20091120;
    bool each = false;
    std::string only;
    TargetTuning options;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--help")) {
            std::printf(
                "usage: bench_target16 [puzzles per band=20] [--limit S=60] [--seed N] [--each] [--band NAME] "
                "[--threads N]\n");
            return 0;
        }
        if (!std::strcmp(argv[i], "--limit") && i + 1 < argc) {
            limit_s = std::strtod(argv[++i], nullptr);
            continue;
        }
        if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
            continue;
        }
        if (!std::strcmp(argv[i], "--band") && i + 1 < argc) {
            only = argv[++i];
            continue;
        }
        if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) {
            options.threads = std::max(1, std::atoi(argv[++i]));
            continue;
        }
        if (!std::strcmp(argv[i], "--each")) {
            each = true;
            continue;
        }
        char* end = nullptr;
        const long value = std::strtol(argv[i], &end, 10);
        if (*end != '\0' || value < 1) {
            std::fprintf(stderr, "bench_target16: argument %d: expected a positive count, found '%s'\n", i, argv[i]);
            return 2;
        }
        per_band = int(value);
    }
    const Weights ring = Weights::ring(4);
    const std::vector<Target16Band> bands = target16_bands(seed, per_band);
    std::printf("%-16s %9s %10s %10s %12s  (limit %.0f s)\n", "band (16x16)", "finished", "median ms", "worst ms",
                "mean nodes", limit_s);
    int bad = 0;
    for (const Target16Band& band : bands) {
        const std::vector<Grid>& puzzles = band.puzzles;
        if (band.name.find(only) == std::string::npos) continue;
        std::vector<double> ms;
        int finished = 0;
        double nodes = 0;
        for (std::size_t i = 0; i < puzzles.size(); ++i) {
            const Outcome o = solve_in_child(puzzles[i], ring, options, limit_s);
            ms.push_back(o.ms);
            if (o.finished) {
                ++finished;
                nodes += double(o.nodes);
            }
            if (!o.certificate_ok) {
                std::printf("  BAD CERTIFICATE on %s\n", puzzles[i].to_line().c_str());
                ++bad;
            }
            if (each) {
                if (o.finished)
                    std::printf(
                        "  #%zu %.1f ms, score %lld, %llu nodes, %d rounds, placement %llu, neighbourhoods %llu\n", i,
                        o.ms, o.score, o.nodes, o.rounds, o.placement_nodes, o.neighbourhood_nodes);
                else
                    std::printf("  #%zu unfinished after %.0f s: %s\n", i, limit_s, puzzles[i].to_line().c_str());
            }
            std::fflush(stdout);
        }
        std::vector<double> sorted = ms;
        std::sort(sorted.begin(), sorted.end());
        std::printf("%-16s %4d / %-3zu %10.1f %10.1f %12.1f\n", band.name.c_str(), finished, ms.size(),
                    sorted[sorted.size() / 2], sorted.back(), finished ? nodes / finished : 0.0);
        std::fflush(stdout);
    }
    if (bad) {
        std::printf("%d bad certificates\n", bad);
        return 1;
    }
    return 0;
}
