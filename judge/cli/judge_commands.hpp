// The commands of sudoku-judge (grade, merge, calibrate): each adds its subcommand to the program
// and returns what runs it. The library does the work and returns data; these print it.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "command_line.hpp"
#include "sudoku/contest.hpp"
#include "sudoku/grader.hpp"
#include "sudoku/results.hpp"

namespace sudoku::judge_cli {

struct Command {
    CLI::App* app = nullptr;
    std::function<int()> run;  // called when parsing chose this command
};

Command add_grade_command(CLI::App& judge);
Command add_merge_command(CLI::App& judge);
Command add_calibrate_command(CLI::App& judge);

// The options every grading command shares: --jobs N, --no-namespaces, --no-cgroups.
void add_run_options(CLI::App& command, judge::GradeOptions& options);

// The contest, or nullopt after printing why it cannot be read (the caller exits 2).
std::optional<judge::Contest> load_contest_or_report(const std::string& file);

// Live progress on stderr: one line redrawn on a terminal, one line per test otherwise.
void show_progress(judge::GradeOptions& options);

// After SIGTERM / SIGINT stopped grading: says so on stderr and returns 128 + the signal.
int interrupted(const judge::GradingInterrupted& e);

// Writes results.json, results.csv and report.html into `dir`, prints the scoreboard and where they are.
void report_results(const judge::ContestResults& results, const std::filesystem::path& dir);

}  // namespace sudoku::judge_cli
