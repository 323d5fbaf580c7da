#include "target/improve.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <numeric>

#include "target/assignment.hpp"

namespace sudoku::target_detail {

CompletionImprover::CompletionImprover(const Grid& puzzle, const Weights& weights)
    : weights_(weights), side_(puzzle.box() * puzzle.box()), box_(puzzle.box()) {
    const int n = side_, box = puzzle.box();
    std::vector<bool> used(n + 1, false);
    for (int cell = 0; cell < n * n; ++cell) used[puzzle.at(cell)] = true;
    for (int d = 1; d <= n; ++d)
        if (!used[d]) free_digits_.push_back(d);
    // Per row, its clue-free columns as bits: on puzzles with many clues few pairs remain.
    std::vector<std::uint32_t> open(n, 0);
    for (int cell = 0; cell < n * n; ++cell)
        if (!puzzle.at(cell)) open[cell / n] |= 1u << (cell % n);
    for (int r1 = 0; r1 < n; ++r1)
        for (int r2 = r1 + 1; r2 < n; ++r2) {
            const std::size_t listed = rectangles_.size();
            for (std::uint32_t both = open[r1] & open[r2]; both; both &= both - 1) {
                const int c1 = std::countr_zero(both);
                for (std::uint32_t later = both & (both - 1); later; later &= later - 1) {
                    const int c2 = std::countr_zero(later);
                    if (r1 / box != r2 / box && c1 / box != c2 / box) continue;
                    const int p = r1 * n + c1, q = r1 * n + c2, s = r2 * n + c1, t = r2 * n + c2;
                    rectangles_.push_back(
                        {p, q, s, t, std::int64_t(weights.at(p)) + weights.at(t) - weights.at(q) - weights.at(s)});
                }
            }
            if (rectangles_.size() > listed) row_pairs_.push_back({r1, r2, open[r1] & open[r2], r1 / box == r2 / box});
        }
}

void CompletionImprover::improve(std::vector<std::uint8_t>& digit) const {
    // Each move strictly raises the score, so the climb ends.
    relabel(digit);
    while (swap_rectangles(digit)) relabel(digit);
}

bool CompletionImprover::order_possible(const Board& board) const {
    if (free_digits_.size() < 2) return true;
    const int n = side_;
    std::array<std::int64_t, kMaxSide + 1> lightest{}, heaviest{};
    for (int r = 0; r < n; ++r) {
        std::array<int, kMaxSide + 1> low, high;
        low.fill(std::numeric_limits<int>::max());
        high.fill(std::numeric_limits<int>::min());
        for (int c = 0; c < n; ++c) {
            const int cell = r * n + c, w = weights_.at(cell);
            for (std::uint32_t mask = board.cand[cell]; mask; mask &= mask - 1) {
                const int d = lowest_digit(mask);
                low[d] = std::min(low[d], w);
                high[d] = std::max(high[d], w);
            }
        }
        for (int d : free_digits_) {
            if (high[d] == std::numeric_limits<int>::min()) return false;  // d has no place in the row
            lightest[d] += low[d];
            heaviest[d] += high[d];
        }
    }
    // W_a <= W_b for every a < b: the lightest W_a must not exceed the heaviest of any later digit.
    std::int64_t least_above = std::numeric_limits<std::int64_t>::max();
    for (auto it = free_digits_.rbegin(); it != free_digits_.rend(); ++it) {
        if (lightest[*it] > least_above) return false;
        least_above = std::min(least_above, heaviest[*it]);
    }
    return true;
}

int CompletionImprover::strike_dominated(Board& board) const {
    // a at p and t, b at q and s: the swap gains (b - a) x excess. Three corners placed decide
    // the digit the fourth must not take.
    auto gains = [](int a, int b, std::int64_t excess) { return a != b && std::int64_t(b - a) * excess > 0; };
    dominated_.clear();
    auto forbid = [&](int cell, int d) {
        if (board.cand[cell] & digit_bit(d)) dominated_.emplace_back(cell, d);
    };
    // Three corners placed put two in one column and one more in the other: each row pair's
    // rectangles come from its columns placed in both rows, paired with those placed in either.
    const int n = side_;
    std::array<std::uint32_t, kMaxSide> columns_placed{};
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) columns_placed[r] |= std::uint32_t(board.value[r * n + c] != 0) << c;
    const std::uint32_t stack = (1u << box_) - 1;
    for (const RowPair& pair : row_pairs_) {
        const std::uint32_t in1 = columns_placed[pair.r1] & pair.open, in2 = columns_placed[pair.r2] & pair.open;
        const std::uint32_t both = in1 & in2, either = in1 | in2;
        for (std::uint32_t firsts = both; firsts; firsts &= firsts - 1) {
            const int c1 = std::countr_zero(firsts);
            // A second column placed in both rows too meets this one from its own turn if lower.
            std::uint32_t seconds = either & ~(both & ((2u << c1) - 1));
            if (!pair.one_band) seconds &= stack << (c1 / box_ * box_);
            for (; seconds; seconds &= seconds - 1) {
                const int c2 = std::countr_zero(seconds), low = std::min(c1, c2), high = std::max(c1, c2);
                const int p = pair.r1 * n + low, q = pair.r1 * n + high, s = pair.r2 * n + low, t = pair.r2 * n + high;
                const std::int64_t excess =
                    std::int64_t(weights_.at(p)) + weights_.at(t) - weights_.at(q) - weights_.at(s);
                const int vp = board.value[p], vq = board.value[q], vs = board.value[s], vt = board.value[t];
                if (vp && vq && vs && vt) {
                    if (vp == vt && vq == vs && gains(vp, vq, excess)) return -1;
                    continue;
                }
                if (!vt && vq == vs && gains(vp, vq, excess)) forbid(t, vp);
                if (!vs && vp == vt && gains(vp, vq, excess)) forbid(s, vq);
                if (!vq && vp == vt && gains(vp, vs, excess)) forbid(q, vs);
                if (!vp && vq == vs && gains(vt, vq, excess)) forbid(p, vt);
            }
        }
    }
    if (dominated_.empty()) return 0;
    return board.strike(dominated_) ? int(dominated_.size()) : -1;
}

bool CompletionImprover::relabel(std::vector<std::uint8_t>& digit) const {
    if (free_digits_.size() < 2) return false;
    std::vector<std::int64_t> weight_of(side_ + 1, 0);
    for (int cell = 0; cell < side_ * side_; ++cell) weight_of[digit[cell]] += weights_.at(cell);
    std::vector<int> by_weight = free_digits_;
    // Stable, so that ties keep their labels and a relabelling always strictly gains.
    std::stable_sort(by_weight.begin(), by_weight.end(), [&](int a, int b) { return weight_of[a] < weight_of[b]; });
    if (by_weight == free_digits_) return false;
    std::vector<std::uint8_t> to(side_ + 1);
    std::iota(to.begin(), to.end(), 0);
    for (std::size_t i = 0; i < by_weight.size(); ++i) to[by_weight[i]] = std::uint8_t(free_digits_[i]);
    for (auto& d : digit) d = to[d];
    return true;
}

bool CompletionImprover::swap_rectangles(std::vector<std::uint8_t>& digit) const {
    bool moved = false;
    for (const Rectangle& r : rectangles_) {
        const int a = digit[r.p], b = digit[r.q];
        if (digit[r.s] != b || digit[r.t] != a || std::int64_t(b - a) * r.excess <= 0) continue;
        digit[r.p] = digit[r.t] = std::uint8_t(b);
        digit[r.q] = digit[r.s] = std::uint8_t(a);
        moved = true;
    }
    return moved;
}

}  // namespace sudoku::target_detail
