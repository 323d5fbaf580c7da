#include "sudoku/target_cases.hpp"

#include <algorithm>
#include <cstdlib>

#include "target_board.hpp"

namespace sudoku {

std::uint64_t CaseRandom::next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

namespace {

// Depth-first fill in a random digit order; an empty grid always completes, quickly.
bool fill(target_detail::Board& board, CaseRandom& random) {
    if (board.free_cells == 0) return true;
    int cell = -1, fewest = 99;
    for (std::size_t c = 0; c < board.value.size(); ++c)
        if (!board.value[c] && target_detail::popcount(board.cand[c]) < fewest) {
            fewest = target_detail::popcount(board.cand[c]);
            cell = int(c);
        }
    std::vector<int> digits;
    for (std::uint32_t m = board.cand[cell]; m; m &= m - 1) digits.push_back(target_detail::lowest_digit(m));
    for (std::size_t i = digits.size(); i > 1; --i) std::swap(digits[i - 1], digits[random.below(int(i))]);
    for (int d : digits) {
        target_detail::Board next = board;
        if (next.assign(cell, d) && fill(next, random)) {
            board = std::move(next);
            return true;
        }
    }
    return false;
}

std::vector<int> cells_where(bool (*inside)(int r, int c)) {
    std::vector<int> cells;
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c)
            if (inside(r, c)) cells.push_back(r * 9 + c);
    return cells;
}

}  // namespace

Grid random_solved_grid(int box, CaseRandom& random) {
    target_detail::Board board;
    board.load(Grid(box));
    if (!fill(board, random)) std::abort();  // cannot happen: every empty grid has completions
    return board.to_grid();
}

std::vector<TargetFamily> target_families() {
    const auto all = cells_where([](int, int) { return true; });
    return {
        {"random 0-10", 0, 10, all},
        {"random 11-23", 11, 23, all},
        {"random 24-30", 24, 30, all},
        {"random 31-81", 31, 81, all},
        {"one band", 24, 27, cells_where([](int r, int) { return r < 3; })},
        {"one stack", 24, 27, cells_where([](int, int c) { return c >= 3 && c < 6; })},
        {"two bands", 24, 28, cells_where([](int r, int) { return r >= 3; })},
        {"border ring", 24, 28, cells_where([](int r, int c) { return r == 0 || r == 8 || c == 0 || c == 8; })},
        {"centre 5x5", 24, 25, cells_where([](int r, int c) { return std::abs(r - 4) <= 2 && std::abs(c - 4) <= 2; })},
        {"corner boxes", 24, 28, cells_where([](int r, int c) { return (r < 3 || r >= 6) && (c < 3 || c >= 6); })},
    };
}

Grid keep_random_clues(const Grid& solved, std::vector<int> region, int clues, CaseRandom& random) {
    clues = std::min<int>(clues, int(region.size()));
    for (int i = 0; i < clues; ++i) std::swap(region[i], region[i + random.below(int(region.size()) - i)]);
    Grid puzzle(solved.box());
    for (int i = 0; i < clues; ++i) puzzle.set(region[i], solved.at(region[i]));
    return puzzle;
}

Grid make_target_case(const TargetFamily& family, CaseRandom& random) {
    const Grid solved = random_solved_grid(3, random);
    return keep_random_clues(solved, family.region, random.between(family.min_clues, family.max_clues), random);
}

}  // namespace sudoku
