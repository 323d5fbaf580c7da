// The second method of every answer: what validate recomputes, and what build checks each answer
// against before writing it. Never the algorithm that produced the answer:
//   grid answers   each printed grid must complete its puzzle; the DLX solution when unique
//   sudogob        exact counts by dancing links
//   target         plain enumeration of every completion (target_by_enumeration), capped, and the
//                  MIP (CBC) when built: both where both finish, and they must agree; only if
//                  neither finishes, the reference optimiser (counted in by_neither: unchecked);
//                  a MIP that fails (CBC stops without a proof) is counted in mip_failed
#pragma once

#include <string>
#include <vector>

#include "sudoku/solver/grid.hpp"
#include "sudoku/solver/problems.hpp"
#include "sudoku/solver/target.hpp"
#include "sudoku/solver/target_mip.hpp"

namespace sudoku::detail {

// How the MIP solves a target puzzle: target_by_mip, which throws when CBC stops without a proof.
using TargetMip = TargetResult (*)(const Grid& puzzle, const Weights& weights);

class AnswerRecheck {
public:
    AnswerRecheck(const Problem& problem, AnswerOptions options, TargetMip mip = target_by_mip)
        : problem_(problem), options_(std::move(options)), mip_(mip) {}

    // Every way `answer` (the text of `file`) disagrees with the second method; empty: it agrees.
    std::vector<std::string> mismatches(const std::vector<Grid>& puzzles, const std::string& answer,
                                        const std::string& file);

    // Target answers so far: beyond the enumeration cap, also solved by the MIP, by neither.
    int beyond_enumeration = 0;
    int by_mip = 0;
    int by_neither = 0;
    // Target answers the MIP failed on (the others still check them), and the first failure's message.
    int mip_failed = 0;
    std::string first_mip_failure;

private:
    std::string expected_target(const Grid& puzzle, const std::string& file);
    std::string expected_sudogob(const std::vector<Grid>& puzzles) const;
    void check_grids(const std::vector<Grid>& puzzles, const std::string& answer, const std::string& file);

    const Problem& problem_;
    AnswerOptions options_;
    TargetMip mip_;
    std::vector<std::string> found_;
};

}  // namespace sudoku::detail
