#include "target/greedy.hpp"

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

}  // namespace sudoku::target_detail
