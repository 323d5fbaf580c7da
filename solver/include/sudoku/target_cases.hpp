// Target puzzles made on purpose, for the optimiser's tests and benchmark: random solved grids
// with clues kept in a chosen region, from a small deterministic PRNG (same cases everywhere).
//
//   random families   clues anywhere, the count drawn from a band (0-10, 11-23, 24-30, 31-81)
//   packed families   24-28 clues inside one region (as many as fit when it is smaller):
//                     one band, one stack, two bands, the border ring, the centre 5x5,
//                     the four corner boxes; these leave millions of completions
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sudoku/grid.hpp"

namespace sudoku {

// SplitMix64: tiny, fast, and the same sequence on every platform (std distributions are not).
class CaseRandom {
public:
    explicit CaseRandom(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next();
    int below(int bound) { return int(next() % std::uint64_t(bound)); }  // 0..bound-1
    int between(int lo, int hi) { return lo + below(hi - lo + 1); }      // lo..hi

private:
    std::uint64_t state_;
};

// A uniformly shuffled search gives a random completed grid of the box size.
Grid random_solved_grid(int box, CaseRandom& random);

struct TargetFamily {
    std::string name;
    int min_clues = 0, max_clues = 0;
    std::vector<int> region;  // cells the clues are drawn from
};

// The benchmark families of the target issue for box size 3, the empty grid excluded.
std::vector<TargetFamily> target_families();

// The solved grid with `clues` cells of `region` kept (all of them if fewer), chosen at random.
Grid keep_random_clues(const Grid& solved, std::vector<int> region, int clues, CaseRandom& random);

// A puzzle of the family: a random solved grid keeping a random clue count of region cells.
Grid make_target_case(const TargetFamily& family, CaseRandom& random);

}  // namespace sudoku
