#include "peers.hpp"

#include <array>
#include <mutex>
#include <set>

#include "sudoku/grid.hpp"

namespace sudoku::detail {

const std::vector<std::vector<int>>& peers_of(int box) {
    static std::array<std::vector<std::vector<int>>, 6> cache;
    static std::once_flag once[6];
    std::call_once(once[box], [box] {
        const int cells = box * box * box * box;
        std::vector<std::set<int>> peers(cells);
        for (const auto& unit : units_of(box))
            for (int a : unit)
                for (int b : unit)
                    if (a != b) peers[a].insert(b);
        for (const auto& p : peers) cache[box].emplace_back(p.begin(), p.end());
    });
    return cache[box];
}

}  // namespace sudoku::detail
