#include "support/placements.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace sudoku::testing {

std::vector<std::vector<int>> all_placements(int box) {
    const int n = box * box;
    std::vector<int> column(n);
    std::iota(column.begin(), column.end(), 0);
    std::vector<std::vector<int>> placements;
    do {
        std::vector<bool> box_used(n, false);
        bool ok = true;
        for (int r = 0; r < n && ok; ++r) {
            const int b = (r / box) * box + column[r] / box;
            ok = !box_used[b];
            box_used[b] = true;
        }
        if (ok) placements.push_back(column);
    } while (std::next_permutation(column.begin(), column.end()));
    return placements;
}

std::vector<double> random_profits(int n, Rng& random, int barred_percent) {
    std::vector<double> profit(n * n);
    for (double& p : profit)
        p = random.between(1, 100) <= barred_percent ? -std::numeric_limits<double>::infinity()
                                                     : double(random.between(-500, 500)) / 7.0;
    return profit;
}

}  // namespace sudoku::testing
