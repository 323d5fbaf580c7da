// The target optimiser's tuning: every constant the branch and bound of optimise*.cpp was measured
// with, a line each on why it has its value. The measurements behind them (families, seeds,
// puzzles, nodes and times, the values tried and not kept) are in bench/results/target-tuning.md
// under the constant's name; the ideas they serve are described in docs/target.md.
#pragma once

#include <cstdint>

namespace sudoku::target_detail {

// --- The root: its descent and the guided dives between chunks of it (docs/target.md: margin dives).
constexpr int kRootIterations = 400;  // the root descent's steps at most (also target_placement_bound's)
// 9x9 with the incumbent far below the bound: the placement bound takes over sooner, fewer root steps pay.
constexpr int kRootIterationsFarBelow = 200;
constexpr int kRootChunk = 40;  // root descent steps between guided dives
// A chunk gaining less ends the descent, unless it gained half of what lies above the next integer.
constexpr double kRootStall = 0.1;
constexpr int kDiveBudget = 200;  // nodes per guided dive at the root
// The greedy dive's nodes before the solver's search decides feasibility (first_incumbent).
constexpr std::int64_t kFirstDiveNodes = 10000;
// Nodes per guided dive from a pruned 16x16 node: 20 missed optima that 200 finds.
constexpr int kPrunedDiveBudget = 200;
// Root dives keep the candidates whose forcing penalty is at most this (fastest of 0.5-4).
constexpr double kDiveMargin = 1.0;
// A dive that found nothing with the incumbent this share of the bound below doubles the margin...
constexpr double kFarBelowShare = 0.015;
constexpr double kMaxDiveMargin = 16.0;  // ...up to this (8, 16 and 32 alike)

// --- The row bound's descent at the nodes (docs/target.md: how it works).
constexpr int kNodeIterations = 2;  // fewest bound evaluations in all over the 9x9 families
// Sparse 16x16 grids: more steps a node, inherited by the children as a warm start, the sparser the more.
constexpr int kNodeIterationsSparse16 = 12;
constexpr int kSparseFree16 = 176;  // free cells from which a 16x16 node takes kNodeIterationsSparse16
constexpr int kNodeIterationsSparsest16 = 24;
constexpr int kSparsestFree16 = 200;  // free cells from which it takes kNodeIterationsSparsest16
// Sparse 16x16 roots settle in the nodes' short steps until a chunk gains under kSettleGain: every
// node inherits the multipliers the root's stall rule left points above where they settle.
constexpr int kSettleChunks = 150;
constexpr int kSettleChunkSteps = 29;  // under the bound's stall window, so the nodes' step mode
constexpr double kSettleGain = 0.01;
// The LP's own prices at a 16x16 root (lp_at_root): chunks until one gains under kLpStall.
constexpr int kLpChunk = 200;
constexpr int kLpIterations = 3000;
constexpr double kLpStall = 0.02;
constexpr int kStrikeRounds = 2;  // bound, strike hopeless candidates, bound again, at most this often
static_assert(kStrikeRounds >= 1, "branching reads the slack of the node's own strike");
// In the tree the Polyak steps aim this far below the cutoff (1 crept down by thousandths, 0.1 too short).
constexpr double kNodeAimBelowCutoff = 0.3;

// --- Branching and probing (docs/target.md: branching by slack, probing).
// A child costs the slack it keeps above the cutoff plus this (0.05-2 measured on the slowest puzzles).
constexpr double kChildShare = 0.2;
// Probe the cells with at most this many candidates (2 and 3 close the tail alike, 2 costs less).
constexpr int kProbeWidth = 2;
// 16x16: the second probing, priced by the digits' placement losses, on cells of at most 3 candidates.
constexpr int kLossProbeWidth16 = 3;

// --- The placement bound (docs/target.md: the placement bound).
// It joins in after TargetTuning::placement_after_nodes nodes of a round; at the root it descends
constexpr int kPlacementIterations = 300;    // this many steps at most,
constexpr int kPlacementNodeIterations = 1;  // at a 9x9 node that keeps the row bound too this many,
// and at a 16x16 node up to this many from its parent's multipliers (1-3 never raised a bound, 100 cost too much).
constexpr int kPlacementNodeIterations16 = 30;
// 9x9 nodes take its steps only when the root's is this far below the LP bound (else they cost more).
constexpr double kPlacementWorthAtNodes = 0.5;
// 9x9 nodes take it alone, without the row bound, when the root's is this far below the LP bound.
constexpr double kPlacementAloneBelow = 1.0;
// It joins in at once after this many failed rounds with the incumbent this share of the bound below.
constexpr int kPlacementAtOnceRounds = 2;
constexpr double kPlacementAtOnceShare = 0.001;
// 16x16 roots: the digit-sum bound's steps per sum, and the most candidate patterns it is tried on.
constexpr int kDigitSumIterations = 2000;
constexpr int kDigitSumGroups = 3;

// --- The large neighbourhood search of 16x16 rounds that run long (search_neighbourhoods).
constexpr std::uint64_t kNeighbourhoodsAfterNodes = 200;  // a round's nodes before the first searches
constexpr std::uint64_t kNeighbourhoodsGrowth = 4;        // then after 4 times as many, and so on
constexpr int kNeighbourhoodTries = 8;                    // neighbourhoods each time
constexpr int kNeighbourhoodKept = 2;                     // of the incumbent's digits kept in one
constexpr std::uint64_t kNeighbourhoodNodes = 100;        // nodes a neighbourhood's own tree may take
constexpr std::uint64_t kNeighbourhoodSeed = 20091120;    // the draws of the kept digits

}  // namespace sudoku::target_detail
