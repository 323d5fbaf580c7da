// Target benchmark: our branch and bound against the same model in COIN-OR CBC, side by side in
// the same run, on the families of the target issue (random clue bands, packed adversarial
// regions, the empty grid), then on random weight matrices (1..20) over the empty grid.
//
//   bench_target [puzzles per family, default 50] [weight matrices, default 5] [--no-mip]
//                [--family NAME]   only the families whose name contains NAME
//                [--stats]         mean nodes and bound evaluations per puzzle, per family, and
//                                  how many puzzles needed the placement bound
//                [--each]          one line per puzzle: ms, score, nodes, rounds, evaluations
//                [--seed N]        another sample of the families (default 20091120)
//                [--placement-after N]  TargetTuning::placement_after_nodes (default 50)
//   bench_target 1000 20        the scale (CBC dominates the run time)
//
// Prints median and worst ms per puzzle for each side and the ratio MIP / ours of the medians
// and of the worsts. Every answer is compared; a disagreement is reported and exits 1.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/target.hpp"
#include "sudoku/solver/target_mip.hpp"
#include "support/target_cases.hpp"
#include "target/instrumented.hpp"

using namespace sudoku;
using namespace sudoku::testing;
using Clock = std::chrono::steady_clock;

namespace {

struct Timing {
    std::vector<double> ms;
    double median() {
        if (ms.empty()) return 0;
        std::sort(ms.begin(), ms.end());
        return ms[ms.size() / 2];
    }
    double worst() const { return ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end()); }
};

template <class F>
auto timed(Timing& timing, F&& solve) {
    const auto t0 = Clock::now();
    auto result = solve();
    timing.ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    return result;
}

int disagreements = 0;
bool show_stats = false;
bool show_each = false;
TargetTuning options;                // --placement-after N moves the placement bound's start, for tuning
constexpr double kWorstGoalMs = 10;  // the worst case per puzzle; slower ones are printed

void run_family(const std::string& name, const std::vector<Grid>& puzzles, const std::vector<Weights>& weights,
                bool with_mip) {
    Timing ours, mip;
    double nodes = 0, evaluations = 0, root_evaluations = 0;
    int with_placement = 0;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        const Weights& w = weights[i % weights.size()];
        const MeasuredTarget a = timed(ours, [&] { return target_max_score_measured(puzzles[i], w, options); });
        nodes += double(a.stats.nodes) / double(puzzles.size());
        evaluations += double(a.stats.evaluations) / double(puzzles.size());
        root_evaluations += double(a.stats.root_evaluations) / double(puzzles.size());
        if (a.stats.placement_nodes > 0) ++with_placement;
        if (show_each)
            std::printf(
                "  #%zu %.2f ms, score %lld, %llu nodes, %d rounds, %llu evaluations (%llu at the root), "
                "placement %llu\n",
                i, ours.ms.back(), a.score ? (long long)*a.score : 0LL, (unsigned long long)a.stats.nodes,
                a.stats.rounds, (unsigned long long)a.stats.evaluations, (unsigned long long)a.stats.root_evaluations,
                (unsigned long long)a.stats.placement_nodes);
        if (a.has_completion() &&
            (!a.certificate->is_solution_of(puzzles[i]) || target_score(*a.certificate, w) != a.score)) {
            std::printf("  BAD CERTIFICATE on %s\n", puzzles[i].to_line().c_str());
            ++disagreements;
        }
        if (!with_mip) continue;
        const TargetResult b = timed(mip, [&] { return target_by_mip(puzzles[i], w); });
        if (a.score != b.score) {
            auto text = [](const TargetResult& r) { return r.score ? std::to_string(*r.score) : std::string("none"); };
            std::printf("  DISAGREE on %s: ours %s, CBC %s\n", puzzles[i].to_line().c_str(), text(a).c_str(),
                        text(b).c_str());
            ++disagreements;
        }
    }
    const std::size_t worst_at = std::max_element(ours.ms.begin(), ours.ms.end()) - ours.ms.begin();
    const std::string worst_line = puzzles.empty() ? "" : puzzles[worst_at].to_line();
    const double om = ours.median(), ow = ours.worst();
    if (with_mip) {
        const double mm = mip.median(), mw = mip.worst();
        std::printf("%-20s %5zu  %9.3f %9.3f  %9.2f %9.2f  %8.1fx %8.1fx\n", name.c_str(), puzzles.size(), om, ow, mm,
                    mw, mm / om, mw / ow);
    } else {
        std::printf("%-20s %5zu  %9.3f %9.3f\n", name.c_str(), puzzles.size(), om, ow);
    }
    if (show_stats)
        std::printf("  mean per puzzle: %.1f nodes, %.1f bound evaluations (%.1f at the root); placement bound in %d\n",
                    nodes, evaluations, root_evaluations, with_placement);
    if (ow > kWorstGoalMs) std::printf("  over %.0f ms: %s\n", kWorstGoalMs, worst_line.c_str());
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    int per_family = 50, matrices = 5;
    bool with_mip = true;
    std::string only;
    std::uint64_t seed = 20091120;
    std::vector<int> numbers;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--help")) {
            std::printf(
                "usage: bench_target [puzzles per family=50] [weight matrices=5] [--no-mip] [--family NAME] [--stats] "
                "[--seed N]\n"
                "example: bench_target 1000 20   (the issue's scale)\n");
            return 0;
        }
        if (!std::strcmp(argv[i], "--family") && i + 1 < argc) {
            only = argv[++i];
            continue;
        }
        if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
            continue;
        }
        if (!std::strcmp(argv[i], "--placement-after") && i + 1 < argc) {
            options.placement_after_nodes = std::strtoll(argv[++i], nullptr, 10);
            continue;
        }
        if (!std::strcmp(argv[i], "--stats")) {
            show_stats = true;
            continue;
        }
        if (!std::strcmp(argv[i], "--each")) {
            show_each = true;
            continue;
        }
        if (!std::strcmp(argv[i], "--no-mip")) {
            with_mip = false;
            continue;
        }
        char* end = nullptr;
        const long value = std::strtol(argv[i], &end, 10);
        if (*end != '\0' || value < 1) {
            std::fprintf(stderr, "bench_target: argument %d: expected a positive count, found '%s'\n", i, argv[i]);
            return 2;
        }
        numbers.push_back(int(value));
    }
    if (numbers.size() > 2) {
        std::fprintf(stderr, "bench_target: at most two counts, found %zu\n", numbers.size());
        return 2;
    }
    if (numbers.size() > 0) per_family = numbers[0];
    if (numbers.size() > 1) matrices = numbers[1];

    std::printf("%-20s %5s  %9s %9s  %9s %9s  %9s %9s\n", "family (NOIP ring)", "count", "ours med", "ours max",
                "CBC med", "CBC max", "med ratio", "max ratio");
    const std::vector<Weights> ring = {Weights::ring(3)};
    Rng random(seed);
    for (const TargetFamily& family : target_families()) {
        std::vector<Grid> puzzles;
        for (int i = 0; i < per_family; ++i) puzzles.push_back(make_target_case(family, random));
        if (family.name.find(only) != std::string::npos) run_family(family.name, puzzles, ring, with_mip);
    }
    const auto wanted = [&](const std::string& name) { return name.find(only) != std::string::npos; };
    if (wanted("empty grid"))
        run_family("empty grid", std::vector<Grid>(std::min(per_family, 20), Grid(3)), ring, with_mip);

    std::vector<Weights> weights;
    for (int m = 0; m < matrices; ++m) {
        Weights w;
        for (int cell = 0; cell < 81; ++cell) w.w.push_back(random.between(1, 20));
        weights.push_back(w);
    }
    if (wanted("empty, weights 1..20"))
        run_family("empty, weights 1..20", std::vector<Grid>(matrices, Grid(3)), weights, with_mip);
    if (disagreements) {
        std::printf("%d disagreements\n", disagreements);
        return 1;
    }
    return 0;
}
