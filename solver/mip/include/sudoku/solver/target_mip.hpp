// Cross-check of the target optimiser: the same assignment model handed to a general MIP solver
// (COIN-OR CBC, linked as a library). Lives in the separate library sudoku_mip so that the solver
// itself never depends on CBC; tests, test-set validation and benchmarks link it.
//
//   x[cell][d] in {0,1}; each cell one digit; each digit once per row, column, box;
//   clues fix their variable to 1 (and the cell's other digits to 0); maximise sum w[cell] d x.
#pragma once

#include "sudoku/solver/grid.hpp"
#include "sudoku/solver/target.hpp"

namespace sudoku {

// The optimum (score -1 when CBC proves the model infeasible) and CBC's optimal completion.
// Throws std::runtime_error if CBC stops without proving optimality or infeasibility.
TargetResult target_by_mip(const Grid& puzzle, const Weights& weights);

// The same model's LP relaxation (Clp, no cuts): the value the optimiser's row bound approaches.
// Throws std::runtime_error if Clp does not prove it optimal.
double target_lp_value(const Grid& puzzle, const Weights& weights);

}  // namespace sudoku
