#include "target_assignment.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sudoku::target_detail {

// Rows are added one at a time; each finds a shortest augmenting path in reduced costs
// (cost = -profit), and the potentials u (rows) and v (columns) keep every reduced cost
// non-negative. A forbidden entry costs so much that the optimum uses one only when no
// perfect assignment avoids them all: every augmenting step has a path of allowed entries
// while one exists.
namespace {

template <int K>
Assignment solve_sized(const AssignmentProblem& problem, const double* column_hint) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const int k = K > 0 ? K : problem.k;
    std::array<double, kMaxSide + 1> u{}, v{}, minv;
    std::array<int, kMaxSide + 1> match{}, way{};  // match[j]: row (1-based) holding column j
    std::array<bool, kMaxSide + 1> used;
    if (column_hint)
        for (int j = 1; j <= k; ++j) v[j] = -column_hint[j - 1];
    // Feasible row potentials for these v; each row takes its cheapest column when still free.
    std::array<bool, kMaxSide + 1> matched{};
    for (int i = 1; i <= k; ++i) {
        const double* profit = problem.profit[i - 1].data() - 1;
        double low = kInf;
        int at = 0;
        for (int j = 1; j <= k; ++j)
            if (-profit[j] - v[j] < low) {
                low = -profit[j] - v[j];
                at = j;
            }
        u[i] = low;
        if (match[at] == 0) {
            match[at] = i;
            matched[i] = true;
        }
    }
    for (int i = 1; i <= k; ++i) {
        if (matched[i]) continue;
        match[0] = i;
        int j0 = 0;
        for (int j = 0; j <= k; ++j) {
            minv[j] = kInf;
            used[j] = false;
        }
        do {
            used[j0] = true;
            const int i0 = match[j0];
            double delta = kInf;
            int j1 = 0;
            const double* profit = problem.profit[i0 - 1].data() - 1;
            const double ui = u[i0];
            for (int j = 1; j <= k; ++j) {
                if (used[j]) continue;
                const double reduced = -profit[j] - ui - v[j];
                if (reduced < minv[j]) {
                    minv[j] = reduced;
                    way[j] = j0;
                }
                if (minv[j] < delta) {
                    delta = minv[j];
                    j1 = j;
                }
            }
            for (int j = 0; j <= k; ++j) {
                if (used[j]) {
                    u[match[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
        } while (match[j0] != 0);
        do {
            const int j1 = way[j0];
            match[j0] = match[j1];
            j0 = j1;
        } while (j0 != 0);
    }
    Assignment result;
    result.feasible = true;
    for (int j = 1; j <= k; ++j) {
        const int i = match[j] - 1;
        const double p = problem.profit[i][j - 1];
        result.column[i] = j - 1;
        if (AssignmentProblem::is_forbidden(p)) result.feasible = false;
        result.profit += p;
        result.column_potential[j - 1] = -v[j];
    }
    for (int i = 0; i < k; ++i) result.row_potential[i] = -u[i + 1];
    return result;
}

}  // namespace

Assignment solve_assignment(const AssignmentProblem& problem, const double* column_hint) {
    // 9x9 grids: the size fixed at compile time, so that the loops over columns unroll (the same
    // operations in the same order, so the same answer).
    if (problem.k == 9) return solve_sized<9>(problem, column_hint);
    return solve_sized<0>(problem, column_hint);
}

// Forcing (i, j) frees row r = the holder of column j and column c = the column of row i; the
// best repair re-matches r along an alternating path ending at c. In reduced profits (all >= 0
// by the potentials) that is a shortest path among rows: r -> s costs the reduced profit of
// giving row r the column of row s. Floyd-Warshall over k <= 25 rows.
void forcing_penalties(const AssignmentProblem& problem, const Assignment& assignment, Penalties& penalty) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const int k = problem.k;
    std::array<int, kMaxSide> holder{};
    for (int i = 0; i < k; ++i) holder[assignment.column[i]] = i;
    auto reduced = [&](int i, int j) {
        if (AssignmentProblem::is_forbidden(problem.profit[i][j])) return kInf;
        return std::max(0.0, assignment.row_potential[i] + assignment.column_potential[j] - problem.profit[i][j]);
    };
    Penalties dist;  // dist[r][s]: cheapest way for row r to take over the column of row s
    for (int r = 0; r < k; ++r)
        for (int s = 0; s < k; ++s) dist[r][s] = r == s ? 0.0 : reduced(r, assignment.column[s]);
    for (int via = 0; via < k; ++via)
        for (int r = 0; r < k; ++r) {
            const double to_via = dist[r][via];
            if (to_via == kInf) continue;
            for (int s = 0; s < k; ++s) dist[r][s] = std::min(dist[r][s], to_via + dist[via][s]);
        }
    for (int i = 0; i < k; ++i)
        for (int j = 0; j < k; ++j) penalty[i][j] = reduced(i, j) + dist[holder[j]][i];
}

}  // namespace sudoku::target_detail
