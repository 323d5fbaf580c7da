// What one grading run knows of its contest, looked at once when it starts and passed down to its
// compile, run and results steps: the contestants in order, the language table, each submission's
// files and the hashes that decide which journaled records still hold (sudoku/judge/contest/grading_inputs.hpp).
// The problems and their tests are the Contest's, read once by load_contest.
//
// One look, so that a contestant's folder added or removed while the run grades cannot make it
// inconsistent: one added is absent from the whole run (the next run grades it, its fingerprint
// having changed), one removed keeps the results it was graded to.
#pragma once

#include <string>
#include <vector>

#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/contest/grading_inputs.hpp"

namespace sudoku::judge {

struct GradingPlan {
    explicit GradingPlan(const Contest& contest) : found(find_submissions(contest)), inputs(contest, found) {}

    const std::vector<std::string>& contestants() const { return found.contestants; }
    const std::vector<Language>& languages() const { return found.languages; }
    const SubmissionFiles& submission(size_t contestant, size_t problem) const {
        return found.files[contestant][problem];
    }

    FoundSubmissions found;  // before `inputs`, which hashes it
    GradingInputs inputs;
};

}  // namespace sudoku::judge
