#include "sudoku/geometry.hpp"

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

const GridGeometry& GridGeometry::of(int box) {
    if (box < 2 || box > 5) throw std::invalid_argument("box size must be 2..5, got " + std::to_string(box));
    static std::once_flag once[4];
    static std::unique_ptr<GridGeometry> all[4];
    std::call_once(once[box - 2], [box] { all[box - 2] = std::make_unique<GridGeometry>(build_geometry(box)); });
    return *all[box - 2];
}

}  // namespace sudoku
