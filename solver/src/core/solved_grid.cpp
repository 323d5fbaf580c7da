#include "sudoku/solver/solved_grid.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "sudoku/solver/digit_mask.hpp"
#include "sudoku/solver/geometry.hpp"

namespace sudoku {
namespace {

// The tree is drawn from the caller's random stream, and generated puzzles (test data, manifests)
// depend on it: the cell choice, the digit order and the budget below are fixed. One board is
// changed in place and restored from a trail on backtracking, and the candidate counts are kept
// in scan order, so a node neither allocates nor copies the board (25x25 grids about 2.7x
// faster, see docs/solver.md).
class Filler {
public:
    Filler(int box, std::vector<int> scan_order, Rng& rng, long budget)
        : peers_(peers_of(box)), scan_order_(std::move(scan_order)), rng_(rng), budget_(budget) {
        const int cells = int(scan_order_.size());
        cand_.assign(cells, all_digits(box * box));
        value_.assign(cells, 0);
        count_.assign((cells + 7) / 8 * 8, kFilled);  // whole words of eight, padded as filled
        std::fill_n(count_.begin(), cells, std::uint8_t(box * box));
        position_.resize(cells);
        for (int k = 0; k < cells; ++k) position_[scan_order_[k]] = k;
    }

    // Fills every cell, or returns false when the budget runs out or a branch has no completion.
    bool fill() {
        if (--budget_ < 0) return false;
        const int at = choose();
        if (at < 0) return true;
        if (count_[at] == 0) return false;
        const int cell = scan_order_[at];
        std::vector<int> digits;
        for (DigitMask m = cand_[cell]; m; m &= m - 1) digits.push_back(lowest_digit(m));
        rng_.shuffle(digits);
        for (int d : digits) {
            const std::size_t mark = trail_.size();
            if (place(cell, d) && fill()) return true;
            undo(mark);
            if (budget_ < 0) return false;
        }
        return false;
    }

    const std::vector<std::uint8_t>& value() const { return value_; }

private:
    static constexpr std::uint8_t kFilled = 0xff;  // count_ of a filled cell: above every count

    // The place in scan order of the first open cell with at most one candidate, else of the
    // first with the fewest; -1 when every cell is filled.
    int choose() const {
        const int places = int(count_.size());
        std::uint8_t least = kFilled;
        for (int k = 0; k < places; ++k) least = std::min(least, count_[k]);
        if (least == kFilled) return -1;
        // Eight counts a word: a byte below `below` borrows into its top bit (bytes of 0x80 and up
        // never match, and a borrow only reaches bytes above the first match).
        const std::uint64_t below = std::max<std::uint8_t>(least, 1) + 1;
        constexpr std::uint64_t kOnes = 0x0101010101010101, kTops = 0x8080808080808080;
        for (int k = 0;; k += 8) {
            std::uint64_t word;
            std::memcpy(&word, &count_[k], sizeof word);
            if (const std::uint64_t hit = (word - kOnes * below) & ~word & kTops) return k + std::countr_zero(hit) / 8;
        }
    }

    // Fills the cell and strikes the digit from its open peers; false when one is left without a
    // candidate (the rest of the peers then untouched).
    bool place(int cell, int d) {
        trail_.push_back({cell, cand_[cell], true});
        value_[cell] = std::uint8_t(d);
        cand_[cell] = 0;
        count_[position_[cell]] = kFilled;
        const DigitMask bit = digit_bit(d);
        for (int p : peers_[cell]) {
            if (value_[p] || !(cand_[p] & bit)) continue;
            trail_.push_back({p, cand_[p], false});
            cand_[p] &= ~bit;
            if (!cand_[p]) return false;
            --count_[position_[p]];
        }
        return true;
    }

    // Back to the board as it was when the trail was `mark` long.
    void undo(std::size_t mark) {
        while (trail_.size() > mark) {
            const auto [cell, before, filled] = trail_.back();
            trail_.pop_back();
            if (filled) value_[cell] = 0;
            cand_[cell] = before;
            count_[position_[cell]] = std::uint8_t(digit_count(before));
        }
    }

    struct Change {
        int cell;
        DigitMask before;  // its candidates before
        bool filled;       // the cell placed, not a peer struck
    };
    const std::vector<std::vector<int>>& peers_;
    std::vector<int> scan_order_;  // shuffled once: random tie-breaking among fewest-candidate cells
    Rng& rng_;
    long budget_;
    std::vector<DigitMask> cand_;      // 0 for a filled cell
    std::vector<std::uint8_t> value_;  // a filled cell's digit, else 0
    std::vector<std::uint8_t> count_;  // per place in scan order: the cell's candidates, kFilled once filled
    std::vector<int> position_;        // per cell: its place in scan order
    std::vector<Change> trail_;
};

}  // namespace

Grid random_solved_grid(int box, Rng& rng) {
    Grid grid(box);
    for (long budget = 20L * grid.cell_count();; budget *= 2) {
        std::vector<int> scan_order(grid.cell_count());
        for (int cell = 0; cell < grid.cell_count(); ++cell) scan_order[cell] = cell;
        rng.shuffle(scan_order);
        Filler filler(box, std::move(scan_order), rng, budget);
        if (filler.fill()) {
            for (int cell = 0; cell < grid.cell_count(); ++cell) grid.set(cell, filler.value()[cell]);
            return grid;
        }
    }
}

}  // namespace sudoku
