// The general solver: any box size 2..5, candidate bitmasks per cell.
//
// Each cell keeps a mask of the digits still possible (bit d-1 for digit d, up to 25 bits).
// Propagation places naked singles (a cell with one candidate) and hidden singles (a digit
// with one place left in a unit) until nothing changes; the search then branches on the
// cell with the fewest candidates. This is also the engine behind for_each_solution for
// sizes other than 9x9, and the slow-but-simple reference the 9x9 bitboard solver is
// tested against.
#include "solver_general.hpp"

#include <bit>
#include <vector>

namespace sudoku::general {
namespace {

struct Geometry {
    int box, side, cells;
    std::vector<std::vector<int>> peers;  // the 3(n-1) - 2(b-1)... distinct cells sharing a unit
    const std::vector<std::vector<int>>* units;
};

const Geometry& geometry(int box) {
    static std::vector<Geometry> all = [] {
        std::vector<Geometry> gs;
        for (int b = 2; b <= 5; ++b) {
            Geometry g{b, b * b, b * b * b * b, {}, &units_of(b)};
            g.peers.resize(g.cells);
            for (int cell = 0; cell < g.cells; ++cell) {
                int r = cell / g.side, c = cell % g.side;
                for (int other = 0; other < g.cells; ++other) {
                    if (other == cell) continue;
                    int r2 = other / g.side, c2 = other % g.side;
                    if (r2 == r || c2 == c || (r2 / b == r / b && c2 / b == c / b)) g.peers[cell].push_back(other);
                }
            }
            gs.push_back(std::move(g));
        }
        return gs;
    }();
    return all[box - 2];
}

struct State {
    std::vector<std::uint32_t> cand;  // candidates of each cell; a placed cell has exactly one
    std::vector<std::uint8_t> value;  // 0 while unplaced
};

class Search {
public:
    Search(const Geometry& g, const std::function<bool(const Grid&)>& visit, SearchStats& stats)
        : g_(g), visit_(visit), stats_(stats) {}

    // Returns false when the visitor asked to stop.
    bool run(State& s) {
        ++stats_.nodes;
        if (!propagate(s)) return true;
        int best = -1, best_count = 99;
        for (int cell = 0; cell < g_.cells; ++cell) {
            if (s.value[cell]) continue;
            int count = std::popcount(s.cand[cell]);
            if (count < best_count) {
                best = cell;
                best_count = count;
                if (count == 2) break;
            }
        }
        if (best < 0) return emit(s);
        std::uint32_t options = s.cand[best];
        stats_.guesses += best_count - 1;
        while (options) {
            std::uint32_t bit = options & -options;
            options ^= bit;
            State child = s;
            if (assign(child, best, std::countr_zero(bit) + 1) && !run(child)) return false;
        }
        return true;
    }

    // Places digit at cell; false on contradiction.
    bool assign(State& s, int cell, int digit) {
        std::uint32_t bit = 1u << (digit - 1);
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
                if (s.value[cell] || std::popcount(s.cand[cell]) != 1) continue;
                if (!assign(s, cell, std::countr_zero(s.cand[cell]) + 1)) return false;
                changed = true;
            }
            const std::uint32_t all = g_.side == 32 ? ~0u : (1u << g_.side) - 1;
            for (const auto& unit : *g_.units) {
                std::uint32_t once = 0, twice = 0;
                for (int cell : unit) {
                    twice |= once & s.cand[cell];
                    once |= s.cand[cell];
                }
                if (once != all) return false;  // some digit has no place in this unit
                std::uint32_t singles = once & ~twice;
                while (singles) {
                    std::uint32_t bit = singles & -singles;
                    singles ^= bit;
                    for (int cell : unit) {
                        if (!(s.cand[cell] & bit)) continue;
                        if (!s.value[cell]) {
                            if (!assign(s, cell, std::countr_zero(bit) + 1)) return false;
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

    const Geometry& g_;
    const std::function<bool(const Grid&)>& visit_;
    SearchStats& stats_;
    std::uint64_t count_ = 0;

public:
    std::uint64_t count() const { return count_; }
};

}  // namespace

std::uint64_t enumerate(const Grid& puzzle, const std::function<bool(const Grid&)>& visit, SearchStats& stats) {
    const Geometry& g = geometry(puzzle.box());
    if (puzzle.has_conflict()) return 0;
    State s;
    s.cand.assign(g.cells, g.side == 32 ? ~0u : (1u << g.side) - 1);
    s.value.assign(g.cells, 0);
    Search search(g, visit, stats);
    for (int cell = 0; cell < g.cells; ++cell)
        if (puzzle.at(cell) && !search.assign(s, cell, puzzle.at(cell))) return 0;
    search.run(s);
    return search.count();
}

}  // namespace sudoku::general
