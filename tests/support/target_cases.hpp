// Target puzzles made on purpose, for the optimiser's tests and benchmark (test support, not part
// of the toolkit's API): random solved grids with clues kept in a chosen region, drawn from the
// toolkit's Rng, so that a seed gives the same cases everywhere.
//
//   random families   clues anywhere, the count drawn from a band (0-10, 11-23, 24-30, 31-81)
//   packed families   24-28 clues inside one region (as many as fit when it is smaller):
//                     one band, one stack, two bands, the border ring, the centre 5x5,
//                     the four corner boxes; these leave millions of completions
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sudoku/solver/grid.hpp"
#include "sudoku/solver/rng.hpp"
#include "sudoku/solver/target.hpp"

namespace sudoku::testing {

struct TargetFamily {
    std::string name;
    int min_clues = 0, max_clues = 0;
    std::vector<int> region;  // cells the clues are drawn from
};

// The benchmark families of the target issue for box size 3, the empty grid excluded.
std::vector<TargetFamily> target_families();

// The solved grid with `clues` cells of `region` kept (all of them if fewer), chosen at random.
Grid keep_random_clues(const Grid& solved, std::vector<int> region, int clues, Rng& random);

// A puzzle of the family: a random solved grid keeping a random clue count of region cells.
Grid make_target_case(const TargetFamily& family, Rng& random);

// The 16x16 bands of bench_target16: the empty grid once, then `per_band` puzzles per clue band
// (1-40, 41-80, 81-120, 121-200 clues anywhere), drawn in that order from one Rng of `seed`, so
// that a puzzle is named by its seed, per_band, band and index.
struct Target16Band {
    std::string name;
    std::vector<Grid> puzzles;
};
std::vector<Target16Band> target16_bands(std::uint64_t seed, int per_band);

// A weight matrix for box size `box`, every cell's weight drawn from lo..hi.
Weights random_weights(int box, int lo, int hi, Rng& random);

}  // namespace sudoku::testing
