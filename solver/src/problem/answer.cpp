// The expected output of every problem: computed by the exact solver, never assumed.
#include <charconv>

#include "format/layout.hpp"
#include "sudoku/solver/problems.hpp"
#include "sudoku/solver/solve.hpp"

namespace sudoku {

namespace {

std::string target_answer(const std::vector<Grid>& puzzles, const AnswerOptions& options) {
    std::string out;
    for (const Grid& puzzle : puzzles) {
        TargetResult result = target_max_score(puzzle, options.weights);
        out += target_score_text(result.score, options) + "\n";
        if (options.certificate && result.certificate)
            text::write_grid(out, text::input_layout(Format::target), *result.certificate);
    }
    return out;
}

AnswerText sudogob_answer(const std::vector<Grid>& puzzles, const AnswerOptions& options) {
    AnswerText out;
    for (const Grid& puzzle : puzzles) {
        const BoundedCount counted = count_up_to(puzzle, options.count_cap);
        if (counted.above_cap) {
            out.text += "more than " + std::to_string(options.count_cap) + "\n";
            out.count_above_cap = true;
            continue;
        }
        out.text += std::to_string(counted.count) + "\n";
        if (counted.only) text::write_grid(out.text, text::input_layout(Format::sudogob), *counted.only);
    }
    return out;
}

}  // namespace

std::string target_score_text(const std::optional<std::int64_t>& score, const AnswerOptions& options) {
    return score ? std::to_string(*score) : options.no_completion;
}

bool target_no_completion_is_ambiguous(const AnswerOptions& options) {
    std::int64_t value = 0;
    const std::string& text = options.no_completion;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return false;
    return target_score_possible(options.weights, value);
}

std::variant<std::string, Diagnostic> answer(const Problem& problem, const PuzzleFile& input,
                                             const AnswerOptions& options) {
    auto full = answer_in_full(problem, input, options);
    if (auto* d = std::get_if<Diagnostic>(&full)) return *d;
    return std::move(std::get<AnswerText>(full).text);
}

std::variant<AnswerText, Diagnostic> answer_in_full(const Problem& problem, const PuzzleFile& input,
                                                    const AnswerOptions& options) {
    const std::vector<Grid>& puzzles = input.puzzles;
    if (problem.input == Format::target) {
        for (const Grid& puzzle : puzzles)
            if (options.weights.box != puzzle.box() ||
                options.weights.w.size() != static_cast<std::size_t>(puzzle.cell_count()))
                return Diagnostic{input.name, 0, 0, "the weights do not match the grid's size"};
        return AnswerText{target_answer(puzzles, options)};
    }
    if (problem.input == Format::sudogob) return sudogob_answer(puzzles, options);

    std::vector<Grid> solutions;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
        auto solution = solve(puzzles[i]);
        if (!solution) {
            int line = i < input.first_lines.size() ? input.first_lines[i] : 0;
            return Diagnostic{input.name, line, 0,
                              "puzzle " + std::to_string(i + 1) + " has no solution, but " + std::string(problem.name) +
                                  " promises solvable puzzles"};
        }
        solutions.push_back(std::move(*solution));
    }
    if (solutions.empty()) return AnswerText{};
    return AnswerText{text::write_grids(text::answer_layout(problem.input), solutions)};
}

std::variant<std::string, Diagnostic> answer(const Problem& problem, const std::vector<Grid>& puzzles,
                                             const AnswerOptions& options) {
    return answer(problem, PuzzleFile{"input", puzzles, {}}, options);
}

}  // namespace sudoku
