// The exit statuses of sudoku-solve, sudoku-gen, sudoku-judge and sudoku-sandbox: one meaning
// each, the same in every command (the table of docs/exit-status.md, and EXIT STATUS in each
// manual page).
//
// A script can tell the outcomes apart by number alone: 0 and 3 mean the output is there (3 says
// part of it carries a caveat the program printed), 4 means a check ran to its end and its report
// is the answer, 2 means nothing was done because of what was asked, 1 means the program failed.
#pragma once

#include <string_view>

#include "sudoku/common/enum_names.hpp"

namespace sudoku {

// Unscoped so that a command's function, which returns main's int, returns these by name.
enum ExitStatus : int {
    // Did what was asked; also --help and --version.
    exit_done = 0,
    // The program's own failure (an exception, an output it could not write): nothing about the
    // input is known to be wrong, so the same command may succeed again.
    exit_internal_error = 1,
    // Bad usage or input, refused before doing anything: the message on stderr names the option,
    // or the file and place, what was expected and what was found.
    exit_bad_input = 2,
    // Done, but part of the output carries a caveat the program printed: results graded FAIL (the
    // judge's own fault, not the contestant's), or a count above the cap ("more than N").
    exit_done_with_caveat = 3,
    // A check that ran to its end found what it checks wanting, and its report says what: a test
    // set that fails validation, a protection missing on this machine, a shard to grade again.
    exit_found_wanting = 4,
};

// A command stopped by signal N (SIGINT, SIGTERM) exits 128 + N, as a shell reports it: 130, 143.
constexpr int exit_stopped_by(int signal) { return 128 + signal; }

template <>
struct EnumNames<ExitStatus> {
    static constexpr std::string_view names[] = {"done", "internal error", "bad input", "done with caveat",
                                                 "found wanting"};
};

}  // namespace sudoku
