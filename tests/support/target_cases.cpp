#include "support/target_cases.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>

#include "sudoku/solver/solved_grid.hpp"

namespace sudoku::testing {

namespace {

std::vector<int> cells_where(bool (*inside)(int r, int c)) {
    std::vector<int> cells;
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c)
            if (inside(r, c)) cells.push_back(r * 9 + c);
    return cells;
}

}  // namespace

std::vector<TargetFamily> target_families() {
    const auto all = cells_where([](int, int) { return true; });
    return {
        {"random 0-10", 0, 10, all},
        {"random 11-23", 11, 23, all},
        {"random 24-30", 24, 30, all},
        {"random 31-81", 31, 81, all},
        {"one band", 24, 27, cells_where([](int r, int) { return r < 3; })},
        {"one stack", 24, 27, cells_where([](int, int c) { return c >= 3 && c < 6; })},
        {"two bands", 24, 28, cells_where([](int r, int) { return r >= 3; })},
        {"border ring", 24, 28, cells_where([](int r, int c) { return r == 0 || r == 8 || c == 0 || c == 8; })},
        {"centre 5x5", 24, 25, cells_where([](int r, int c) { return std::abs(r - 4) <= 2 && std::abs(c - 4) <= 2; })},
        {"corner boxes", 24, 28, cells_where([](int r, int c) { return (r < 3 || r >= 6) && (c < 3 || c >= 6); })},
    };
}

Grid keep_random_clues(const Grid& solved, std::vector<int> region, int clues, Rng& random) {
    clues = std::min<int>(clues, int(region.size()));
    for (int i = 0; i < clues; ++i) std::swap(region[i], region[i + random.below(region.size() - i)]);
    Grid puzzle(solved.box());
    for (int i = 0; i < clues; ++i) puzzle.set(region[i], solved.at(region[i]));
    return puzzle;
}

Grid make_target_case(const TargetFamily& family, Rng& random) {
    const Grid solved = random_solved_grid(3, random);
    return keep_random_clues(solved, family.region, random.between(family.min_clues, family.max_clues), random);
}

std::vector<Target16Band> target16_bands(std::uint64_t seed, int per_band) {
    struct Clues {
        const char* name;
        int min, max;
    };
    const Clues clue_bands[] = {{"empty", 0, 0},
                                {"random 1-40", 1, 40},
                                {"random 41-80", 41, 80},
                                {"random 81-120", 81, 120},
                                {"random 121-200", 121, 200}};
    std::vector<int> cells(256);
    std::iota(cells.begin(), cells.end(), 0);
    Rng random(seed);
    std::vector<Target16Band> bands;
    for (const Clues& clues : clue_bands) {
        Target16Band& band = bands.emplace_back(Target16Band{clues.name, {}});
        const int count = clues.max == 0 ? 1 : per_band;
        for (int i = 0; i < count; ++i) {
            const Grid solved = random_solved_grid(4, random);
            band.puzzles.push_back(keep_random_clues(solved, cells, random.between(clues.min, clues.max), random));
        }
    }
    return bands;
}

Weights random_weights(int box, int lo, int hi, Rng& random) {
    Weights weights;
    weights.box = box;
    for (int cell = 0; cell < box * box * box * box; ++cell) weights.w.push_back(random.between(lo, hi));
    return weights;
}

}  // namespace sudoku::testing
