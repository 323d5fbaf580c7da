// The general solver before its fixed-size rewrite: a State of two std::vectors copied per search
// node, propagation by full sweeps over every cell and every unit until nothing changes.
#include "support/reference_general_solver.hpp"

#include <vector>

#include "sudoku/solver/digit_mask.hpp"
#include "sudoku/solver/geometry.hpp"

namespace sudoku::testing {
namespace {

struct State {
    std::vector<DigitMask> cand;      // candidates of each cell; a placed cell has exactly one
    std::vector<std::uint8_t> value;  // 0 while unplaced
};

class Search {
public:
    Search(const GridGeometry& g, const std::function<bool(const Grid&)>& visit, SearchStats& stats)
        : g_(g), visit_(visit), stats_(stats) {}

    // Returns false when the visitor asked to stop.
    bool run(State& s) {
        ++stats_.nodes;
        if (!propagate(s)) return true;
        int best = -1, best_count = 99;
        for (int cell = 0; cell < g_.cells; ++cell) {
            if (s.value[cell]) continue;
            int count = digit_count(s.cand[cell]);
            if (count < best_count) {
                best = cell;
                best_count = count;
                if (count == 2) break;
            }
        }
        if (best < 0) return emit(s);
        DigitMask options = s.cand[best];
        stats_.guesses += best_count - 1;
        while (options) {
            DigitMask bit = options & -options;
            options ^= bit;
            State child = s;
            if (assign(child, best, lowest_digit(bit)) && !run(child)) return false;
        }
        return true;
    }

    // Places digit at cell; false on contradiction.
    bool assign(State& s, int cell, int digit) {
        const DigitMask bit = digit_bit(digit);
        if (!(s.cand[cell] & bit)) return false;
        s.cand[cell] = bit;
        s.value[cell] = static_cast<std::uint8_t>(digit);
        for (int p : g_.peers[cell]) {
            if (!(s.cand[p] & bit)) continue;
            if (s.value[p]) return false;
            s.cand[p] &= ~bit;
            if (!s.cand[p]) return false;
        }
        return true;
    }

private:
    bool propagate(State& s) {
        for (bool changed = true; changed;) {
            changed = false;
            for (int cell = 0; cell < g_.cells; ++cell) {
                if (s.value[cell] || digit_count(s.cand[cell]) != 1) continue;
                if (!assign(s, cell, lowest_digit(s.cand[cell]))) return false;
                changed = true;
            }
            const DigitMask all = all_digits(g_.side);
            for (const auto& unit : g_.units) {
                DigitMask once = 0, twice = 0;
                for (int cell : unit) {
                    twice |= once & s.cand[cell];
                    once |= s.cand[cell];
                }
                if (once != all) return false;  // some digit has no place in this unit
                DigitMask singles = once & ~twice;
                while (singles) {
                    DigitMask bit = singles & -singles;
                    singles ^= bit;
                    for (int cell : unit) {
                        if (!(s.cand[cell] & bit)) continue;
                        if (!s.value[cell]) {
                            if (!assign(s, cell, lowest_digit(bit))) return false;
                            changed = true;
                        }
                        break;
                    }
                }
            }
        }
        return true;
    }

    bool emit(const State& s) {
        Grid grid(g_.box);
        for (int cell = 0; cell < g_.cells; ++cell) grid.set(cell, s.value[cell]);
        ++count_;
        return visit_(grid);
    }

    const GridGeometry& g_;
    const std::function<bool(const Grid&)>& visit_;
    SearchStats& stats_;
    std::uint64_t count_ = 0;

public:
    std::uint64_t count() const { return count_; }
};

}  // namespace

std::uint64_t reference_general_enumerate(const Grid& puzzle, const std::function<bool(const Grid&)>& visit,
                                          SearchStats& stats) {
    const GridGeometry& g = GridGeometry::of(puzzle.box());
    if (puzzle.has_conflict()) return 0;
    State s;
    s.cand.assign(g.cells, all_digits(g.side));
    s.value.assign(g.cells, 0);
    Search search(g, visit, stats);
    for (int cell = 0; cell < g.cells; ++cell)
        if (puzzle.at(cell) && !search.assign(s, cell, puzzle.at(cell))) return 0;
    search.run(s);
    return search.count();
}

SolutionCount reference_general_count(const Grid& puzzle, std::uint64_t limit, SearchStats& stats) {
    SolutionCount result;
    reference_general_enumerate(
        puzzle,
        [&](const Grid& g) {
            if (!result.first) result.first = g;
            ++result.count;
            if (limit && result.count >= limit) {
                result.capped = true;
                return false;
            }
            return true;
        },
        stats);
    return result;
}

}  // namespace sudoku::testing
