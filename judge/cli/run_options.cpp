// What the grading commands of sudoku-judge share: run options, loading the contest, progress, reports.
#include <unistd.h>

#include <iostream>

#include "judge_commands.hpp"
#include "stop_signals.hpp"
#include "sudoku/judge/output/report.hpp"

namespace sudoku::judge_cli {

void add_run_options(CLI::App& command, judge::GradeOptions& options) {
    command
        .add_option("--jobs", options.jobs,
                    "parallel runs (1 to 1024), each pinned to an allowed CPU (default: the contest's `jobs`, else 1)")
        ->type_name("N")
        ->transform(cli::whole_number(judge::contest_bounds::kJobs.min, judge::contest_bounds::kJobs.max));
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

std::optional<judge::OutDirLock> claim_out_dir(const judge::Contest& contest, const std::filesystem::path& out,
                                               const std::string& command) {
    if (auto why = judge::out_dir_unusable(&contest, out)) {
        std::cerr << "sudoku-judge " << command << ": " << *why << "\n";
        return std::nullopt;
    }
    auto locked = judge::lock_out_dir(out);
    if (auto* why = std::get_if<std::string>(&locked)) {
        std::cerr << "sudoku-judge " << command << ": " << *why << "\n";
        return std::nullopt;
    }
    judge::mark_out_dir(out);
    return std::move(std::get<judge::OutDirLock>(locked));
}

std::optional<judge::ShardKey> shard_key_or_report(const judge::Contest& contest,
                                                   const std::optional<std::filesystem::path>& key, bool create,
                                                   const std::string& command) {
    auto loaded = judge::load_shard_key(key.value_or(judge::default_shard_key_file(contest)), create);
    if (auto* why = std::get_if<std::string>(&loaded)) {
        std::cerr << "sudoku-judge " << command << ": " << *why << "\n";
        return std::nullopt;
    }
    return std::get<judge::ShardKey>(std::move(loaded));
}

void show_progress(judge::GradeOptions& options) {
    options.progress = &std::cerr;
    options.notices = &std::cout;
    options.progress_is_terminal = isatty(2);
}

int interrupted(const judge::GradingInterrupted& e) {
    std::cerr << "\nsudoku-judge: stopped by signal " << stop_signal() << ": " << e.what()
              << "; run the same command again to resume\n";
    return sudoku::exit_stopped_by(stop_signal());
}

int report_results(const judge::ContestResults& results, const std::filesystem::path& dir) {
    judge::write_reports(results, dir);
    return print_results(results, dir);
}

int print_results(const judge::ContestResults& results, const std::filesystem::path& dir) {
    const judge::ReportFiles files = judge::report_files(dir);
    judge::print_summary(results, std::cout);
    std::cout << "\nsandbox" << (results.protections_from_runs ? " (weakest of the runs)" : " (start-up probe)") << ": "
              << results.protections.describe() << "\n";
    for (const auto& [index, p] : results.shard_protections)
        std::cout << "shard " << index << ": " << p.describe() << "\n";
    std::cout << "\nwritten: " << files.json.string() << ", " << files.csv.string() << ", " << files.html.string()
              << "\n";
    const int faults = judge::count_judge_faults(results);
    if (faults == 0) return cli::exit_done;
    std::cout << "judge faults: " << faults
              << " result(s) are FAIL (the judge's fault, not the contestants'; reasons in results.json): exit "
                 "status 3\n";
    return cli::exit_done_with_caveat;
}

}  // namespace sudoku::judge_cli
