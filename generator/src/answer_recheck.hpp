// The second method of every answer: what validate recomputes, and what build checks each answer
// against before writing it. Never the algorithm that produced the answer:
//   grid answers   each printed grid must complete its puzzle; the DLX solution when unique
//   sudogob        exact counts by dancing links
//   target         plain enumeration of every completion (target_by_enumeration), capped, and the
//                  MIP (CBC) when built: both where both finish, and they must agree; only if
//                  neither finishes, the reference optimiser (counted in by_neither: unchecked)
#pragma once

#include <string>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/problems.hpp"

namespace sudoku::detail {

class AnswerRecheck {
public:
    AnswerRecheck(const Problem& problem, AnswerOptions options) : problem_(problem), options_(std::move(options)) {}

    // Every way `answer` (the text of `file`) disagrees with the second method; empty: it agrees.
    std::vector<std::string> mismatches(const std::vector<Grid>& puzzles, const std::string& answer,
                                        const std::string& file);

    // Target answers so far: beyond the enumeration cap, also solved by the MIP, by neither.
    int beyond_enumeration = 0;
    int by_mip = 0;
    int by_neither = 0;

private:
    std::string expected_target(const Grid& puzzle, const std::string& file);
    std::string expected_sudogob(const std::vector<Grid>& puzzles) const;
    void check_grids(const std::vector<Grid>& puzzles, const std::string& answer, const std::string& file);

    const Problem& problem_;
    AnswerOptions options_;
    std::vector<std::string> found_;
};

}  // namespace sudoku::detail
