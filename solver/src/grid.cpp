#include "sudoku/grid.hpp"

#include <array>
#include <mutex>
#include <stdexcept>

namespace sudoku {

Grid::Grid(int box) : box_(box) {
    if (box < 2 || box > 5) throw std::invalid_argument("box size must be 2..5, got " + std::to_string(box));
    cells_.assign(static_cast<std::size_t>(side()) * side(), 0);
}

int Grid::clue_count() const {
    int n = 0;
    for (auto v : cells_) n += v != 0;
    return n;
}

bool Grid::has_conflict() const {
    for (const auto& unit : units_of(box_)) {
        std::uint32_t seen = 0;
        for (int cell : unit) {
            int d = cells_[cell];
            if (d == 0) continue;
            std::uint32_t bit = 1u << d;
            if (seen & bit) return true;
            seen |= bit;
        }
    }
    return false;
}

bool Grid::is_solved() const {
    for (auto v : cells_)
        if (v < 1 || v > side()) return false;
    return !has_conflict();
}

bool Grid::keeps_clues_of(const Grid& puzzle) const {
    if (puzzle.box_ != box_) return false;
    for (std::size_t i = 0; i < cells_.size(); ++i)
        if (puzzle.cells_[i] != 0 && puzzle.cells_[i] != cells_[i]) return false;
    return true;
}

std::string Grid::to_line() const {
    static constexpr char symbols[] = ".123456789ABCDEFGHIJKLMNOP";
    std::string s;
    s.reserve(cells_.size());
    for (auto v : cells_) s += v <= 25 ? symbols[v] : '?';
    return s;
}

namespace {
std::vector<std::vector<int>> build_units(int box) {
    const int n = box * box;
    std::vector<std::vector<int>> units(3 * n);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            int cell = r * n + c;
            units[r].push_back(cell);
            units[n + c].push_back(cell);
            units[2 * n + (r / box) * box + c / box].push_back(cell);
        }
    return units;
}
}  // namespace

const std::vector<std::vector<int>>& units_of(int box) {
    static const std::array<std::vector<std::vector<int>>, 4> all = {
        build_units(2), build_units(3), build_units(4), build_units(5)};
    if (box < 2 || box > 5) throw std::invalid_argument("box size must be 2..5");
    return all[box - 2];
}

}  // namespace sudoku
