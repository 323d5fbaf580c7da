// The command-line layer of sudoku-solve, sudoku-gen and sudoku-judge, on CLI11: one help layout,
// strict numbers, and one set of exit statuses for all three programs.
//
//   program --help, program COMMAND --help   description, usage, options, then the footer
//                                            (an Example section and the exit statuses), exit 0
//   a usage error                            "PROGRAM COMMAND: --jobs: expected a whole number
//                                            from 1 to 1024, found '2abc' (see --help)", exit 2
//
// An option that takes a value always needs one: a trailing `--out`, or `--out --jobs 2`, is an
// error naming --out, never an empty or option-shaped value taken silently.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "sudoku/common/exit_status.hpp"

namespace sudoku::cli {

// The statuses of sudoku/common/exit_status.hpp, which every command returns, by their names here too.
using enum sudoku::ExitStatus;

// `app` and every subcommand added to it afterwards print our help layout.
void use_help_layout(CLI::App& app);
// `PROGRAM --version` prints "PROGRAM 0.1.0 (git COMMIT)" (sudoku/common/version.hpp) and exits 0.
void add_version_flag(CLI::App& app);
// The help of `app`: `usage` replaces CLI11's generated usage line ("sudoku-solve --problem NAME
// [FILE]"), `text` is printed under it. The one-line description given to add_subcommand stays
// what the program's own help lists beside the command.
void describe(CLI::App& app, std::string usage, std::string text);

// What a command's help says, from the program's list down to its example.
struct CommandHelp {
    std::string name;         // the word that chooses it: `sudoku-judge NAME`
    std::string summary;      // its line in the program's own help
    std::string usage;        // as for describe
    std::string description;  // as for describe
    std::string footer;       // the Example section and the exit statuses
};
// A command of `program` that prints `help`: its subcommand, to add options to.
CLI::App* add_command(CLI::App& program, const CommandHelp& help);

// A whole number from `min` to `max`, in decimal digits only: "2abc", " 3", "0x10", "3.0", "-1"
// are refused with a message saying what was expected and what was found.
CLI::Validator whole_number(std::uint64_t min, std::uint64_t max);
// A positive decimal number ("3", "2.5", "1e1"), nothing after it.
CLI::Validator positive_number();

// Parses argv into `app`. Returns nullopt when the chosen command should run, else the exit
// status: 0 after printing --help (or --version) to stdout, 2 after printing a usage error to stderr.
std::optional<int> parse(CLI::App& app, int argc, char** argv);

// Runs the command; an exception escaping it is an internal error: "PROGRAM: internal error: ...", 1.
int run_guarded(const std::string& program, const std::function<int()>& command);

}  // namespace sudoku::cli
