#include "sudoku/solver/grid.hpp"

#include <stdexcept>
#include <string>

#include "sudoku/solver/digit_mask.hpp"

namespace sudoku {

Grid::Grid(int box) : box_(box) {
    require_supported_box(box);
    cells_.assign(static_cast<std::size_t>(side()) * side(), 0);
}

Grid::Grid(int box, std::span<const std::uint8_t> cells) : box_(box) {
    require_supported_box(box);
    if (cells.size() != static_cast<std::size_t>(cell_count()))
        throw std::invalid_argument("a grid of box size " + std::to_string(box) + " has " +
                                    std::to_string(cell_count()) + " cells, not " + std::to_string(cells.size()));
    cells_.assign(cells.begin(), cells.end());
}

int Grid::clue_count() const {
    int n = 0;
    for (auto v : cells_) n += v != 0;
    return n;
}

bool Grid::has_conflict() const {
    for (const auto& unit : units_of(box_)) {
        DigitMask seen = 0;
        for (int cell : unit) {
            int d = cells_[cell];
            if (d == 0) continue;
            const DigitMask bit = digit_bit(d);
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

}  // namespace sudoku
