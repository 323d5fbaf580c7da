// Which scores a full grid can reach under given weights: what decides whether "-1" can still
// mean "no completion" in a target answer.
#include <algorithm>
#include <numeric>

#include "sudoku/solver/target.hpp"

namespace sudoku {

bool target_score_possible(const Weights& weights, std::int64_t score) {
    const int n = weights.box * weights.box;
    // Every score is a sum of weight x digit: a multiple of the weights' common divisor.
    std::int64_t divisor = 0;
    for (int w : weights.w) divisor = std::gcd(divisor, std::int64_t(w));
    if (divisor == 0) return score == 0;
    if (score % divisor != 0) return false;
    // Cell by cell (digit 1 or n at each): a range that decides most weights without a search.
    std::int64_t low = 0, high = 0;
    for (int w : weights.w) {
        low += std::min<std::int64_t>(w, std::int64_t(w) * n);
        high += std::max<std::int64_t>(w, std::int64_t(w) * n);
    }
    if (score < low || score > high) return false;
    // Exact range: the best grid under the weights, and under their negation the worst.
    Weights negated = weights;
    for (int& w : negated.w) w = -w;
    const Grid empty(weights.box);
    high = *target_max_score(empty, weights).score;
    low = -*target_max_score(empty, negated).score;
    return score >= low && score <= high;
}

}  // namespace sudoku
