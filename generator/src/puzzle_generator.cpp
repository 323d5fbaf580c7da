#include "sudoku/generator/puzzle_generator.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "sudoku/generator/difficulty.hpp"
#include "sudoku/solver/solve.hpp"
#include "sudoku/solver/solved_grid.hpp"

namespace sudoku {

namespace {

// The wall-clock deadline of the current generate_puzzle call on this thread.
thread_local std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
bool past_deadline() { return std::chrono::steady_clock::now() > deadline; }

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", s);
    return buf;
}

bool is_unique(const Grid& puzzle) { return count_completions(puzzle, 2) == 1; }

// A completion of `puzzle` other than `solution` (which is known to be one), if any.
std::optional<Grid> other_completion(const Grid& puzzle, const Grid& solution) {
    std::optional<Grid> other;
    for_each_solution(puzzle, [&](const Grid& g) {
        if (g == solution) return true;
        other = g;
        return false;
    });
    return other;
}

bool all_clues(const Grid& puzzle, const std::vector<int>& orbit) {
    for (int cell : orbit)
        if (!puzzle.at(cell)) return false;
    return true;
}

void set_orbit(Grid& puzzle, const std::vector<int>& orbit, const Grid& source) {
    for (int cell : orbit) puzzle.set(cell, source.at(cell));
}

void clear_orbit(Grid& puzzle, const std::vector<int>& orbit) {
    for (int cell : orbit) puzzle.set(cell, 0);
}

// Removes clue orbits in a random order while the count stays >= min_clues, stopping at or below
// `target`; with `keep_unique`, a removal that lets another completion in is undone.
void remove_clues(Grid& puzzle, const std::vector<std::vector<int>>& orbits, int min_clues, int target,
                  bool keep_unique, Rng& rng, const std::vector<bool>* keep_region = nullptr) {
    std::vector<std::size_t> order(orbits.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    rng.shuffle(order);
    if (keep_region) {  // orbits touching the region last
        auto outside = [&](std::size_t i) {
            for (int cell : orbits[i])
                if ((*keep_region)[cell]) return false;
            return true;
        };
        std::stable_partition(order.begin(), order.end(), outside);
    }
    int clues = puzzle.clue_count();
    for (std::size_t i : order) {
        if (clues <= target) break;
        const auto& orbit = orbits[i];
        const int size = static_cast<int>(orbit.size());
        if (clues - size < min_clues || !all_clues(puzzle, orbit)) continue;
        std::vector<int> saved;
        for (int cell : orbit) saved.push_back(puzzle.at(cell));
        clear_orbit(puzzle, orbit);
        if (keep_unique && !is_unique(puzzle)) {
            for (std::size_t k = 0; k < orbit.size(); ++k) puzzle.set(orbit[k], saved[k]);
            continue;
        }
        clues -= size;
    }
}

std::size_t orbit_containing(const std::vector<std::vector<int>>& orbits, int cell) {
    for (std::size_t i = 0; i < orbits.size(); ++i)
        if (std::find(orbits[i].begin(), orbits[i].end(), cell) != orbits[i].end()) return i;
    return 0;
}

// The neighbourhood search for few clues: from a unique puzzle of `solution`, drop one or two
// clue orbits, add back orbits that rule out each other completion found, re-minimise, and keep
// the result when it has no more clues than before. Stops once at most max_clues remain.
bool reduce_clues(Grid& puzzle, const Grid& solution, const std::vector<std::vector<int>>& orbits, int min_clues,
                  int max_clues, int steps, Rng& rng) {
    for (int step = 0; step < steps && puzzle.clue_count() > max_clues; ++step) {
        if (step % 64 == 63 && past_deadline()) return false;
        Grid trial = puzzle;
        std::vector<std::size_t> clue_orbits;
        for (std::size_t i = 0; i < orbits.size(); ++i)
            if (all_clues(trial, orbits[i])) clue_orbits.push_back(i);
        rng.shuffle(clue_orbits);
        const std::size_t drop = std::min<std::size_t>(clue_orbits.size(), 1 + rng.below(2));
        for (std::size_t k = 0; k < drop; ++k) clear_orbit(trial, orbits[clue_orbits[k]]);
        while (auto other = other_completion(trial, solution)) {
            std::vector<int> differing;
            for (int cell = 0; cell < trial.cell_count(); ++cell)
                if (!trial.at(cell) && other->at(cell) != solution.at(cell)) differing.push_back(cell);
            const int cell = differing[rng.below(differing.size())];
            set_orbit(trial, orbits[orbit_containing(orbits, cell)], solution);
        }
        remove_clues(trial, orbits, min_clues, 0, true, rng);
        if (trial.clue_count() <= puzzle.clue_count()) puzzle = trial;
    }
    return puzzle.clue_count() <= max_clues;
}

int largest_orbit(const std::vector<std::vector<int>>& orbits) {
    std::size_t size = 1;
    for (const auto& orbit : orbits) size = std::max(size, orbit.size());
    return static_cast<int>(size);
}

std::optional<GeneratedPuzzle> try_unique(const PuzzleRequest& request, const std::vector<std::vector<int>>& orbits,
                                          Rng& rng) {
    GeneratedPuzzle made{random_solved_grid(request.box, rng), Grid(request.box)};
    made.solution = made.puzzle;
    const int target = rng.between(request.min_clues, request.max_clues);
    remove_clues(made.puzzle, orbits, request.min_clues, target, true, rng);
    if (made.puzzle.clue_count() > request.max_clues &&
        !reduce_clues(made.puzzle, made.solution, orbits, request.min_clues, request.max_clues, request.search_steps,
                      rng))
        return std::nullopt;
    if (made.puzzle.clue_count() < request.min_clues) return std::nullopt;
    return made;
}

// Every clue needed: one pass of removal over every cell is enough, since a clue that could not go
// once (another completion appeared) cannot go later either, when fewer clues constrain the grid.
// The neighbourhood search re-minimises the same way, so what it keeps is minimal too.
std::optional<GeneratedPuzzle> try_minimal(const PuzzleRequest& request, const std::vector<std::vector<int>>& cells,
                                           Rng& rng) {
    GeneratedPuzzle made{random_solved_grid(request.box, rng), Grid(request.box)};
    made.solution = made.puzzle;
    remove_clues(made.puzzle, cells, 0, 0, true, rng);
    if (made.puzzle.clue_count() > request.max_clues &&
        !reduce_clues(made.puzzle, made.solution, cells, 0, request.max_clues, request.search_steps, rng))
        return std::nullopt;
    if (made.puzzle.clue_count() < request.min_clues) return std::nullopt;
    return made;
}

// Cells of a few random boxes holding `clues` comfortably: between one and three boxes more than
// the fewest that could hold them.
std::vector<bool> random_box_region(int box, int clues, Rng& rng) {
    const int n = box * box;
    const int fewest = (clues + n - 1) / n;
    const int boxes = std::min(n, fewest + rng.between(1, 3));
    std::vector<int> order(n);
    for (int b = 0; b < n; ++b) order[b] = b;
    rng.shuffle(order);
    std::vector<bool> region(n * n, false);
    for (int k = 0; k < boxes; ++k)
        for (int cell : units_of(box)[2 * n + order[k]]) region[cell] = true;
    return region;
}

std::optional<GeneratedPuzzle> try_solvable(const PuzzleRequest& request, const std::vector<std::vector<int>>& orbits,
                                            Rng& rng) {
    GeneratedPuzzle made{random_solved_grid(request.box, rng), Grid(request.box)};
    made.solution = made.puzzle;
    const int target = rng.between(request.min_clues, request.max_clues);
    std::vector<bool> region;
    if (request.clustered) region = random_box_region(request.box, target, rng);
    remove_clues(made.puzzle, orbits, request.min_clues, target, false, rng, request.clustered ? &region : nullptr);
    const int clues = made.puzzle.clue_count();
    if (clues < request.min_clues || clues > request.max_clues) return std::nullopt;
    if (request.max_solutions && count_solutions(made.puzzle, request.max_solutions + 1).count > request.max_solutions)
        return std::nullopt;
    return made;
}

// The wrong digits `cell` can take: not the solution's, repeating no clue among its peers.
std::vector<int> wrong_digits(const Grid& puzzle, const Grid& solution, int cell, Rng& rng) {
    std::vector<int> digits;
    for (int d = 1; d <= puzzle.side(); ++d) {
        if (d == solution.at(cell)) continue;
        Grid probe = puzzle;
        probe.set(cell, d);
        if (!probe.has_conflict()) digits.push_back(d);
    }
    rng.shuffle(digits);
    return digits;
}

std::optional<GeneratedPuzzle> try_unsolvable(const PuzzleRequest& request, const std::vector<std::vector<int>>& orbits,
                                              Rng& rng) {
    PuzzleRequest base = request;
    base.kind = PuzzleKind::unique;
    base.min_clues = std::max(fewest_unique_clues(request.box), request.min_clues - largest_orbit(orbits));
    base.max_clues = request.max_clues - 1;
    if (base.min_clues > base.max_clues) return std::nullopt;
    // Prefer a wrong clue that singles alone do not expose, over a few bases; else the first found.
    std::optional<GeneratedPuzzle> fallback;
    for (int tries = 0; tries < 4; ++tries) {
        auto made = try_unique(base, orbits, rng);
        if (!made) continue;
        std::vector<std::size_t> blank_orbits;
        for (std::size_t i = 0; i < orbits.size(); ++i) {
            const int clues = made->puzzle.clue_count() + static_cast<int>(orbits[i].size());
            bool blank = true;
            for (int cell : orbits[i]) blank = blank && !made->puzzle.at(cell);
            if (blank && clues >= request.min_clues && clues <= request.max_clues) blank_orbits.push_back(i);
        }
        rng.shuffle(blank_orbits);
        for (std::size_t i : blank_orbits) {
            Grid puzzle = made->puzzle;
            set_orbit(puzzle, orbits[i], made->solution);
            const int cell = orbits[i][rng.below(orbits[i].size())];
            for (int d : wrong_digits(puzzle, made->solution, cell, rng)) {
                Grid wrong = puzzle;
                wrong.set(cell, d);
                // The base was unique, so no completion is left by construction; checked as it is cheap.
                if (wrong.has_conflict() || count_solutions(wrong, 1).count != 0) continue;
                if (!singles_refute(wrong)) return GeneratedPuzzle{wrong, made->solution};
                if (!fallback) fallback = GeneratedPuzzle{wrong, made->solution};
            }
        }
    }
    return fallback;
}

}  // namespace

std::optional<std::string> impossible_request(const PuzzleRequest& request) {
    if (request.minimal && request.kind != PuzzleKind::unique)
        return "a minimal puzzle is a unique one, not " + std::string(to_string(request.kind));
    if (request.minimal && request.symmetry != Symmetry::none)
        return "minimal puzzles are made without symmetry (asked: " + std::string(to_string(request.symmetry)) +
               "): removal by symmetric orbits leaves clues that are not needed";
    return impossible_clue_range(request.box, request.min_clues, request.max_clues, request.kind);
}

std::variant<GeneratedPuzzle, std::string> generate_puzzle(const PuzzleRequest& request, Rng& rng) {
    if (auto why = impossible_request(request)) return *why;
    const auto orbits = symmetry_orbits(request.box, request.symmetry);
    const auto start = std::chrono::steady_clock::now();
    deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(request.time_budget_s));
    int attempt = 0;
    for (; attempt < request.max_attempts && !past_deadline(); ++attempt) {
        std::optional<GeneratedPuzzle> made;
        switch (request.kind) {
            case PuzzleKind::unique:
                made = request.minimal ? try_minimal(request, orbits, rng) : try_unique(request, orbits, rng);
                break;
            case PuzzleKind::solvable:
                made = try_solvable(request, orbits, rng);
                break;
            case PuzzleKind::unsolvable:
                made = try_unsolvable(request, orbits, rng);
                break;
        }
        if (made) return *made;
    }
    return "no " + std::string(request.minimal ? "minimal " : "") + std::string(to_string(request.kind)) +
           " puzzle with " + std::to_string(request.min_clues) + ".." + std::to_string(request.max_clues) +
           " clues (symmetry " + std::string(to_string(request.symmetry)) + ") found in " + std::to_string(attempt) +
           " attempts" +
           (past_deadline() ? " (time budget of " + seconds_text(request.time_budget_s) + " s spent)" : "");
}

GeneratedPuzzle minimal_unique_puzzle(int box, Symmetry symmetry, Rng& rng) {
    GeneratedPuzzle made{random_solved_grid(box, rng), Grid(box)};
    made.solution = made.puzzle;
    remove_clues(made.puzzle, symmetry_orbits(box, symmetry), 0, 0, true, rng);
    return made;
}

}  // namespace sudoku
