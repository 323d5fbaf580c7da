// The row problems of the target bound: the assignment solver and its forcing penalties against
// every permutation, and their AVX2 kernels (rows of 9 cells and more: 9x9 and 16x16 grids)
// against the portable ones, to the bit.
#include <algorithm>
#include <catch2/catch.hpp>
#include <limits>
#include <numeric>
#include <vector>

#include "solver9/kernel.hpp"
#include "sudoku/solver/rng.hpp"
#include "target/assignment.hpp"

using namespace sudoku;
using sudoku::target_detail::Assignment;
using sudoku::target_detail::AssignmentProblem;
using sudoku::target_detail::forcing_penalties;
using sudoku::target_detail::kForbidden;
using sudoku::target_detail::Penalties;
using sudoku::target_detail::solve_assignment;

namespace {

// Profits as the bound makes them (weight x digit minus multipliers, with fractions), some
// entries forbidden, and ties on purpose: a few distinct values only when `few_values`.
AssignmentProblem random_problem(int k, bool few_values, Rng& random) {
    AssignmentProblem problem;
    problem.k = k;
    for (int i = 0; i < k; ++i)
        for (int j = 0; j < k; ++j) {
            const double value = few_values ? double(random.between(0, 3))
                                            : random.between(-2000, 2000) / 8.0 + random.between(0, 9) * 0.1;
            problem.profit[i][j] = random.between(0, 9) == 0 ? kForbidden : value;
        }
    return problem;
}

std::vector<double> random_hint(int k, Rng& random) {
    std::vector<double> hint(k);
    for (double& h : hint) h = random.between(-400, 400) / 4.0;
    return hint;
}

// The best over all permutations avoiding forbidden entries; false when none does.
bool best_by_permutations(const AssignmentProblem& problem, double& best) {
    std::vector<int> column(problem.k);
    std::iota(column.begin(), column.end(), 0);
    bool any = false;
    do {
        double sum = 0;
        bool allowed = true;
        for (int i = 0; i < problem.k; ++i) {
            allowed = allowed && !AssignmentProblem::is_forbidden(problem.profit[i][column[i]]);
            sum += problem.profit[i][column[i]];
        }
        if (allowed && (!any || sum > best)) best = sum;
        any = any || allowed;
    } while (std::next_permutation(column.begin(), column.end()));
    return any;
}

// The drop of the best when row i must take column j, by permutations; infinite when no allowed
// permutation does.
double forced_drop(const AssignmentProblem& problem, double best, int i, int j) {
    AssignmentProblem forced = problem;
    for (int c = 0; c < problem.k; ++c)
        if (c != j) forced.profit[i][c] = kForbidden;
    double forced_best = 0;
    if (AssignmentProblem::is_forbidden(problem.profit[i][j]) || !best_by_permutations(forced, forced_best))
        return std::numeric_limits<double>::infinity();
    return best - forced_best;
}

void require_same(const Assignment& a, const Assignment& b, int k) {
    REQUIRE(a.feasible == b.feasible);
    REQUIRE(a.profit == b.profit);
    for (int i = 0; i < k; ++i) {
        REQUIRE(a.column[i] == b.column[i]);
        REQUIRE(a.row_potential[i] == b.row_potential[i]);
        REQUIRE(a.column_potential[i] == b.column_potential[i]);
    }
}

}  // namespace

TEST_CASE("target assignment: the best of every permutation, valid potentials, and each forcing penalty exact",
          "[heavy]") {
    Rng random(2026);
    for (int trial = 0; trial < 600; ++trial) {
        const int k = random.between(1, 7);
        const AssignmentProblem problem = random_problem(k, trial % 3 == 0, random);
        const std::vector<double> hint = random_hint(k, random);
        const Assignment found = solve_assignment(problem, trial % 2 ? hint.data() : nullptr);
        double best = 0;
        const bool any = best_by_permutations(problem, best);
        INFO("trial " << trial << ", k " << k);
        REQUIRE(found.feasible == any);
        if (!any) continue;
        REQUIRE(found.profit == Approx(best).margin(1e-6));
        double potentials = 0;
        for (int i = 0; i < k; ++i) potentials += found.row_potential[i] + found.column_potential[i];
        REQUIRE(potentials == Approx(best).margin(1e-6));
        for (int i = 0; i < k; ++i)
            for (int j = 0; j < k; ++j)
                if (!AssignmentProblem::is_forbidden(problem.profit[i][j]))
                    REQUIRE(found.row_potential[i] + found.column_potential[j] >= problem.profit[i][j] - 1e-6);
        Penalties penalty;
        forcing_penalties(problem, found, penalty);
        for (int i = 0; i < k; ++i)
            for (int j = 0; j < k; ++j) {
                const double drop = forced_drop(problem, best, i, j);
                INFO("row " << i << " forced to column " << j);
                if (drop == std::numeric_limits<double>::infinity())
                    REQUIRE(penalty[i][j] == drop);
                else
                    REQUIRE(penalty[i][j] == Approx(drop).margin(1e-6));
            }
    }
}

TEST_CASE("target assignment: the AVX2 kernels give the portable ones' assignments and penalties to the bit") {
    if (!isa_supported(Isa::avx2)) {
        WARN("this CPU has no AVX2: only the portable kernel runs here");
        return;
    }
    Rng random(1120);
    for (int trial = 0; trial < 4000; ++trial) {
        const int k = trial < 3000 ? random.between(9, 16) : random.between(1, 25);
        const AssignmentProblem problem = random_problem(k, trial % 4 == 0, random);
        const std::vector<double> hint = random_hint(k, random);
        const double* column_hint = trial % 2 ? hint.data() : nullptr;
        INFO("trial " << trial << ", k " << k);
        const Assignment portable = solve_assignment(Isa::portable, problem, column_hint);
        require_same(portable, solve_assignment(Isa::avx2, problem, column_hint), k);
        Penalties narrow, wide;
        forcing_penalties(Isa::portable, problem, portable, narrow);
        forcing_penalties(Isa::avx2, problem, portable, wide);
        for (int i = 0; i < k; ++i)
            for (int j = 0; j < k; ++j) REQUIRE(narrow[i][j] == wide[i][j]);
    }
}
