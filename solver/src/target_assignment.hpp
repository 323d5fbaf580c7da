// Maximum-profit perfect assignment of k rows to k columns (Hungarian method, shortest
// augmenting paths with potentials), k <= 25: the subproblem of the Lagrangian target bound.
#pragma once

#include <array>

namespace sudoku::target_detail {

constexpr int kMaxSide = 25;

struct AssignmentProblem {
    int k = 0;
    // profit[i][j]; entries marked forbidden may not be used.
    std::array<std::array<double, kMaxSide>, kMaxSide> profit{};
    std::array<std::array<bool, kMaxSide>, kMaxSide> forbidden{};
};

struct Assignment {
    bool feasible = false;             // a perfect assignment avoiding forbidden entries exists
    double profit = 0;                 // its total profit, the maximum
    std::array<int, kMaxSide> column{};  // column[i]: the column given to row i
};

Assignment solve_assignment(const AssignmentProblem& problem);

}  // namespace sudoku::target_detail
