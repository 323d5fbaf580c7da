// Reading and checking a contestant's output: the judge's "any valid completion" and exact checks.
#include "format/layout.hpp"
#include "sudoku/solver/problems.hpp"

namespace sudoku {

namespace {

std::string unit_name(int unit, int side) {
    static const char* kinds[] = {"row", "column", "box"};
    return std::string(kinds[unit / side]) + " " + std::to_string(unit % side + 1);
}

// Why `grid` (full, read from the output) is not a solution of `puzzle`, with the row to point at.
struct Flaw {
    int row = 0;
    std::string message;
};

std::optional<Flaw> find_flaw(const Grid& grid, const Grid& puzzle, const text::Alphabet& alphabet) {
    const int side = grid.side();
    auto spelled = [&](int d) { return std::string(1, alphabet.symbol(d)); };
    for (int cell = 0; cell < grid.cell_count(); ++cell)
        if (puzzle.at(cell) != 0 && puzzle.at(cell) != grid.at(cell))
            return Flaw{cell / side, "changes the clue at row " + std::to_string(cell / side + 1) + " column " +
                                         std::to_string(cell % side + 1) + ": expected " + spelled(puzzle.at(cell)) +
                                         ", found " + spelled(grid.at(cell))};
    const auto& units = units_of(grid.box());
    for (int u = 0; u < static_cast<int>(units.size()); ++u) {
        std::vector<int> first_cell(side + 1, -1);
        for (int cell : units[u]) {
            int d = grid.at(cell);
            if (first_cell[d] >= 0)
                return Flaw{first_cell[d] / side, "repeats " + spelled(d) + " in " + unit_name(u, side)};
            first_cell[d] = cell;
        }
    }
    return std::nullopt;
}

std::optional<Diagnostic> check_grids(const Problem& problem, const std::vector<Grid>& puzzles, std::string_view output,
                                      const std::string& file_name) {
    try {
        text::LineReader reader(output, file_name, true);
        const text::Layout layout = text::answer_layout(problem.input);
        std::vector<int> lines;
        std::vector<Grid> grids = text::read_grids(layout, reader, true, lines);
        if (grids.size() < puzzles.size())
            reader.fail_at_end("grid " + std::to_string(grids.size() + 1) + " of " + std::to_string(puzzles.size()));
        if (grids.size() > puzzles.size())
            reader.fail(lines[puzzles.size()], 1,
                        "expected end of output after " + std::to_string(puzzles.size()) +
                            (puzzles.size() == 1 ? " grid" : " grids") + ", found another grid");
        for (std::size_t i = 0; i < grids.size(); ++i) {
            if (grids[i].box() != puzzles[i].box())
                reader.fail(lines[i], 1, "grid " + std::to_string(i + 1) + " has the wrong size");
            if (auto flaw = find_flaw(grids[i], puzzles[i], layout.alphabet))
                reader.fail(lines[i] + (layout.grid_on_one_line ? 0 : flaw->row), 1,
                            "grid " + std::to_string(i + 1) + " " + flaw->message);
        }
    } catch (const text::ParseError& error) {
        return error.diagnostic;
    }
    return std::nullopt;
}

std::optional<Diagnostic> check_tokens(std::string_view expected, std::string_view output,
                                       const std::string& file_name) {
    text::LineReader want(expected, "expected", true);
    text::LineReader got(output, file_name, true);
    std::vector<text::Token> wanted, found;
    std::vector<int> found_lines;
    while (want.has_line())
        for (const auto& token : text::split_tokens(want.next())) wanted.push_back(token);
    try {
        while (got.has_line()) {
            text::Line line = got.next();
            for (const auto& token : text::split_tokens(line)) {
                std::size_t i = found.size();
                if (i >= wanted.size())
                    got.fail(line.number, token.column, "expected end of output, found " + text::quote(token.text));
                if (token.text != wanted[i].text)
                    got.fail(line.number, token.column,
                             "expected " + text::quote(wanted[i].text) + ", found " + text::quote(token.text));
                found.push_back(token);
            }
        }
        if (found.size() < wanted.size()) got.fail_at_end(text::quote(wanted[found.size()].text));
    } catch (const text::ParseError& error) {
        return error.diagnostic;
    }
    return std::nullopt;
}

}  // namespace

std::variant<std::vector<Grid>, Diagnostic> parse_solutions(const Problem& problem, std::string_view output_text,
                                                            const std::string& file_name) {
    if (!problem.any_valid_solution)
        return Diagnostic{file_name, 0, 0,
                          std::string(problem.name) + " has an exact answer, not grids: compare it with answer()"};
    try {
        text::LineReader reader(output_text, file_name, true);
        std::vector<int> lines;
        return text::read_grids(text::answer_layout(problem.input), reader, true, lines);
    } catch (const text::ParseError& error) {
        return error.diagnostic;
    }
}

std::optional<Diagnostic> check_output(const Problem& problem, const std::vector<Grid>& puzzles,
                                       std::string_view output_text, const std::string& file_name,
                                       const AnswerOptions& options) {
    if (problem.any_valid_solution) return check_grids(problem, puzzles, output_text, file_name);
    auto expected = answer(problem, puzzles, options);
    if (auto* diagnostic = std::get_if<Diagnostic>(&expected)) return *diagnostic;
    return check_tokens(std::get<std::string>(expected), output_text, file_name);
}

}  // namespace sudoku
