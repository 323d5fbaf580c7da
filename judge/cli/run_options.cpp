// What the grading commands of sudoku-judge share: run options, loading the contest, progress, reports.
#include <unistd.h>

#include <iostream>

#include "judge_commands.hpp"
#include "stop_signals.hpp"
#include "sudoku/report.hpp"

namespace sudoku::judge_cli {

namespace {

// Runs are pinned one per core: no machine we grade on has more cores than this.
constexpr std::uint64_t kMostJobs = 1024;

}  // namespace

void add_run_options(CLI::App& command, judge::GradeOptions& options) {
    command
        .add_option("--jobs", options.jobs,
                    "parallel runs (1 to 1024), each pinned to an allowed CPU (default: the contest's `jobs`, else 1)")
        ->type_name("N")
        ->transform(cli::whole_number(1, kMostJobs));
    command.add_flag_callback(
        "--no-namespaces", [&options] { options.namespaces = false; },
        "switch the namespaces off (for machines without the rights)");
    command.add_flag_callback(
        "--no-cgroups", [&options] { options.cgroups = false; },
        "switch the cgroups off (for machines without the rights)");
}

std::optional<judge::Contest> load_contest_or_report(const std::string& file) {
    auto loaded = judge::load_contest(file);
    if (auto* diagnostic = std::get_if<Diagnostic>(&loaded)) {
        std::cerr << diagnostic->to_string() << "\n";
        return std::nullopt;
    }
    return std::move(std::get<judge::Contest>(loaded));
}

void show_progress(judge::GradeOptions& options) {
    options.progress = &std::cerr;
    options.progress_is_terminal = isatty(2);
}

int interrupted(const judge::GradingInterrupted& e) {
    std::cerr << "\nsudoku-judge: stopped by signal " << stop_signal() << ": " << e.what()
              << "; run the same command again to resume\n";
    return 128 + stop_signal();
}

void report_results(const judge::ContestResults& results, const std::filesystem::path& dir) {
    const judge::ReportFiles files = judge::write_reports(results, dir);
    judge::print_summary(results, std::cout);
    std::cout << "\nsandbox" << (results.protections_from_runs ? " (weakest of the runs)" : " (start-up probe)") << ": "
              << results.protections.describe() << "\n";
    for (const auto& [index, p] : results.shard_protections)
        std::cout << "shard " << index << ": " << p.describe() << "\n";
    std::cout << "\nwritten: " << files.json.string() << ", " << files.csv.string() << ", " << files.html.string()
              << "\n";
}

}  // namespace sudoku::judge_cli
