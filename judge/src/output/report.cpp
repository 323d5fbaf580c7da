// results.json, results.csv and the terminal summary of sudoku/judge/output/report.hpp (report.html: report_html.cpp).
#include "sudoku/judge/output/report.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "report_parts.hpp"
#include "sudoku/judge/files/durable_file.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

using report::number;

// A text cell: invalid UTF-8 replaced as in results.json, and a cell a spreadsheet would read as a
// formula (=, +, -, @, tab, CR first: OWASP's list) starts with an apostrophe.
std::string csv_field(const std::string& text) {
    std::string s = with_valid_utf8(text);
    if (!s.empty() && std::string_view("=+-@\t\r").find(s[0]) != std::string_view::npos) s.insert(0, 1, '\'');
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

void write_or_throw(const fs::path& file, const std::string& text) { write_file_durably(file, text); }

}  // namespace

void write_results_json(const ContestResults& results, const fs::path& file) {
    // Reasons quote contestants' bytes: invalid UTF-8 becomes U+FFFD instead of an exception.
    write_or_throw(file, to_json(results).dump(2, ' ', false, kInvalidUtf8) + "\n");
}

void write_results_csv(const ContestResults& results, const fs::path& file) {
    std::ostringstream out;
    out << "rank,contestant,total,problem,problem_points,problem_status,language,test,group,verdict,points,cpu_s,"
           "wall_s,peak_kib,reason\n";
    for (const auto& c : results.contestants)
        for (const auto& p : c.problems) {
            std::string head = std::to_string(c.rank) + "," + csv_field(c.name) + "," + number(c.total) + "," +
                               csv_field(p.problem) + "," + number(p.points) + "," + std::string(to_string(p.status)) +
                               "," + csv_field(p.language) + ",";
            if (p.tests.empty()) out << head << ",,,,,,," << csv_field(p.compile_message.substr(0, 200)) << "\n";
            for (const auto& t : p.tests)
                out << head << csv_field(t.test) << "," << csv_field(t.group) << "," << verdict_name(t.verdict) << ","
                    << number(t.points) << "," << number(t.cpu_s) << "," << number(t.wall_s) << "," << t.peak_kib << ","
                    << csv_field(t.reason) << "\n";
        }
    write_or_throw(file, out.str());
}

void print_summary(const ContestResults& results, std::ostream& out) {
    size_t width = 10;
    for (const auto& c : results.contestants) width = std::max(width, c.name.size() + 1);
    out << std::left << std::setw(5) << "rank" << std::setw(static_cast<int>(width)) << "contestant" << std::right
        << std::setw(8) << "total";
    for (const auto& p : results.problems)
        out << "  " << std::setw(static_cast<int>(std::max<size_t>(p.size(), 7))) << p;
    out << "\n";
    for (const auto& c : results.contestants) {
        out << std::left << std::setw(5) << c.rank << std::setw(static_cast<int>(width)) << c.name << std::right
            << std::setw(8) << number(c.total);
        for (size_t i = 0; i < c.problems.size(); ++i) {
            const auto& p = c.problems[i];
            std::string cell = p.status == ProblemStatus::graded
                                   ? number(p.points)
                                   : number(p.points) + " " + std::string(to_string(p.status));
            out << "  " << std::setw(static_cast<int>(std::max<size_t>(results.problems[i].size(), 7))) << cell;
        }
        out << "\n";
    }
}

ReportFiles report_files(const fs::path& dir) {
    return {dir / "results.json", dir / "results.csv", dir / "report.html"};
}

ReportFiles write_reports(const ContestResults& results, const fs::path& dir) {
    const ReportFiles files = report_files(dir);
    write_results_json(results, files.json);
    write_results_csv(results, files.csv);
    write_report_html(results, files.html);
    return files;
}

}  // namespace sudoku::judge
