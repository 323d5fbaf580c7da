// Maximum-profit perfect assignment of k rows to k columns (Hungarian method, shortest
// augmenting paths with potentials), k <= 25: the subproblem of the Lagrangian target bound.
#pragma once

#include <array>

#include "core/isa.hpp"

namespace sudoku::target_detail {

constexpr int kMaxSide = 25;
// The profit of an entry that may not be used. Far below any real profit (weights times digits
// minus multipliers stay within a few thousand), yet small enough that sums of k of them stay
// exact enough to be told apart.
constexpr double kForbidden = -1e9;

struct AssignmentProblem {
    int k = 0;
    // profit[i][j]; kForbidden marks entries that may not be used.
    std::array<std::array<double, kMaxSide>, kMaxSide> profit;

    static bool is_forbidden(double p) { return p <= kForbidden / 2; }
};

struct Assignment {
    bool feasible = false;               // a perfect assignment avoiding forbidden entries exists
    double profit = 0;                   // its total profit, the maximum
    std::array<int, kMaxSide> column{};  // column[i]: the column given to row i
    // Dual potentials in profit terms: row[i] + col[j] >= profit[i][j] on allowed entries, with
    // equality on the chosen ones, so their sum is the maximum profit.
    std::array<double, kMaxSide> row_potential{}, column_potential{};
};

// `column_hint`, when given, holds column potentials from a similar earlier problem (the same
// row in the parent node or the previous subgradient step): the solve starts from them, rows
// matched greedily to their cheapest column, and only the rest are augmented. Any values are
// correct; close ones save most of the work.
Assignment solve_assignment(const AssignmentProblem& problem, const double* column_hint = nullptr);
// The same with the instruction set pinned, for tests: problems of 9 to 16 rows (9x9, 16x16 grids) take an
// AVX2 kernel where `isa` is wider than portable, with the portable one's answer to the bit.
// The plain call takes the widest this CPU runs.
Assignment solve_assignment(Isa isa, const AssignmentProblem& problem, const double* column_hint = nullptr);

// penalty[i][j]: how much the maximum profit drops when row i is forced to take column j
// (0 on the chosen entries), exact: the reduced cost of (i, j) plus the cheapest alternating
// path that re-matches the row and column it displaces. Infinite where no perfect assignment
// uses (i, j). The Lagrangian bound uses it to strike candidates that cannot reach the aim.
using Penalties = std::array<std::array<double, kMaxSide>, kMaxSide>;
void forcing_penalties(const AssignmentProblem& problem, const Assignment& assignment, Penalties& penalty);
// The same with the instruction set pinned, for tests (AVX2 from 9 rows, the portable answer to the bit).
void forcing_penalties(Isa isa, const AssignmentProblem& problem, const Assignment& assignment, Penalties& penalty);

}  // namespace sudoku::target_detail
