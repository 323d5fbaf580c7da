#include "sudoku/solver/target_mip.hpp"

#include <cmath>
#include <coin/CbcModel.hpp>
#include <coin/CbcSolver.hpp>
#include <coin/CoinPackedMatrix.hpp>
#include <coin/OsiClpSolverInterface.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace sudoku {

namespace {

int no_callback(CbcModel*, int) { return 0; }

void require_matching(const Grid& puzzle, const Weights& weights) {
    if (weights.box != puzzle.box() || int(weights.w.size()) != puzzle.cell_count())
        throw std::invalid_argument("target weights do not match the grid's box size");
}

// Columns x[cell * n + d - 1]; rows: one per cell, then one per (unit, digit), all "= 1".
OsiClpSolverInterface build_model(const Grid& puzzle, const Weights& weights) {
    const int n = puzzle.side(), cells = puzzle.cell_count();
    const auto& units = units_of(puzzle.box());
    std::vector<double> lower(cells * n, 0.0), upper(cells * n, 1.0), objective(cells * n);
    for (int cell = 0; cell < cells; ++cell)
        for (int d = 1; d <= n; ++d) {
            const int x = cell * n + d - 1;
            objective[x] = -double(weights.at(cell)) * d;  // CBC minimises
            if (puzzle.at(cell) == d)
                lower[x] = 1.0;
            else if (puzzle.at(cell) != 0)
                upper[x] = 0.0;
        }
    CoinPackedMatrix matrix(false, 0, 0);
    matrix.setDimensions(0, cells * n);
    for (int cell = 0; cell < cells; ++cell) {
        std::vector<int> index;
        for (int d = 1; d <= n; ++d) index.push_back(cell * n + d - 1);
        matrix.appendRow(int(index.size()), index.data(), std::vector<double>(index.size(), 1.0).data());
    }
    for (const auto& unit : units)
        for (int d = 1; d <= n; ++d) {
            std::vector<int> index;
            for (int cell : unit) index.push_back(cell * n + d - 1);
            matrix.appendRow(int(index.size()), index.data(), std::vector<double>(index.size(), 1.0).data());
        }
    const std::vector<double> ones(matrix.getNumRows(), 1.0);
    OsiClpSolverInterface solver;
    solver.loadProblem(matrix, lower.data(), upper.data(), objective.data(), ones.data(), ones.data());
    for (int x = 0; x < cells * n; ++x) solver.setInteger(x);
    solver.messageHandler()->setLogLevel(0);
    return solver;
}

}  // namespace

TargetResult target_by_mip(const Grid& puzzle, const Weights& weights) {
    require_matching(puzzle, weights);
    OsiClpSolverInterface solver = build_model(puzzle, weights);
    CbcModel model(solver);
    CbcSolverUsefulData data;
    data.noPrinting_ = true;
    CbcMain0(model, data);
    model.setLogLevel(0);
    const char* argv[] = {"target_mip", "-log", "0", "-solve", "-quit"};
    CbcMain1(5, argv, model, no_callback, data);

    TargetResult result;
    if (model.isProvenInfeasible()) return result;
    if (!model.isProvenOptimal() || model.bestSolution() == nullptr)
        throw std::runtime_error("CBC stopped without proving the target model optimal or infeasible (status " +
                                 std::to_string(model.status()) + ")");
    const int n = puzzle.side();
    const double* x = model.bestSolution();
    Grid completion(puzzle.box());
    for (int cell = 0; cell < puzzle.cell_count(); ++cell)
        for (int d = 1; d <= n; ++d)
            if (x[cell * n + d - 1] > 0.5) completion.set(cell, d);
    result.score = target_score(completion, weights);
    result.certificate = completion;
    return result;
}

double target_lp_value(const Grid& puzzle, const Weights& weights) {
    require_matching(puzzle, weights);
    OsiClpSolverInterface solver = build_model(puzzle, weights);
    solver.initialSolve();
    if (!solver.isProvenOptimal())
        throw std::runtime_error("Clp did not prove the target model's LP relaxation optimal");
    return -solver.getObjValue();
}

}  // namespace sudoku
