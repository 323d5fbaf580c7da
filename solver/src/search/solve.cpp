// Dispatch: 9x9 grids to the bitboard solver, other sizes to the general solver.
#include "sudoku/solver/solve.hpp"

#include "search/general.hpp"
#include "solver9/solver9.hpp"

namespace sudoku {
namespace {
std::uint64_t enumerate(const Grid& puzzle, const std::function<bool(const Grid&)>& visit, SearchStats& stats) {
    return puzzle.box() == 3 ? nine::enumerate(puzzle, visit, stats) : general::enumerate(puzzle, visit, stats);
}
}  // namespace

SolutionCount count_solutions(const Grid& puzzle, std::uint64_t limit, SearchStats& stats) {
    if (puzzle.box() == 3) return nine::count(puzzle, limit, stats);
    SolutionCount result;
    enumerate(
        puzzle,
        [&](const Grid& g) {
            if (!result.first) result.first = g;
            ++result.count;
            if (limit && result.count >= limit) {
                result.capped = true;
                return false;
            }
            return true;
        },
        stats);
    return result;
}

// Without statistics nothing shows the tree but `first`: other sizes count by the faster search,
// and take `first` from the pinned one whenever more than one completion could have come first.
SolutionCount count_solutions(const Grid& puzzle, std::uint64_t limit) {
    if (puzzle.box() == 3) return nine::count(puzzle, limit);  // no statistics: the tree is not observable
    SearchStats stats;
    if (puzzle.box() == 3 || limit == 1) return count_solutions(puzzle, limit, stats);
    SolutionCount result;
    result.count = general::count(puzzle, limit, result.first);
    result.capped = limit && result.count >= limit;
    if (result.count >= 2) result.first = count_solutions(puzzle, 1, stats).first;
    return result;
}

std::uint64_t count_completions(const Grid& puzzle, std::uint64_t limit) {
    if (puzzle.box() == 3) return nine::count_completions(puzzle, limit);
    std::optional<Grid> unused;
    return general::count(puzzle, limit, unused);
}

std::optional<Grid> solve(const Grid& puzzle) { return count_solutions(puzzle, 1).first; }

std::uint64_t for_each_solution(const Grid& puzzle, const std::function<bool(const Grid&)>& visit) {
    SearchStats stats;
    return enumerate(puzzle, visit, stats);
}

}  // namespace sudoku
