#include "sudoku/solver/geometry.hpp"

#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

namespace sudoku {

namespace {

GridGeometry build_geometry(int box) {
    GridGeometry g;
    g.box = box;
    g.side = box * box;
    g.cells = g.side * g.side;
    const int n = g.side;
    g.units.resize(3 * n);
    g.unit_of.resize(g.cells);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            const int cell = r * n + c;
            g.unit_of[cell] = {r, n + c, 2 * n + (r / box) * box + c / box};
            for (int u : g.unit_of[cell]) g.units[u].push_back(cell);
        }
    for (const auto& unit : g.units) g.unit_cells.insert(g.unit_cells.end(), unit.begin(), unit.end());
    g.peers.resize(g.cells);
    for (int cell = 0; cell < g.cells; ++cell) {
        const auto [row, col, box_unit] = g.unit_of[cell];
        for (int other = 0; other < g.cells; ++other) {
            const auto& units = g.unit_of[other];
            if (other != cell && (units[0] == row || units[1] == col || units[2] == box_unit))
                g.peers[cell].push_back(other);
        }
    }
    return g;
}

}  // namespace

void require_supported_box(int box) {
    if (!is_supported_box(box))
        throw std::invalid_argument("box size must be " + std::to_string(kMinBox) + ".." + std::to_string(kMaxBox) +
                                    ", got " + std::to_string(box));
}

const GridGeometry& GridGeometry::of(int box) {
    require_supported_box(box);
    constexpr int sizes = kMaxBox - kMinBox + 1;
    static std::once_flag once[sizes];
    static std::unique_ptr<GridGeometry> all[sizes];
    const int i = box - kMinBox;
    std::call_once(once[i], [box, i] { all[i] = std::make_unique<GridGeometry>(build_geometry(box)); });
    return *all[i];
}

}  // namespace sudoku
