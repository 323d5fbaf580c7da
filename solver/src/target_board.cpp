#include "target_board.hpp"

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
    const int* unit = geo.unit_cells.data();
    for (int u = 0; u < 3 * n; ++u, unit += n) {
        DigitMask once = 0, twice = 0;
        for (int i = 0; i < n; ++i) {
            twice |= once & cand[unit[i]];
            once |= cand[unit[i]];
        }
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

int Board::probe(int width, const std::function<bool(const Board&)>& hopeless) {
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
                if (trial.assign(int(cell), d) && !hopeless(trial)) continue;
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
