#include "target/assignment.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace sudoku::target_detail {

// Rows are added one at a time; each finds a shortest augmenting path in reduced costs
// (cost = -profit), and the potentials u (rows) and v (columns) keep every reduced cost
// non-negative. A forbidden entry costs so much that the optimum uses one only when no
// perfect assignment avoids them all: every augmenting step has a path of allowed entries
// while one exists.
namespace {

// One row's shortest augmenting path over the columns 1..k, the scalar way.
template <int K>
struct ScalarColumns {
    static constexpr double kInf = std::numeric_limits<double>::infinity();
    // The column nearest to the tree of used ones, after relaxing from row i0 (reached by j0).
    [[gnu::always_inline]] static int step(int k, const double* profit, double ui, int j0, const double* v,
                                           double* minv, int* way, const bool* used, double& delta) {
        if constexpr (K > 0) k = K;
        delta = kInf;
        int j1 = 0;
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
        return j1;
    }
    // The least cost -profit[j] - v[j] over the columns 1..k, and the first column `at` that has it
    // (0 when none is below infinity).
    [[gnu::always_inline]] static double cheapest(int k, const double* profit, const double* v, int& at) {
        if constexpr (K > 0) k = K;
        double low = kInf;
        for (int j = 1; j <= k; ++j)
            if (-profit[j] - v[j] < low) {
                low = -profit[j] - v[j];
                at = j;
            }
        return low;
    }
    [[gnu::always_inline]] static void shift(int k, double delta, const int* match, const bool* used, double* u,
                                             double* v, double* minv) {
        if constexpr (K > 0) k = K;
        for (int j = 0; j <= k; ++j) {
            if (used[j]) {
                u[match[j]] += delta;
                v[j] -= delta;
            } else {
                minv[j] -= delta;
            }
        }
    }
};

template <int K, class Columns>
[[gnu::always_inline]] inline Assignment solve_sized(const AssignmentProblem& problem, const double* column_hint) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const int k = K > 0 ? K : problem.k;
    std::array<double, kMaxSide + 1> u{}, v{}, minv;
    std::array<int, kMaxSide + 1> match{}, way{};  // match[j]: row (1-based) holding column j
    std::array<bool, kMaxSide + 1> used{};
    if (column_hint)
        for (int j = 1; j <= k; ++j) v[j] = -column_hint[j - 1];
    // Feasible row potentials for these v; each row takes its cheapest column when still free.
    std::array<bool, kMaxSide + 1> matched{};
    for (int i = 1; i <= k; ++i) {
        int at = 0;
        u[i] = Columns::cheapest(k, problem.profit[i - 1].data() - 1, v.data(), at);
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
            const double* profit = problem.profit[i0 - 1].data() - 1;
            const int j1 = Columns::step(k, profit, u[i0], j0, v.data(), minv.data(), way.data(), used.data(), delta);
            Columns::shift(k, delta, match.data(), used.data(), u.data(), v.data(), minv.data());
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

#if defined(__x86_64__)
// The same path over 9 to 16 columns, four at a time in GCC's vector types (AVX2 where
// solve_wide inlines them): the same sums in the same order and the first column of least
// distance, so the same assignment and potentials to the bit. Q vectors of four columns: 3 for
// 9x9 rows, whose fourth would be all padding.
template <int Q>
struct WideColumns {
    static_assert(Q == 3 || Q == 4);
    using Vec = double __attribute__((vector_size(32)));
    using Mask = long long __attribute__((vector_size(32)));
    using Ints = int __attribute__((vector_size(16)));
    static constexpr double kInf = std::numeric_limits<double>::infinity();
    // Vectors go by reference: returned by value from these default-target helpers they would
    // change the ABI (-Wpsabi); inlined into solve_wide they are AVX2 registers all the same.
    [[gnu::always_inline]] static void load(Vec& x, const double* at) { std::memcpy(&x, at, sizeof x); }
    [[gnu::always_inline]] static void store(double* at, const Vec& x) { std::memcpy(at, &x, sizeof x); }
    // Lane l of four columns from `bits` (bit l set: -1).
    [[gnu::always_inline]] static void lanes(Mask& mask, unsigned bits) {
        static constexpr Mask kLanes[16] = {{0, 0, 0, 0},   {-1, 0, 0, 0},   {0, -1, 0, 0},   {-1, -1, 0, 0},
                                            {0, 0, -1, 0},  {-1, 0, -1, 0},  {0, -1, -1, 0},  {-1, -1, -1, 0},
                                            {0, 0, 0, -1},  {-1, 0, 0, -1},  {0, -1, 0, -1},  {-1, -1, 0, -1},
                                            {0, 0, -1, -1}, {-1, 0, -1, -1}, {0, -1, -1, -1}, {-1, -1, -1, -1}};
        mask = kLanes[bits];
    }
    // Bit j - 1: column j (1..k) is in the tree. Eight flags at a time: byte i (0 or 1) times the
    // constant lands on bit 56 + i alone; the flags past k are false (solve_sized zeroes them all
    // once).
    [[gnu::always_inline]] static unsigned tree_bits(int k, const bool* used) {
        constexpr std::uint64_t kGather = 0x0102040810204080;
        std::uint64_t low, high;
        std::memcpy(&low, used + 1, sizeof low);
        std::memcpy(&high, used + 9, sizeof high);
        return unsigned((low * kGather) >> 56 | (high * kGather) >> 56 << 8) & ((1u << k) - 1);
    }
    // The lanes of `reach` that hold its least value (bit 4q + l: vector q, lane l), found by
    // vector steps rather than lane by lane; none when the least is infinity.
    [[gnu::always_inline]] static unsigned least_lanes(const Vec (&reach)[Q]) {
        Vec m = reach[0] < reach[1] ? reach[0] : reach[1];
        Vec m23 = reach[2];
        if constexpr (Q == 4) m23 = reach[2] < reach[3] ? reach[2] : reach[3];
        m = m < m23 ? m : m23;
        Vec swapped = __builtin_shufflevector(m, m, 2, 3, 0, 1);
        m = m < swapped ? m : swapped;
        swapped = __builtin_shufflevector(m, m, 1, 0, 3, 2);
        m = m < swapped ? m : swapped;
        const double lowest = m[0];
        // Each vector's lanes that hold it as bits 4q + l, OR-ed across lanes.
        Mask bits = ((reach[0] == lowest) & Mask{1, 2, 4, 8}) | ((reach[1] == lowest) & Mask{16, 32, 64, 128}) |
                    ((reach[2] == lowest) & Mask{256, 512, 1024, 2048});
        if constexpr (Q == 4) bits |= (reach[3] == lowest) & Mask{4096, 8192, 16384, 32768};
        bits |= __builtin_shufflevector(bits, bits, 2, 3, 0, 1);
        bits |= __builtin_shufflevector(bits, bits, 1, 0, 3, 2);
        return lowest < kInf ? unsigned(bits[0]) : 0;
    }
    [[gnu::always_inline]] static double cheapest(int k, const double* profit, const double* v, int& at) {
        Vec reach[Q];
        for (int q = 0; q < Q; ++q) {
            Vec p, vq;
            Mask mask;
            load(p, profit + 1 + 4 * q);
            load(vq, v + 1 + 4 * q);
            lanes(mask, ((1u << k) - 1) >> (4 * q) & 15);
            reach[q] = mask ? -p - vq : Vec{} + kInf;
        }
        const unsigned first = least_lanes(reach);
        if (!first) return kInf;
        at = 1 + __builtin_ctz(first);
        return -profit[at] - v[at];  // the column's own value, whichever zero it holds
    }
    [[gnu::always_inline]] static int step(int k, const double* profit, double ui, int j0, const double* v,
                                           double* minv, int* way, const bool* used, double& delta) {
        const unsigned open = ~tree_bits(k, used) & ((1u << k) - 1);
        Vec reach[Q];
        for (int q = 0; q < Q; ++q) {
            const unsigned open_q = (open >> (4 * q)) & 15;
            const int at = 1 + 4 * q;
            if (!open_q) {
                reach[q] = Vec{} + kInf;
                continue;
            }
            Vec p, vq, m;
            Mask mask;
            load(p, profit + at);
            load(vq, v + at);
            load(m, minv + at);
            lanes(mask, open_q);
            const Vec reduced = -p - ui - vq;
            const Mask better = (reduced < m) & mask;
            const Vec now = better ? reduced : m;
            store(minv + at, now);
            Ints from;
            std::memcpy(&from, way + at, sizeof from);
            from = __builtin_convertvector(better, Ints) ? Ints{} + j0 : from;
            std::memcpy(way + at, &from, sizeof from);
            reach[q] = mask ? now : Vec{} + kInf;
        }
        const unsigned first = least_lanes(reach);
        delta = kInf;
        if (!first) return 0;  // as the scalar path: no column nearer than infinity
        const int j1 = 1 + __builtin_ctz(first);
        delta = minv[j1];  // the column's own value, whichever zero it holds
        return j1;
    }
    [[gnu::always_inline]] static void shift(int k, double delta, const int* match, const bool* used, double* u,
                                             double* v, double* minv) {
        const unsigned tree = tree_bits(k, used), open = ~tree & ((1u << k) - 1);
        u[match[0]] += delta;  // column 0 (the row being added) is always in the tree
        v[0] -= delta;
        for (unsigned b = tree; b; b &= b - 1) u[match[1 + __builtin_ctz(b)]] += delta;
        for (int q = 0; q < Q; ++q) {
            const int at = 1 + 4 * q;
            Vec vq, mq;
            Mask in_tree, outside;
            load(vq, v + at);
            load(mq, minv + at);
            lanes(in_tree, (tree >> (4 * q)) & 15);
            lanes(outside, (open >> (4 * q)) & 15);
            store(v + at, in_tree ? vq - delta : vq);
            store(minv + at, outside ? mq - delta : mq);
        }
    }
};

__attribute__((target("avx2"))) Assignment solve_wide(const AssignmentProblem& problem, const double* column_hint) {
    // 9x9 rows with every cell free, the common case: the size fixed, so that the loops over rows
    // unroll and the column masks are constants.
    if (problem.k == 9) return solve_sized<9, WideColumns<3>>(problem, column_hint);
    if (problem.k <= 12) return solve_sized<0, WideColumns<3>>(problem, column_hint);
    return solve_sized<0, WideColumns<4>>(problem, column_hint);
}
#endif

}  // namespace

Assignment solve_assignment(Isa isa, const AssignmentProblem& problem, const double* column_hint) {
#if defined(__x86_64__)
    if (problem.k >= 9 && problem.k <= 16 && isa != Isa::portable && isa_supported(isa))
        return solve_wide(problem, column_hint);
#endif
    // Portable 9x9 rows: the size fixed at compile time, so that the loops over columns unroll
    // (the same operations in the same order, so the same answer).
    if (problem.k == 9) return solve_sized<9, ScalarColumns<9>>(problem, column_hint);
    return solve_sized<0, ScalarColumns<0>>(problem, column_hint);
}

Assignment solve_assignment(const AssignmentProblem& problem, const double* column_hint) {
    static const Isa isa = widest_isa();
    return solve_assignment(isa, problem, column_hint);
}

// Forcing (i, j) frees row r = the holder of column j and column c = the column of row i; the
// best repair re-matches r along an alternating path ending at c. In reduced profits (all >= 0
// by the potentials) that is a shortest path among rows: r -> s costs the reduced profit of
// giving row r the column of row s. Floyd-Warshall over k <= 25 rows.
namespace {

// The body of forcing_penalties, inlined into a portable and an AVX2 entry point: the same
// operations in the same order, so the same penalties to the bit.
[[gnu::always_inline]] inline void penalties_of(const AssignmentProblem& problem, const Assignment& assignment,
                                                Penalties& penalty) {
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

#if defined(__x86_64__)
__attribute__((target("avx2"))) void penalties_wide(const AssignmentProblem& problem, const Assignment& assignment,
                                                    Penalties& penalty) {
    penalties_of(problem, assignment, penalty);
}
#endif

}  // namespace

void forcing_penalties(Isa isa, const AssignmentProblem& problem, const Assignment& assignment, Penalties& penalty) {
#if defined(__x86_64__)
    if (problem.k >= 9 && isa != Isa::portable && isa_supported(isa))
        return penalties_wide(problem, assignment, penalty);
#endif
    penalties_of(problem, assignment, penalty);
}

void forcing_penalties(const AssignmentProblem& problem, const Assignment& assignment, Penalties& penalty) {
    static const Isa isa = widest_isa();
    forcing_penalties(isa, problem, assignment, penalty);
}

}  // namespace sudoku::target_detail
