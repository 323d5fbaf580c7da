#include "target_greedy.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace sudoku::target_detail {

bool place_digits_greedily(const Board& board, const Weights& weights, PlacementGraph& graph,
                           std::vector<std::uint8_t>& digit, const std::vector<double>* mu) {
    const int n = board.geo->side, cells = n * n;
    digit.assign(cells, 0);
    std::vector<double> profit(cells);
    std::vector<int> chosen(cells);
    for (int d = n; d >= 1; --d) {
        const DigitMask bit = digit_bit(d);
        for (int cell = 0; cell < cells; ++cell)
            profit[cell] = (board.cand[cell] & bit) && !digit[cell]
                               ? double(weights.at(cell)) * d - (mu ? (*mu)[cell] : 0.0)
                               : -std::numeric_limits<double>::infinity();
        std::fill(chosen.begin(), chosen.end(), 0);
        if (graph.best(profit.data(), chosen.data()) == -std::numeric_limits<double>::infinity()) return false;
        for (int cell = 0; cell < cells; ++cell)
            if (chosen[cell]) digit[cell] = std::uint8_t(d);
    }
    return true;
}

namespace {

// The best placement of b inside the cells of a and b that keeps the fixed cells' digits; the
// weight sum of b's cells goes up strictly, or nothing changes. True when it moved.
bool replace_pair(const Board& board, const Weights& weights, PlacementGraph& graph, int a, int b,
                  std::vector<std::uint8_t>& digit, std::vector<double>& profit, std::vector<int>& chosen) {
    const int n = board.geo->side, cells = n * n;
    constexpr double kBarred = -std::numeric_limits<double>::infinity();
    std::int64_t before = 0;
    for (int cell = 0; cell < cells; ++cell) {
        const bool mine = digit[cell] == a || digit[cell] == b;
        profit[cell] = mine ? double(weights.at(cell)) : kBarred;
        if (digit[cell] == b) before += weights.at(cell);
    }
    for (int cell = 0; cell < cells; ++cell) {
        if (!board.value[cell] || (digit[cell] != a && digit[cell] != b)) continue;
        if (board.value[cell] == a) {
            profit[cell] = kBarred;
            continue;
        }
        // A fixed b: the other cell of a and b in each of its units must take a.
        for (int u : board.geo->unit_of[cell])
            for (int other : board.geo->units[u])
                if (other != cell) profit[other] = kBarred;
    }
    std::fill(chosen.begin(), chosen.end(), 0);
    const double best = graph.best(profit.data(), chosen.data());
    if (best == kBarred || best <= double(before) + 0.5) return false;
    for (int cell = 0; cell < cells; ++cell)
        if (digit[cell] == a || digit[cell] == b) digit[cell] = std::uint8_t(chosen[cell] ? b : a);
    return true;
}

}  // namespace

bool replace_digit_pairs(const Board& board, const Weights& weights, PlacementGraph& graph,
                         std::vector<std::uint8_t>& digit) {
    const int n = board.geo->side, cells = n * n;
    std::vector<double> profit(cells);
    std::vector<int> chosen(cells);
    bool moved = false;
    for (bool again = true; again;) {
        again = false;
        for (int b = n; b >= 2; --b)
            for (int a = b - 1; a >= 1; --a)
                if (replace_pair(board, weights, graph, a, b, digit, profit, chosen)) again = moved = true;
    }
    return moved;
}

}  // namespace sudoku::target_detail
