// The second method of target answers (answer_recheck.hpp): a MIP that fails is counted and its
// message kept for validate's notes, never swallowed; the answer is still checked by enumeration.
#include <catch2/catch.hpp>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "answer_recheck.hpp"
#include "sudoku/solver/problems.hpp"

using namespace sudoku;

namespace {

TargetResult failing_mip(const Grid&, const Weights&) {
    throw std::runtime_error("CBC stopped without proving the target model optimal or infeasible (status 1)");
}

// A solved grid with its first row blanked: one completion, so enumeration decides the answer.
Grid one_row_blank() {
    const std::string solved = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    std::vector<std::uint8_t> cells;
    for (int cell = 0; cell < 81; ++cell) cells.push_back(cell < 9 ? 0 : std::uint8_t(solved[cell] - '0'));
    return Grid(3, cells);
}

}  // namespace

TEST_CASE("test set: a target answer whose MIP fails is counted and reported, not swallowed") {
    const Problem& problem = problem_of(Format::target);
    const Grid puzzle = one_row_blank();
    const std::string right = std::to_string(*target_max_score(puzzle, Weights::ring(3)).score) + "\n";

    detail::AnswerRecheck recheck(problem, AnswerOptions{}, failing_mip);
    CHECK(recheck.mismatches({puzzle}, right, "1.ans").empty());
    CHECK(recheck.mismatches({puzzle}, "0\n", "2.ans").size() == 1);  // enumeration still checks it
    CHECK(recheck.mip_failed == 2);
    CHECK(recheck.by_mip == 0);
    CHECK(recheck.first_mip_failure.find("CBC stopped") != std::string::npos);
}

TEST_CASE("test set: a target answer the MIP solves counts no failure") {
    const Grid puzzle = one_row_blank();
    detail::AnswerRecheck recheck(problem_of(Format::target), AnswerOptions{});
    const std::string right = std::to_string(*target_max_score(puzzle, Weights::ring(3)).score) + "\n";
    CHECK(recheck.mismatches({puzzle}, right, "1.ans").empty());
    CHECK(recheck.by_mip == 1);
    CHECK(recheck.mip_failed == 0);
}
