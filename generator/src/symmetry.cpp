#include "sudoku/generator/symmetry.hpp"

#include <algorithm>

namespace sudoku {

namespace {
// The images of one cell under the generators of the symmetry group (rot90 generates rot180 too).
std::vector<int> images(int n, Symmetry symmetry, int cell) {
    const int r = cell / n, c = cell % n;
    switch (symmetry) {
        case Symmetry::none:
            return {};
        case Symmetry::rot180:
            return {(n - 1 - r) * n + (n - 1 - c)};
        case Symmetry::rot90:
            return {c * n + (n - 1 - r)};
        case Symmetry::mirror:
            return {r * n + (n - 1 - c)};
        case Symmetry::diagonal:
            return {c * n + r};
    }
    return {};
}
}  // namespace

std::vector<std::vector<int>> symmetry_orbits(int box, Symmetry symmetry) {
    const int n = box * box;
    std::vector<int> orbit_of(n * n, -1);
    std::vector<std::vector<int>> orbits;
    for (int start = 0; start < n * n; ++start) {
        if (orbit_of[start] >= 0) continue;
        std::vector<int> orbit{start};
        orbit_of[start] = static_cast<int>(orbits.size());
        for (std::size_t i = 0; i < orbit.size(); ++i)
            for (int image : images(n, symmetry, orbit[i]))
                if (orbit_of[image] < 0) {
                    orbit_of[image] = orbit_of[start];
                    orbit.push_back(image);
                }
        std::sort(orbit.begin(), orbit.end());
        orbits.push_back(std::move(orbit));
    }
    return orbits;
}

bool has_symmetric_pattern(const Grid& puzzle, Symmetry symmetry) {
    for (const auto& orbit : symmetry_orbits(puzzle.box(), symmetry))
        for (int cell : orbit)
            if ((puzzle.at(cell) != 0) != (puzzle.at(orbit.front()) != 0)) return false;
    return true;
}

}  // namespace sudoku
