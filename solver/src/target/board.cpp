#include "target/board.hpp"

#include <cstring>

namespace sudoku::target_detail {

bool Board::load(const Grid& puzzle) {
    geo = &GridGeometry::of(puzzle.box());
    const int n = geo->side;
    const std::uint32_t all = all_digits(n);
    cand.assign(n * n, all);
    value.assign(n * n, 0);
    placed.assign(3 * n, 0);
    free_cells = n * n;
    std::vector<int> queue;
    for (int cell = 0; cell < n * n; ++cell) {
        int d = puzzle.at(cell);
        if (d == 0) continue;
        if (!(cand[cell] & digit_bit(d))) return false;  // a repeated clue or a peer already forced
        if (value[cell] == d) continue;                  // forced earlier by a single: same digit
        if (value[cell] != 0) return false;
        if (!place(cell, d, queue) || !propagate(queue)) return false;
    }
    return propagate(queue);
}

// The queue of cells left with one candidate: one per thread, kept between calls, since probing
// assigns on a trial board for every two-candidate cell of every node (none of these nest).
std::vector<int>& Board::empty_queue() {
    static thread_local std::vector<int> queue;
    queue.clear();
    return queue;
}

bool Board::assign(int cell, int digit) {
    std::vector<int>& queue = empty_queue();
    return place(cell, digit, queue) && propagate(queue);
}

bool Board::strike(const std::vector<std::pair<int, int>>& candidates) {
    std::vector<int>& queue = empty_queue();
    for (auto [cell, digit] : candidates) {
        if (value[cell]) continue;
        cand[cell] &= ~digit_bit(digit);
        if (cand[cell] == 0) return false;
        if (digit_count(cand[cell]) == 1) queue.push_back(cell);
    }
    return propagate(queue);
}

// Places a digit and strikes it from the peers; peers left with one candidate are queued.
bool Board::place(int cell, int digit, std::vector<int>& queue) {
    const std::uint32_t bit = digit_bit(digit);
    if (!(cand[cell] & bit)) return false;
    for (int u : geo->unit_of[cell]) {
        if (placed[u] & bit) return false;
        placed[u] |= bit;
    }
    value[cell] = static_cast<std::uint8_t>(digit);
    cand[cell] = bit;
    --free_cells;
    for (int peer : geo->peers[cell]) {
        if (!(cand[peer] & bit)) continue;
        if (value[peer] != 0) return false;
        cand[peer] &= ~bit;
        if (cand[peer] == 0) return false;
        if (digit_count(cand[peer]) == 1) queue.push_back(peer);
    }
    return true;
}

namespace {

// The digits of each unit's cells seen at least once and at least twice, unit by unit.
void count_unit_digits(const GridGeometry& geo, int n, const std::vector<DigitMask>& cand, DigitMask* once,
                       DigitMask* twice) {
    const int* unit = geo.unit_cells.data();
    for (int u = 0; u < 3 * n; ++u, unit += n) {
        once[u] = twice[u] = 0;
        for (int i = 0; i < n; ++i) {
            twice[u] |= once[u] & cand[unit[i]];
            once[u] |= cand[unit[i]];
        }
    }
}

// The same for 9x9 grids, four cells to a vector: each row in two vectors and its last cell, the
// columns as those vectors summed down the rows, and the boxes from each band's column sums.
// Cell by cell through the unit lists, the scan was a tenth of the random-weights solves.
using Lanes = std::uint32_t __attribute__((vector_size(16)));
// The digits seen at least once and at least twice so far (T: one mask, or four in lanes).
template <class T>
struct Seen {
    T once{}, twice{};
    void add(T x, T x_twice = T{}) {
        twice |= x_twice | (once & x);
        once |= x;
    }
};
// Each lane with its partner Step lanes away: after Step 2 and Step 1, every lane holds all four.
template <int Step>
inline Seen<Lanes> folded(Seen<Lanes> s) {
    const auto partner = [](Lanes x) {
        if constexpr (Step == 2) return __builtin_shufflevector(x, x, 2, 3, 0, 1);
        return __builtin_shufflevector(x, x, 1, 0, 3, 2);
    };
    const Lanes once = partner(s.once), twice = partner(s.twice);
    return {s.once | once, s.twice | twice | (s.once & once)};
}
void count_unit_digits_9(const std::vector<DigitMask>& cand, DigitMask* once, DigitMask* twice) {
    const auto lanes_at = [&](int cell) {
        Lanes v;
        std::memcpy(&v, cand.data() + cell, sizeof v);
        return v;
    };
    Seen<Lanes> column_low, column_high;  // columns 0-3 and 4-7
    Seen<DigitMask> column_last;          // column 8
    for (int band = 0; band < 3; ++band) {
        Seen<Lanes> low, high;  // the band's columns 0-3 and 4-7
        Seen<DigitMask> last;
        for (int r = 3 * band; r < 3 * band + 3; ++r) {
            const Lanes a = lanes_at(9 * r), b = lanes_at(9 * r + 4);
            const DigitMask c = cand[9 * r + 8];
            low.add(a);
            high.add(b);
            last.add(c);
            Seen<Lanes> row{a | b, a & b};
            row = folded<1>(folded<2>(row));
            Seen<DigitMask> whole{row.once[0], row.twice[0]};
            whole.add(c);
            once[r] = whole.once;
            twice[r] = whole.twice;
        }
        column_low.add(low.once, low.twice);
        column_high.add(high.once, high.twice);
        column_last.add(last.once, last.twice);
        // Boxes 3 band + 0..2: columns 0-2, 3-5, 6-8 of the band.
        Seen<DigitMask> box[3];
        for (int c = 0; c < 3; ++c) box[0].add(low.once[c], low.twice[c]);
        box[1].add(low.once[3], low.twice[3]);
        for (int c = 0; c < 2; ++c) box[1].add(high.once[c], high.twice[c]);
        for (int c = 2; c < 4; ++c) box[2].add(high.once[c], high.twice[c]);
        box[2].add(last.once, last.twice);
        for (int k = 0; k < 3; ++k) {
            once[18 + 3 * band + k] = box[k].once;
            twice[18 + 3 * band + k] = box[k].twice;
        }
    }
    for (int c = 0; c < 4; ++c) {
        once[9 + c] = column_low.once[c];
        twice[9 + c] = column_low.twice[c];
        once[13 + c] = column_high.once[c];
        twice[13 + c] = column_high.twice[c];
    }
    once[17] = column_last.once;
    twice[17] = column_last.twice;
}

// Hidden singles: per unit, the digits no placed cell holds and exactly one free cell may take,
// queued; false when some digit has no place left in a unit. Placed cells count too, without a
// branch: a placed cell's mask is its digit alone, which no other cell of its units keeps, so it
// adds only what `placed` holds. kSide fixes the side at compile time (0: `side` at run time),
// so that 9x9's loops unroll.
template <int kSide>
bool queue_hidden_singles(const GridGeometry& geo, int side, std::vector<DigitMask>& cand,
                          const std::vector<std::uint8_t>& value, const std::vector<DigitMask>& placed,
                          std::vector<int>& queue) {
    const int n = kSide ? kSide : side;
    const DigitMask all = all_digits(n);
    // All units are counted first: a hidden single placed below only takes digits away, so a
    // digit seen once in a later unit is still there once or not at all, and the search for its
    // cell finds it or passes (the next round sees the unit without it).
    DigitMask unit_once[3 * kMaxBox * kMaxBox], unit_twice[3 * kMaxBox * kMaxBox];
    if (kSide == 9)
        count_unit_digits_9(cand, unit_once, unit_twice);
    else
        count_unit_digits(geo, n, cand, unit_once, unit_twice);
    const int* unit = geo.unit_cells.data();
    for (int u = 0; u < 3 * n; ++u, unit += n) {
        const DigitMask once = unit_once[u], twice = unit_twice[u];
        if ((once | placed[u]) != all) return false;  // some digit has no place left in u
        for (DigitMask hidden = once & ~twice & ~placed[u]; hidden; hidden &= hidden - 1) {
            const DigitMask bit = hidden & -hidden;
            for (int i = 0; i < n; ++i) {
                const int cell = unit[i];
                if (value[cell] == 0 && (cand[cell] & bit)) {
                    if (digit_count(cand[cell]) > 1) {
                        cand[cell] = bit;
                        queue.push_back(cell);
                    }
                    break;
                }
            }
        }
    }
    return true;
}

}  // namespace

// Naked singles from the queue, then hidden singles per unit, until nothing changes.
bool Board::propagate(std::vector<int>& queue) {
    const int n = geo->side;
    for (;;) {
        while (!queue.empty()) {
            int cell = queue.back();
            queue.pop_back();
            if (value[cell] != 0) continue;
            if (!place(cell, lowest_digit(cand[cell]), queue)) return false;
        }
        const bool alive = n == 9 ? queue_hidden_singles<9>(*geo, n, cand, value, placed, queue)
                                  : queue_hidden_singles<0>(*geo, n, cand, value, placed, queue);
        if (!alive) return false;
        if (queue.empty()) return true;
    }
}

int Board::probe(int width, const std::function<bool(const Board& trial, int cell, int digit)>& hopeless) {
    int struck = 0;
    Board trial;
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t cell = 0; cell < value.size(); ++cell) {
            if (value[cell]) continue;
            if (digit_count(cand[cell]) > width) continue;
            for (std::uint32_t mask = cand[cell]; mask; mask &= mask - 1) {
                const int d = lowest_digit(mask);
                if (value[cell] || !(cand[cell] & digit_bit(d))) continue;
                trial = *this;
                if (trial.assign(int(cell), d) && !hopeless(trial, int(cell), d)) continue;
                if (!strike({{int(cell), d}})) return -1;
                ++struck;
                changed = true;
            }
        }
    }
    return struck;
}

Grid Board::to_grid() const {
    Grid g(geo->box);
    for (int cell = 0; cell < geo->cells; ++cell) g.set(cell, value[cell]);
    return g;
}

}  // namespace sudoku::target_detail
