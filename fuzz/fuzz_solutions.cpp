// libFuzzer target: the contestant-answer parser the `sudoku` checker uses (parse_solutions of
// sudoku/solver/problems.hpp) and the complete check behind it (check_output), for any-valid problems
// against two empty puzzles, whose every completion is right. The first byte picks the problem,
// the rest is the contestant's output.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "sudoku/solver/problems.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const auto& problems = sudoku::all_problems();
    const sudoku::Problem& problem = problems[data[0] % problems.size()];
    std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    auto parsed = sudoku::parse_solutions(problem, text, "fuzz.out");
    if (problem.any_valid_solution) {
        std::vector<sudoku::Grid> empty(2, sudoku::Grid(sudoku::format_box(problem.input)));
        auto verdict = sudoku::check_output(problem, empty, text, "fuzz.out");
        // Accepted output must have parsed as two grids.
        if (!verdict && (!std::holds_alternative<std::vector<sudoku::Grid>>(parsed) ||
                         std::get<std::vector<sudoku::Grid>>(parsed).size() != 2))
            std::abort();
    }
    if (auto* d = std::get_if<sudoku::Diagnostic>(&parsed)) {
        if (d->file != "fuzz.out") std::abort();
        return 0;
    }
    if (!problem.any_valid_solution) std::abort();  // exact problems are documented to refuse
    return 0;
}
