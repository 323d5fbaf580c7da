// Counting with a stated bound, part by part (sudoku/solver/count.hpp).
#include "sudoku/solver/count.hpp"

#include <numeric>
#include <stdexcept>
#include <vector>

#include "sudoku/solver/solve.hpp"

namespace sudoku {

namespace {

// The free cells grouped into independent parts: two free cells sharing a unit are in one part.
std::vector<std::vector<int>> independent_parts(const Grid& puzzle) {
    const GridGeometry& geo = GridGeometry::of(puzzle.box());
    std::vector<int> parent(puzzle.cell_count());
    std::iota(parent.begin(), parent.end(), 0);
    auto root = [&](int cell) {
        while (parent[cell] != cell) cell = parent[cell] = parent[parent[cell]];
        return cell;
    };
    for (const std::vector<int>& unit : geo.units) {
        int first = -1;
        for (int cell : unit) {
            if (puzzle.at(cell) != 0) continue;
            if (first < 0)
                first = cell;
            else
                parent[root(cell)] = root(first);
        }
    }
    std::vector<std::vector<int>> parts;
    std::vector<int> part_of(puzzle.cell_count(), -1);
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
        if (puzzle.at(cell) != 0) continue;
        int& part = part_of[root(cell)];
        if (part < 0) {
            part = int(parts.size());
            parts.emplace_back();
        }
        parts[part].push_back(cell);
    }
    return parts;
}

// count_solutions stops at its limit: one more than the cap tells "more than cap" apart.
BoundedCount count_whole(const Grid& puzzle, std::uint64_t cap) {
    const SolutionCount counted = count_solutions(puzzle, cap + 1);
    BoundedCount result;
    result.count = counted.count;
    result.above_cap = counted.count > cap;
    if (counted.count == 1) result.only = counted.first;
    return result;
}

}  // namespace

BoundedCount count_up_to(const Grid& puzzle, std::uint64_t cap) {
    if (cap == 0 || cap == UINT64_MAX) throw std::invalid_argument("count_up_to: the cap must be 1..2^64-2");
    const std::vector<std::vector<int>> parts = independent_parts(puzzle);
    if (parts.size() <= 1 || puzzle.has_conflict()) return count_whole(puzzle, cap);
    // Every part is counted inside one completion of the rest: the other parts' values constrain
    // it through no unit, so any completion will do, and without one there is none at all.
    const std::optional<Grid> completion = solve(puzzle);
    if (!completion) return {};
    BoundedCount result;
    result.count = 1;
    for (const std::vector<int>& part : parts) {
        Grid only_this_part = *completion;
        for (int cell : part) only_this_part.set(cell, 0);
        const BoundedCount counted = count_whole(only_this_part, cap);
        // count x counted.count > cap, without overflow (counted.count >= 1).
        if (counted.above_cap || result.count > cap / counted.count) return {cap + 1, true, std::nullopt};
        result.count *= counted.count;
    }
    if (result.count == 1) result.only = completion;
    return result;
}

}  // namespace sudoku
