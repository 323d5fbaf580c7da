// The commands of sudoku-judge (grade, merge, status, calibrate): each adds its subcommand to the program
// and returns what runs it. The library does the work and returns data; these print it.
#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "sudoku/judge/contest/contest.hpp"
#include "sudoku/judge/grading/grader.hpp"
#include "sudoku/judge/output/out_dir.hpp"
#include "sudoku/judge/output/results.hpp"
#include "sudoku/judge/scaleout/shard_status.hpp"

namespace sudoku::judge_cli {

struct Command {
    CLI::App* app = nullptr;
    std::function<int()> run;  // called when parsing chose this command
};

Command add_grade_command(CLI::App& judge);
Command add_merge_command(CLI::App& judge);
Command add_calibrate_command(CLI::App& judge);
Command add_status_command(CLI::App& judge);
Command add_import_command(CLI::App& judge);
Command add_package_import_command(CLI::App& judge);
Command add_verify_command(CLI::App& judge);
Command add_doctor_command(CLI::App& judge);
Command add_export_command(CLI::App& judge);

// This program's own path (for commands printed to be run again on a node where it is not on PATH).
std::string judge_path();
// `<judge> grade CONTEST --shard i/n --out DIR [--fresh]`: what makes the shard finished.
std::string rerun_command(const judge::ShardRerun& run, const std::string& contest_file);
// "shards to run again: 1,2" and the command of each (nothing when none).
void print_reruns(const std::vector<judge::ShardRerun>& reruns, const std::string& contest_file, std::ostream& out);
// status's listing: one line per shard, the conflicts, the commands to run again.
void print_shard_survey(const judge::ShardSurvey& survey, const std::string& contest_file, std::ostream& out);

// The options every grading command shares: --jobs N, --no-namespaces, --no-cgroups.
void add_run_options(CLI::App& command, judge::GradeOptions& options);

// The contest, or nullopt after printing why it cannot be read (the caller exits 2).
std::optional<judge::Contest> load_contest_or_report(const std::string& file);

// The results folder, checked (not inside the contestants or test data) and locked for this
// command; nullopt after printing why not (the caller exits 2).
std::optional<judge::OutDirLock> claim_out_dir(const judge::Contest& contest, const std::filesystem::path& out,
                                               const std::string& command);

// The contest's shard key: `key` when given, else CONTEST_DIR/.judge-key (made when `create` and
// absent); nullopt after printing why it cannot be had (the caller exits 2).
std::optional<judge::ShardKey> shard_key_or_report(const judge::Contest& contest,
                                                   const std::optional<std::filesystem::path>& key, bool create,
                                                   const std::string& command);
inline constexpr const char* kKeyOptionHelp =
    "the shard key file (default: .judge-key beside CONTEST.yaml, made by the first grade --shard)";

// Live progress on stderr: one line redrawn on a terminal, one line per test otherwise.
void show_progress(judge::GradeOptions& options);

// Writes results.json, results.csv and report.html into `dir`, then prints them (print_results).
int report_results(const judge::ContestResults& results, const std::filesystem::path& dir);
// Prints the scoreboard and where the reports already written into `dir` are; returns the exit
// status: exit_done, or exit_done_with_caveat when any result is FAIL (the judge's fault).
int print_results(const judge::ContestResults& results, const std::filesystem::path& dir);

// After SIGTERM / SIGINT stopped grading: says so on stderr and returns 128 + the signal.
int interrupted(const judge::GradingInterrupted& e);

}  // namespace sudoku::judge_cli
