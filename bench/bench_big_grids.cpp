// 16x16 and 25x25 benchmark: generating minimal 16x16 puzzles and the uniqueness check
// (count to 2) on them; generating 25x25 puzzles at the default clue range (1/2..2/3 of the cells)
// and solving them. The library's general solver runs side by side with the pinned reference
// (tests/support/reference_general_solver.*, the solver before its fixed-size rewrite) on the
// same puzzles, and every count, first solution, guesses and nodes are compared.
// Times are CPU seconds of this thread (the machine may be shared).
//
//   bench_big_grids [seeds, default 20] [25x25 time budget per puzzle in s, default 20]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <variant>
#include <vector>

#include "sudoku/generator/puzzle_generator.hpp"
#include "sudoku/solver/solve.hpp"
#include "sudoku/solver/solved_grid.hpp"
#include "support/reference_general_solver.hpp"

using namespace sudoku;
namespace {

double cpu_now() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

template <class F>
double seconds(F&& f) {
    const double start = cpu_now();
    f();
    return cpu_now() - start;
}

struct Spread {
    std::vector<double> s;
    void add(double x) { s.push_back(x); }
    double mean() const {
        double t = 0;
        for (double x : s) t += x;
        return s.empty() ? 0 : t / s.size();
    }
    double median() const {
        auto c = s;
        std::sort(c.begin(), c.end());
        return c.empty() ? 0 : c[c.size() / 2];
    }
    double worst() const { return s.empty() ? 0 : *std::max_element(s.begin(), s.end()); }
};

void print_ms(const char* what, const Spread& t) {
    std::printf("  %-34s mean %9.2f ms  median %9.2f ms  worst %9.2f ms  (%zu)\n", what, 1000 * t.mean(),
                1000 * t.median(), 1000 * t.worst(), t.s.size());
}

// Count to 2 with both solvers on every puzzle; says whether they agree on everything observable.
void uniqueness_side_by_side(const std::vector<Grid>& puzzles) {
    Spread fast, ours, reference;
    int disagreements = 0;
    std::uint64_t nodes = 0, most_nodes = 0;
    for (const Grid& p : puzzles) {
        SearchStats a, b;
        SolutionCount x, y, z;
        fast.add(seconds([&] { z = count_solutions(p, 2); }));
        ours.add(seconds([&] { x = count_solutions(p, 2, a); }));
        reference.add(seconds([&] { y = testing::reference_general_count(p, 2, b); }));
        nodes += a.nodes, most_nodes = std::max(most_nodes, a.nodes);
        disagreements += z.count != y.count || z.first != y.first || x.count != y.count || x.first != y.first ||
                         a.guesses != b.guesses || a.nodes != b.nodes;
    }
    std::printf("  search nodes per count to 2: mean %.0f, most %llu\n", double(nodes) / puzzles.size(),
                (unsigned long long)most_nodes);
    print_ms("count to 2, fast (no statistics)", fast);
    print_ms("count to 2, pinned tree (stats)", ours);
    print_ms("count to 2, reference (before)", reference);
    std::printf("  ratio reference/pinned: mean %.1fx, worst %.1fx; reference/fast: mean %.1fx, worst %.1fx\n",
                reference.mean() / ours.mean(), reference.worst() / ours.worst(), reference.mean() / fast.mean(),
                reference.worst() / fast.worst());
    std::printf("  %d disagreements (count, first solution, guesses, nodes)\n", disagreements);
}

void minimal_16(int seeds) {
    std::printf("minimal 16x16 puzzles, seeds 1..%d (goal: worst < 1 s; count to 2 worst < 20 ms)\n", seeds);
    Spread fill, make;
    std::vector<Grid> puzzles;
    double clues = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
        Rng a(seed), b(seed);
        fill.add(seconds([&] { random_solved_grid(4, a); }));
        GeneratedPuzzle made{Grid(4), Grid(4)};
        make.add(seconds([&] { made = minimal_unique_puzzle(4, Symmetry::none, b); }));
        clues += made.puzzle.clue_count();
        puzzles.push_back(made.puzzle);
    }
    print_ms("random solved grid alone", fill);
    print_ms("minimal puzzle (grid + removal)", make);
    std::printf("  mean %.1f clues\n", clues / seeds);
    uniqueness_side_by_side(puzzles);
}

void default_25(int seeds, double budget_s) {
    PuzzleRequest request;
    request.box = 5;
    request.min_clues = 625 / 2;
    request.max_clues = 625 * 2 / 3;
    request.time_budget_s = budget_s;
    std::printf("25x25 unique puzzles, %d..%d clues, seeds 1..%d (goal: generated and solved, worst < 1 s)\n",
                request.min_clues, request.max_clues, seeds);
    Spread fill, make;
    std::vector<Grid> puzzles;
    int failed = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
        Rng a(seed), b(seed);
        fill.add(seconds([&] { random_solved_grid(5, a); }));
        std::variant<GeneratedPuzzle, std::string> made;
        make.add(seconds([&] { made = generate_puzzle(request, b); }));
        if (auto* p = std::get_if<GeneratedPuzzle>(&made))
            puzzles.push_back(p->puzzle);
        else
            ++failed;
    }
    print_ms("random solved grid alone", fill);
    print_ms("puzzle (grid + removal)", make);
    std::printf("  %d of %d not made within %.0f s\n", failed, seeds, budget_s);
    uniqueness_side_by_side(puzzles);
}

}  // namespace

int main(int argc, char** argv) {
    const int seeds = argc > 1 ? std::atoi(argv[1]) : 20;
    const double budget_s = argc > 2 ? std::atof(argv[2]) : 20;
    minimal_16(seeds);
    default_25(seeds, budget_s);
    return 0;
}
