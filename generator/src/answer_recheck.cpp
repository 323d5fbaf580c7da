// The second method of every answer (answer_recheck.hpp).
#include "answer_recheck.hpp"

#include <optional>

#include "sudoku/generator/test_set.hpp"
#include "sudoku/solver/dlx.hpp"
#include "sudoku/solver/formats.hpp"
#include "sudoku/solver/target.hpp"
#include "sudoku/solver/target_mip.hpp"

namespace sudoku::detail {

namespace {

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

}  // namespace

std::vector<std::string> AnswerRecheck::mismatches(const std::vector<Grid>& puzzles, const std::string& answer,
                                                   const std::string& file) {
    found_.clear();
    if (problem_.any_valid_solution) {
        check_grids(puzzles, answer, file);
        return found_;
    }
    std::string expected;
    if (problem_.input == Format::target) {
        if (puzzles.size() != 1) return {file + ": a target input holds exactly one puzzle"};
        expected = expected_target(puzzles[0], file);
    } else {
        expected = expected_sudogob(puzzles);
    }
    if (expected != answer)
        found_.push_back(file + ": expected '" + first_line(expected) + "'..., found '" + first_line(answer) +
                         "'... (recomputed independently)");
    return found_;
}

std::string AnswerRecheck::expected_target(const Grid& puzzle, const std::string& file) {
    const Weights& weights = options_.weights;
    std::optional<TargetResult> enumerated = target_by_enumeration(puzzle, weights, kValidateEnumerationCap), mip;
    if (!enumerated) ++beyond_enumeration;
    try {
        mip = mip_(puzzle, weights);
        ++by_mip;
    } catch (const std::exception& failure) {
        if (mip_failed++ == 0) first_mip_failure = failure.what();
    }
    auto text = [&](const TargetResult& r) { return target_score_text(r.score, options_); };
    if (enumerated && mip && enumerated->score != mip->score)
        found_.push_back(file + ": enumeration gives " + text(*enumerated) + ", the MIP " + text(*mip));
    if (enumerated) return text(*enumerated) + "\n";
    if (mip) return text(*mip) + "\n";
    ++by_neither;
    return text(target_max_score(puzzle, weights)) + "\n";
}

std::string AnswerRecheck::expected_sudogob(const std::vector<Grid>& puzzles) const {
    std::string text;
    for (const Grid& puzzle : puzzles) {
        const DlxCount count = dlx_count(puzzle, options_.count_cap + 1);
        if (count.count > options_.count_cap) {
            text += "more than " + std::to_string(options_.count_cap) + "\n";
            continue;
        }
        text += std::to_string(count.count) + "\n";
        if (count.count == 1) text += write_puzzles(Format::target, {*count.first});
    }
    return text;
}

void AnswerRecheck::check_grids(const std::vector<Grid>& puzzles, const std::string& answer, const std::string& file) {
    auto parsed = parse_solutions(problem_, answer, file);
    if (auto* d = std::get_if<Diagnostic>(&parsed)) return found_.push_back(d->to_string());
    const auto& grids = std::get<std::vector<Grid>>(parsed);
    if (grids.size() != puzzles.size())
        return found_.push_back(file + ": " + std::to_string(grids.size()) + " grids for " +
                                std::to_string(puzzles.size()) + " puzzles");
    for (std::size_t i = 0; i < grids.size(); ++i) {
        const std::string where = file + " grid " + std::to_string(i + 1);
        if (!grids[i].is_solution_of(puzzles[i])) {
            found_.push_back(where + ": not a valid completion of its puzzle");
            continue;
        }
        const DlxCount count = dlx_count(puzzles[i], 2);
        if (count.count == 1 && !(*count.first == grids[i]))
            found_.push_back(where + ": differs from the unique solution found by dancing links");
    }
}

}  // namespace sudoku::detail
