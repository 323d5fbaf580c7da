#include "target/placement/lanes.hpp"

#include <array>
#include <cstring>
#include <limits>

#include "core/isa.hpp"

// The kernels below are inlined into one entry point per instruction set (the end of this file):
// the baseline x86-64-v2 build holds two doubles a vector, AVX2 four, AVX-512 eight (Lanes8).
#define SUDOKU_LANE_INLINE inline __attribute__((always_inline))
#if defined(__x86_64__)
#define SUDOKU_LANE_AVX2 __attribute__((target("avx2")))
// The features of the AVX-512 9x9 kernel (solver/CMakeLists.txt), which isa_supported checks.
#define SUDOKU_LANE_AVX512 __attribute__((target("avx2,bmi,bmi2,popcnt,avx512f,avx512vl,avx512bw,avx512dq,avx512cd")))
#endif

namespace sudoku::target_detail {

namespace {

using Row = PlacementLanes::Row;
constexpr int kLanes = PlacementLanes::kLanes;
constexpr double kNone = -std::numeric_limits<double>::infinity();

// The permutations of 0..2 in lexicographic order: the digit-by-digit kernel's order, so that
// ties go the same way.
constexpr int kPerm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

// A stack's row tuple t = r0 x 9 + r1 x 3 + r2 (band 0 most significant); combination c gives
// band b the permutation kPerm[(c / 6^b) % 6], and stack s the table entry s x 27 + its tuple.
struct Combinations {
    int entry[216][3];
    constexpr Combinations() : entry() {
        for (int c = 0; c < 216; ++c)
            for (int s = 0; s < 3; ++s) {
                const int* pi[3] = {kPerm[c % 6], kPerm[(c / 6) % 6], kPerm[c / 36]};
                entry[c][s] = s * 27 + pi[0][s] * 9 + pi[1][s] * 3 + pi[2][s];
            }
    }
};
constexpr Combinations kCombinations;

constexpr int tuple_row(int tuple, int band) { return band == 0 ? tuple / 9 : band == 1 ? (tuple / 3) % 3 : tuple % 3; }

// Four lanes as one value of g++'s vector extension: on the baseline each operation becomes two
// SSE instructions, under AVX2 one; comparisons give masks, so the choices below need no branch.
typedef double Vec __attribute__((vector_size(32)));
constexpr int kVecs = kLanes / 4;
struct Lanes {
    Vec v[kVecs];
};
static_assert(sizeof(Lanes) == sizeof(Row));

// One vector at a time: a copy of the whole row went through 16-byte halves and stalled the
// 32-byte loads after it.
template <class L>
SUDOKU_LANE_INLINE L load(const Row& row);
template <>
SUDOKU_LANE_INLINE Lanes load(const Row& row) {
    Lanes out;
    for (int i = 0; i < kVecs; ++i) std::memcpy(&out.v[i], row.data() + 4 * i, sizeof(Vec));
    return out;
}
SUDOKU_LANE_INLINE void store(Row& row, const Lanes& in) {
    for (int i = 0; i < kVecs; ++i) std::memcpy(row.data() + 4 * i, &in.v[i], sizeof(Vec));
}
template <class L>
SUDOKU_LANE_INLINE L splat(double x);
template <>
SUDOKU_LANE_INLINE Lanes splat(double x) {
    Lanes out;
    for (Vec& v : out.v) v = Vec{x, x, x, x};
    return out;
}
SUDOKU_LANE_INLINE Lanes operator+(const Lanes& a, const Lanes& b) {
    Lanes out;
    for (int i = 0; i < kVecs; ++i) out.v[i] = a.v[i] + b.v[i];
    return out;
}
// std::max's choice, lane by lane: b where a < b, else a.
SUDOKU_LANE_INLINE Lanes max_of(const Lanes& a, const Lanes& b) {
    Lanes out;
    for (int i = 0; i < kVecs; ++i) out.v[i] = a.v[i] < b.v[i] ? b.v[i] : a.v[i];
    return out;
}
// Where `sum` beats `best` strictly (the first of equals stays, as digit by digit): best takes
// sum and arg takes `index`.
SUDOKU_LANE_INLINE void keep_better(const Lanes& sum, double index, Lanes& best, Lanes& arg) {
    const Vec at = {index, index, index, index};
    for (int i = 0; i < kVecs; ++i) {
        const auto better = sum.v[i] > best.v[i];
        best.v[i] = better ? sum.v[i] : best.v[i];
        arg.v[i] = better ? at : arg.v[i];
    }
}

#if defined(__x86_64__)
// Under AVX-512 the twelve lanes are one vector of eight and one of four: two instructions an
// operation instead of three. Each lane's arithmetic and comparisons are the same.
typedef double Vec8 __attribute__((vector_size(64)));
struct Lanes8 {
    Vec8 low;
    Vec high;
};
template <>
SUDOKU_LANE_INLINE Lanes8 load(const Row& row) {
    Lanes8 out;
    std::memcpy(&out.low, row.data(), sizeof(Vec8));
    std::memcpy(&out.high, row.data() + 8, sizeof(Vec));
    return out;
}
SUDOKU_LANE_INLINE void store(Row& row, const Lanes8& in) {
    std::memcpy(row.data(), &in.low, sizeof(Vec8));
    std::memcpy(row.data() + 8, &in.high, sizeof(Vec));
}
template <>
SUDOKU_LANE_INLINE Lanes8 splat(double x) {
    return {Vec8{x, x, x, x, x, x, x, x}, Vec{x, x, x, x}};
}
SUDOKU_LANE_INLINE Lanes8 operator+(const Lanes8& a, const Lanes8& b) { return {a.low + b.low, a.high + b.high}; }
SUDOKU_LANE_INLINE Lanes8 max_of(const Lanes8& a, const Lanes8& b) {
    return {a.low < b.low ? b.low : a.low, a.high < b.high ? b.high : a.high};
}
SUDOKU_LANE_INLINE void keep_better(const Lanes8& sum, double index, Lanes8& best, Lanes8& arg) {
    const auto low = sum.low > best.low;
    best.low = low ? sum.low : best.low;
    arg.low = low ? Vec8{index, index, index, index, index, index, index, index} : arg.low;
    const auto high = sum.high > best.high;
    best.high = high ? sum.high : best.high;
    arg.high = high ? Vec{index, index, index, index} : arg.high;
}
#endif

// Where `sum` beats `best`: with kChoices, best and arg as keep_better; without, the maximum alone
// (one instruction, not three: the same value, the first of equals kept either way).
template <bool kChoices, class L>
SUDOKU_LANE_INLINE void keep(const L& sum, double index, L& best, L& arg) {
    if constexpr (kChoices)
        keep_better(sum, index, best, arg);
    else
        best = max_of(best, sum);
}

// Per stack and row tuple: the best sigma (which column of the stack each band's row takes), its
// value and, with kChoices, its index.
template <class L, bool kChoices>
SUDOKU_LANE_INLINE void fill_stacks(const Row* profit, Row* stack_best, Row* stack_sigma) {
    for (int s = 0; s < 3; ++s)
        for (int r0 = 0; r0 < 3; ++r0)
            for (int r1 = 0; r1 < 3; ++r1) {
                L pair[6];  // bands 0 and 1, per sigma: the same partial sums as digit by digit
                for (int k = 0; k < 6; ++k)
                    pair[k] = load<L>(profit[r0 * 9 + 3 * s + kPerm[k][0]]) +
                              load<L>(profit[(3 + r1) * 9 + 3 * s + kPerm[k][1]]);
                for (int r2 = 0; r2 < 3; ++r2) {
                    const int entry = s * 27 + r0 * 9 + r1 * 3 + r2;
                    L best = splat<L>(kNone), arg = splat<L>(0);
                    for (int k = 0; k < 6; ++k)
                        keep<kChoices>(pair[k] + load<L>(profit[(6 + r2) * 9 + 3 * s + kPerm[k][2]]), double(k), best,
                                       arg);
                    store(stack_best[entry], best);
                    if constexpr (kChoices) store(stack_sigma[entry], arg);
                }
            }
}

// The best combination of one permutation per band: value and, with kChoices, index per lane.
template <class L, bool kChoices>
SUDOKU_LANE_INLINE void combine(const Row* table, Row& best_row, Row& combo_row) {
    L best = splat<L>(kNone), combo = splat<L>(0);
    for (int c = 0; c < 216; ++c) {
        const int* at = kCombinations.entry[c];
        keep<kChoices>(load<L>(table[at[0]]) + load<L>(table[at[1]]) + load<L>(table[at[2]]), double(c), best, combo);
    }
    store(best_row, best);
    if constexpr (kChoices) store(combo_row, combo);
}

// Per table entry: the best the other two stacks add in a combination that uses it.
template <class L>
SUDOKU_LANE_INLINE void best_of_others(const Row* table, Row* others_row) {
    L others[81];
    for (L& o : others) o = splat<L>(kNone);
    for (int c = 0; c < 216; ++c) {
        const int* at = kCombinations.entry[c];
        const L a = load<L>(table[at[0]]), b = load<L>(table[at[1]]), d = load<L>(table[at[2]]);
        others[at[0]] = max_of(others[at[0]], b + d);
        others[at[1]] = max_of(others[at[1]], a + d);
        others[at[2]] = max_of(others[at[2]], a + b);
    }
    for (int e = 0; e < 81; ++e) store(others_row[e], others[e]);
}

// Per cell, the best placement through it: over the table entries whose rows and columns hold
// it, the best the other stacks add plus the entry's sum for each sigma (the sums formed as in
// fill_stacks; a maximum does not depend on the order it is taken in).
template <class L>
SUDOKU_LANE_INLINE void through_cells(const Row* profit, const Row* others, Row* through_row) {
    L through[81];
    for (L& t : through) t = splat<L>(kNone);
    for (int s = 0; s < 3; ++s)
        for (int r0 = 0; r0 < 3; ++r0)
            for (int r1 = 0; r1 < 3; ++r1) {
                L pair[6];
                for (int k = 0; k < 6; ++k)
                    pair[k] = load<L>(profit[r0 * 9 + 3 * s + kPerm[k][0]]) +
                              load<L>(profit[(3 + r1) * 9 + 3 * s + kPerm[k][1]]);
                L* band0 = &through[r0 * 9 + 3 * s];  // the stack's three cells of row r0
                L* band1 = &through[(3 + r1) * 9 + 3 * s];
                for (int r2 = 0; r2 < 3; ++r2) {
                    const L rest = load<L>(others[s * 27 + r0 * 9 + r1 * 3 + r2]);
                    L* band2 = &through[(6 + r2) * 9 + 3 * s];
                    for (int k = 0; k < 6; ++k) {
                        const L v = rest + (pair[k] + load<L>(profit[(6 + r2) * 9 + 3 * s + kPerm[k][2]]));
                        band0[kPerm[k][0]] = max_of(band0[kPerm[k][0]], v);
                        band1[kPerm[k][1]] = max_of(band1[kPerm[k][1]], v);
                        band2[kPerm[k][2]] = max_of(band2[kPerm[k][2]], v);
                    }
                }
            }
    for (int cell = 0; cell < 81; ++cell) store(through_row[cell], through[cell]);
}

typedef long long Mask __attribute__((vector_size(32)));

SUDOKU_LANE_INLINE void fill_profits(const std::uint32_t* cand, const int* weight, const double* mu, Row* profit) {
    for (int cell = 0; cell < 81; ++cell) {
        const double w = weight[cell], m = mu[cell];
        const long long bits = cand[cell];
        Lanes out;
        for (int i = 0; i < kVecs; ++i) {
            const int d = 4 * i + 1;  // the digit of the vector's first lane
            const Vec digit = {double(d), double(d + 1), double(d + 2), double(d + 3)};
            const Mask shift = {d, d + 1, d + 2, d + 3}, last = {9, 9, 9, 9};
            const Mask candidate = ((Mask{bits, bits, bits, bits} >> shift) & 1) != 0 && shift <= last;
            const Vec value = Vec{w, w, w, w} * digit - Vec{m, m, m, m};
            out.v[i] = candidate ? value : Vec{kNone, kNone, kNone, kNone};
        }
        store(profit[cell], out);
    }
}

// The two passes (solve, solve_through) over one lane type.
template <class L, bool kChoices = true>
SUDOKU_LANE_INLINE void best_of(const Row* profit, Row* stack_best, Row* stack_sigma, Row& best, Row& combo) {
    fill_stacks<L, kChoices>(profit, stack_best, stack_sigma);
    combine<L, kChoices>(stack_best, best, combo);
}
template <class L>
SUDOKU_LANE_INLINE void through_of(const Row* profit, const Row* stack_best, Row* others, Row* through) {
    best_of_others<L>(stack_best, others);
    through_cells<L>(profit, others, through);
}

// One entry point per instruction set and pass, the same source inlined into each.
void profits_portable(const std::uint32_t* cand, const int* weight, const double* mu, Row* profit) {
    fill_profits(cand, weight, mu, profit);
}
void best_portable(const Row* profit, Row* stack_best, Row* stack_sigma, Row& best, Row& combo) {
    best_of<Lanes>(profit, stack_best, stack_sigma, best, combo);
}
void values_portable(const Row* profit, Row* stack_best, Row* stack_sigma, Row& best, Row& combo) {
    best_of<Lanes, false>(profit, stack_best, stack_sigma, best, combo);
}
void through_portable(const Row* profit, const Row* stack_best, Row* others, Row* through) {
    through_of<Lanes>(profit, stack_best, others, through);
}
#if defined(__x86_64__)
SUDOKU_LANE_AVX2 void profits_avx2(const std::uint32_t* cand, const int* weight, const double* mu, Row* profit) {
    fill_profits(cand, weight, mu, profit);
}
SUDOKU_LANE_AVX2 void best_avx2(const Row* profit, Row* stack_best, Row* stack_sigma, Row& best, Row& combo) {
    best_of<Lanes>(profit, stack_best, stack_sigma, best, combo);
}
SUDOKU_LANE_AVX2 void values_avx2(const Row* profit, Row* stack_best, Row* stack_sigma, Row& best, Row& combo) {
    best_of<Lanes, false>(profit, stack_best, stack_sigma, best, combo);
}
SUDOKU_LANE_AVX2 void through_avx2(const Row* profit, const Row* stack_best, Row* others, Row* through) {
    through_of<Lanes>(profit, stack_best, others, through);
}
SUDOKU_LANE_AVX512 void best_avx512(const Row* profit, Row* stack_best, Row* stack_sigma, Row& best, Row& combo) {
    best_of<Lanes8>(profit, stack_best, stack_sigma, best, combo);
}
SUDOKU_LANE_AVX512 void values_avx512(const Row* profit, Row* stack_best, Row* stack_sigma, Row& best, Row& combo) {
    best_of<Lanes8, false>(profit, stack_best, stack_sigma, best, combo);
}
SUDOKU_LANE_AVX512 void through_avx512(const Row* profit, const Row* stack_best, Row* others, Row* through) {
    through_of<Lanes8>(profit, stack_best, others, through);
}
#endif

// Each pass's entry points in the order of Isa (the AVX-512 profits are the AVX2 ones): the one
// place where a pass meets its instruction set (PlacementLanes::isa_).
using ProfitsPass = void(const std::uint32_t*, const int*, const double*, Row*);
using BestPass = void(const Row*, Row*, Row*, Row&, Row&);
using ThroughPass = void(const Row*, const Row*, Row*, Row*);
template <class Pass>
using ByIsa = std::array<Pass*, 3>;
#if defined(__x86_64__)
constexpr ByIsa<ProfitsPass> kProfits = {profits_portable, profits_avx2, profits_avx2};
constexpr ByIsa<BestPass> kBest = {best_portable, best_avx2, best_avx512};
constexpr ByIsa<BestPass> kValues = {values_portable, values_avx2, values_avx512};
constexpr ByIsa<ThroughPass> kThrough = {through_portable, through_avx2, through_avx512};
#else
constexpr ByIsa<ProfitsPass> kProfits = {profits_portable, profits_portable, profits_portable};
constexpr ByIsa<BestPass> kBest = {best_portable, best_portable, best_portable};
constexpr ByIsa<BestPass> kValues = {values_portable, values_portable, values_portable};
constexpr ByIsa<ThroughPass> kThrough = {through_portable, through_portable, through_portable};
#endif

template <class Pass>
Pass* compiled_for(const ByIsa<Pass>& pass, Isa isa) {
    return pass[static_cast<std::size_t>(isa)];
}

}  // namespace

PlacementLanes::PlacementLanes(Isa isa) : isa_(isa_supported(isa) ? isa : Isa::portable) {}

void PlacementLanes::set_profits(const std::uint32_t* cand, const int* weight, const double* mu) {
    compiled_for(kProfits, isa_)(cand, weight, mu, profit.data());
}

void PlacementLanes::solve() {
    compiled_for(kBest, isa_)(profit.data(), stack_best_.data(), stack_sigma_.data(), best_, combo_);
}

void PlacementLanes::solve_values() {
    compiled_for(kValues, isa_)(profit.data(), stack_best_.data(), stack_sigma_.data(), best_, combo_);
}

void PlacementLanes::solve_through() {
    compiled_for(kThrough, isa_)(profit.data(), stack_best_.data(), others_.data(), through_.data());
}

void PlacementLanes::add_covered(int lane, int* covered) const {
    const int c = int(combo_[lane]);
    for (int s = 0; s < 3; ++s) {
        const int entry = kCombinations.entry[c][s], t = entry - s * 27;
        const int* sigma = kPerm[int(stack_sigma_[entry][lane])];
        for (int band = 0; band < 3; ++band) ++covered[(band * 3 + tuple_row(t, band)) * 9 + 3 * s + sigma[band]];
    }
}

}  // namespace sudoku::target_detail
