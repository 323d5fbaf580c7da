#include "sudoku/solved_grid.hpp"

#include <cstdint>
#include <vector>

#include "sudoku/digit_mask.hpp"
#include "sudoku/geometry.hpp"

namespace sudoku {
namespace {

struct Filler {
    int n;
    const std::vector<std::vector<int>>& peers;
    std::vector<int> scan_order;  // shuffled once: random tie-breaking among fewest-candidate cells
    Rng& rng;
    long budget;

    // cand[cell] == 0 marks a filled cell; value holds its digit.
    bool fill(std::vector<DigitMask>& cand, std::vector<std::uint8_t>& value) {
        if (--budget < 0) return false;
        int best = -1, best_count = 99;
        for (int cell : scan_order) {
            if (value[cell]) continue;
            const int k = digit_count(cand[cell]);
            if (k < best_count) {
                best = cell;
                best_count = k;
                if (k <= 1) break;
            }
        }
        if (best < 0) return true;
        if (best_count == 0) return false;
        std::vector<int> digits;
        for (DigitMask m = cand[best]; m; m &= m - 1) digits.push_back(lowest_digit(m));
        rng.shuffle(digits);
        for (int d : digits) {
            auto next_cand = cand;
            auto next_value = value;
            if (place(next_cand, next_value, best, d) && fill(next_cand, next_value)) {
                cand.swap(next_cand);
                value.swap(next_value);
                return true;
            }
            if (budget < 0) return false;
        }
        return false;
    }

    bool place(std::vector<DigitMask>& cand, std::vector<std::uint8_t>& value, int cell, int d) const {
        value[cell] = static_cast<std::uint8_t>(d);
        cand[cell] = 0;
        const DigitMask bit = digit_bit(d);
        for (int p : peers[cell]) {
            if (value[p]) continue;
            cand[p] &= ~bit;
            if (!cand[p]) return false;
        }
        return true;
    }
};

}  // namespace

Grid random_solved_grid(int box, Rng& rng) {
    Grid grid(box);
    const int n = grid.side();
    for (long budget = 20L * grid.cell_count();; budget *= 2) {
        Filler filler{n, peers_of(box), {}, rng, budget};
        for (int cell = 0; cell < grid.cell_count(); ++cell) filler.scan_order.push_back(cell);
        rng.shuffle(filler.scan_order);
        std::vector<DigitMask> cand(grid.cell_count(), all_digits(n));
        std::vector<std::uint8_t> value(grid.cell_count(), 0);
        if (filler.fill(cand, value)) {
            for (int cell = 0; cell < grid.cell_count(); ++cell) grid.set(cell, value[cell]);
            return grid;
        }
    }
}

}  // namespace sudoku
