#include "sudoku/generator/difficulty.hpp"

#include <bit>
#include <vector>

#include "sudoku/solver/digit_mask.hpp"
#include "sudoku/solver/geometry.hpp"
#include "sudoku/solver/solve.hpp"

namespace sudoku {

namespace {

// Candidate masks of every cell (0 once placed) and the digits placed, for one logical solve.
class LogicalSolver {
public:
    explicit LogicalSolver(const Grid& puzzle)
        : box_(puzzle.box()),
          n_(puzzle.side()),
          units_(units_of(box_)),
          peers_(peers_of(box_)),
          value_(puzzle.cell_count(), 0),
          cand_(puzzle.cell_count(), all_digits(n_)) {
        for (int cell = 0; cell < puzzle.cell_count(); ++cell)
            if (puzzle.at(cell)) place(cell, puzzle.at(cell));
    }

    bool broken() const { return broken_; }

    // Applies the techniques of the level until nothing changes; true when the grid is full.
    bool run(bool pairs_and_locked) {
        while (!broken_) {
            if (singles()) continue;
            if (pairs_and_locked && (locked_candidates() || naked_pairs() || hidden_pairs())) continue;
            break;
        }
        if (broken_) return false;
        for (auto v : value_)
            if (!v) return false;
        return true;
    }

private:
    void place(int cell, int d) {
        value_[cell] = d;
        cand_[cell] = 0;
        for (int p : peers_[cell])
            if (!value_[p] && (cand_[p] &= ~digit_bit(d)) == 0) broken_ = true;
    }

    bool eliminate(int cell, DigitMask mask) {
        if (value_[cell] || !(cand_[cell] & mask)) return false;
        cand_[cell] &= ~mask;
        if (!cand_[cell]) broken_ = true;
        return true;
    }

    bool singles() {
        for (int cell = 0; cell < n_ * n_; ++cell)
            if (!value_[cell] && digit_count(cand_[cell]) == 1) {
                place(cell, lowest_digit(cand_[cell]));
                return true;
            }
        for (const auto& unit : units_)
            for (int d = 1; d <= n_; ++d) {
                int where = -1, places = 0;
                bool placed = false;
                for (int cell : unit) {
                    if (value_[cell] == d) placed = true;
                    if (cand_[cell] & digit_bit(d)) where = cell, ++places;
                }
                if (placed) continue;
                if (places == 0) {
                    broken_ = true;
                    return false;
                }
                if (places == 1) {
                    place(where, d);
                    return true;
                }
            }
        return false;
    }

    // A digit whose places in one unit all lie in a second unit is removed from the rest of it
    // (pointing: box -> line; claiming: line -> box).
    bool locked_candidates() {
        bool changed = false;
        for (std::size_t u = 0; u < units_.size(); ++u)
            for (int d = 1; d <= n_; ++d) {
                const DigitMask bit = digit_bit(d);
                std::vector<int> places;
                for (int cell : units_[u])
                    if (cand_[cell] & bit) places.push_back(cell);
                if (places.size() < 2) continue;
                for (std::size_t v = 0; v < units_.size(); ++v) {
                    if (v == u) continue;
                    const auto& other = units_[v];
                    bool inside = true;
                    for (int cell : places) inside = inside && contains(other, cell);
                    if (!inside) continue;
                    for (int cell : other)
                        if (!contains(units_[u], cell)) changed |= eliminate(cell, bit);
                }
            }
        return changed;
    }

    bool naked_pairs() {
        bool changed = false;
        for (const auto& unit : units_)
            for (std::size_t i = 0; i < unit.size(); ++i) {
                const DigitMask m = cand_[unit[i]];
                if (digit_count(m) != 2) continue;
                for (std::size_t j = i + 1; j < unit.size(); ++j) {
                    if (cand_[unit[j]] != m) continue;
                    for (int cell : unit)
                        if (cell != unit[i] && cell != unit[j]) changed |= eliminate(cell, m);
                }
            }
        return changed;
    }

    bool hidden_pairs() {
        bool changed = false;
        for (const auto& unit : units_) {
            std::vector<unsigned> where(n_ + 1, 0);  // bit k: the unit's k-th cell may hold d
            for (int d = 1; d <= n_; ++d)
                for (std::size_t k = 0; k < unit.size(); ++k)
                    if (cand_[unit[k]] & digit_bit(d)) where[d] |= 1u << k;
            for (int a = 1; a <= n_; ++a)
                for (int b = a + 1; b <= n_; ++b) {
                    if (where[a] != where[b] || std::popcount(where[a]) != 2) continue;
                    const DigitMask keep = digit_bit(a) | digit_bit(b);
                    for (std::size_t k = 0; k < unit.size(); ++k)
                        if (where[a] & (1u << k)) changed |= eliminate(unit[k], ~keep);
                }
        }
        return changed;
    }

    static bool contains(const std::vector<int>& unit, int cell) {
        for (int c : unit)
            if (c == cell) return true;
        return false;
    }

    int box_, n_;
    const std::vector<std::vector<int>>& units_;
    const std::vector<std::vector<int>>& peers_;
    std::vector<int> value_;
    std::vector<DigitMask> cand_;
    bool broken_ = false;
};

}  // namespace

Technique techniques_needed(const Grid& puzzle) {
    if (LogicalSolver(puzzle).run(false)) return Technique::singles;
    if (LogicalSolver(puzzle).run(true)) return Technique::pairs_and_locked;
    return Technique::beyond;
}

bool singles_refute(const Grid& puzzle) {
    LogicalSolver solver(puzzle);
    solver.run(false);
    return solver.broken();
}

Difficulty rate_difficulty(const Grid& puzzle) {
    Difficulty difficulty;
    SearchStats stats;
    count_solutions(puzzle, 2, stats);
    difficulty.guesses = stats.guesses;
    difficulty.techniques = techniques_needed(puzzle);
    return difficulty;
}

}  // namespace sudoku
