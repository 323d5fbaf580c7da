// Cutting puzzles from random solved grids, keeping their kind.
//
//   random solved grid S --remove clue orbits in random order--> puzzle with t clues
//        unique:     a removal is kept only while S stays the only completion;
//                    below what removal reaches (about 22 for 9x9), a neighbourhood search:
//                    drop 1-2 clue orbits, add back clues of S where another completion
//                    differs until S is unique again, re-minimise, keep if not worse
//        solvable:   any removal keeps S a completion (optionally at most N completions);
//                    clustered: cells outside a few random boxes go first
//        unsolvable: a unique puzzle plus one orbit of clues, one of them a wrong digit
//                    that repeats nothing in its units: S was the only completion, so now
//                    there is none, yet nothing looks wrong at a glance
//
// Every step draws from the caller's Rng, so (request, seed) fixes the puzzle for a given build of
// the toolkit. One step also depends on the solver: the neighbourhood search adds back a clue where
// the first other completion the solver meets differs, so a change of the solver's search order
// changes few-clue puzzles (everything else uses only yes/no answers and exact counts). Adding
// random clues instead was measured 2-5x slower (20 clues: 32 -> 154 ms), so the dependence stays;
// bump generator_version() with such solver changes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "sudoku/generator/symmetry.hpp"
#include "sudoku/problem/puzzle_kind.hpp"
#include "sudoku/solver/grid.hpp"
#include "sudoku/solver/rng.hpp"

namespace sudoku {

struct PuzzleRequest {
    int box = 3;
    int min_clues = 0, max_clues = 81;
    PuzzleKind kind = PuzzleKind::unique;
    Symmetry symmetry = Symmetry::none;
    bool minimal = false;             // unique only: every clue needed, removing any one lets a
                                      // second completion in (without it, removal stops at a
                                      // random clue count in the range, often before that)
    std::uint64_t max_solutions = 0;  // solvable: at most this many completions (0 = any number)
    bool clustered = false;           // solvable: keep the clues inside a few random boxes, which
                                      // leaves whole boxes empty and many completions
    int max_attempts = 100;           // fresh solved grids tried before giving up
    int search_steps = 3000;          // neighbourhood-search moves per attempt (few-clue requests)
    double time_budget_s = 60;        // wall-clock cap: past it, give up and say so. It can only
                                      // turn a success into a failure, never change a puzzle made.
};

struct GeneratedPuzzle {
    Grid puzzle;
    Grid solution;  // the grid the clues were cut from (unsolvable: before the wrong clue went in)
};

// Why the request can never be met (a minimal puzzle that is not unique or has a symmetry, or a
// clue range that cannot hold its kind: sudoku/problem/puzzle_kind.hpp), or nullopt when it is
// worth trying.
std::optional<std::string> impossible_request(const PuzzleRequest& request);

// A puzzle meeting the request, or why none was found within its attempt budget.
std::variant<GeneratedPuzzle, std::string> generate_puzzle(const PuzzleRequest& request, Rng& rng);

// A unique puzzle from which no clue orbit can be removed without losing uniqueness.
GeneratedPuzzle minimal_unique_puzzle(int box, Symmetry symmetry, Rng& rng);

}  // namespace sudoku
