// Rendering results: results.json, results.csv, report.html (self-contained) and the terminal
// summary table. All read the same ContestResults; none computes a score.
#pragma once

#include <filesystem>
#include <ostream>

#include "sudoku/judge/output/results.hpp"

namespace sudoku::judge {

void write_results_json(const ContestResults& results, const std::filesystem::path& file);
// One row per contestant, problem and test: rank, contestant, total, problem, problem points,
// test, group, verdict, points, cpu_s, wall_s, peak_kib, reason.
void write_results_csv(const ContestResults& results, const std::filesystem::path& file);
// Scoreboard (sortable by clicking a header), per-test verdict grid with colours, time, memory,
// and the reason on hover (title) and on click.
void write_report_html(const ContestResults& results, const std::filesystem::path& file);
void print_summary(const ContestResults& results, std::ostream& out);

// The three reports of a run, written together by every command that grades or merges.
struct ReportFiles {
    std::filesystem::path json, csv, html;  // DIR/results.json, DIR/results.csv, DIR/report.html
};
ReportFiles report_files(const std::filesystem::path& dir);
ReportFiles write_reports(const ContestResults& results, const std::filesystem::path& dir);

}  // namespace sudoku::judge
