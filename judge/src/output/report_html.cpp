// report.html: one self-contained page (no network). The scoreboard, the statistics and the
// near-limit runs are plain HTML and SVG; the verdict grids and the per-contestant view are drawn
// by the page's script from its data, written once as JSON.
#include <cmath>
#include <cstdio>
#include <sstream>

#include "report_parts.hpp"
#include "sudoku/common/version.hpp"
#include "sudoku/judge/files/durable_file.hpp"
#include "sudoku/judge/output/report.hpp"

namespace sudoku::judge {

namespace report {

std::string number(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", std::round(x * 1000) / 1000);
    return buf;
}

// Escaped text, its bytes that are not UTF-8 replaced by U+FFFD as in results.json.
std::string html(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (char c : with_valid_utf8(text)) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

}  // namespace report

namespace {

using report::html;
using report::number;

std::string page_head(const ContestResults& results) {
    std::ostringstream h;
    h << "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << html(results.contest)
      << " results</title><style>" << report::kStyle << "</style></head><body>\n";
    h << "<h1>" << html(results.contest) << "</h1>\n<p class=\"t\">Sandbox: " << html(results.protections.describe())
      << (results.protections_from_runs ? "" : " (start-up probe: no run yet)") << "</p>\n";
    for (const auto& [index, p] : results.shard_protections)
        h << "<p class=\"t\">Shard " << index << ": " << html(p.describe()) << "</p>\n";
    h << "<p class=\"t\">Graded by sudoku-judge " << html(toolkit_version()) << "</p>\n";
    h << "<nav><a href=\"#scoreboard-title\">Scoreboard</a><a href=\"#statistics\">Statistics</a>"
         "<a href=\"#near-limit\">Near the time limit</a><a href=\"#tests\">Verdicts per test</a></nav>\n";
    return h.str();
}

std::string scoreboard(const ContestResults& results) {
    std::ostringstream h;
    h << "<h2 id=\"scoreboard-title\">Scoreboard</h2>\n<div id=\"filters\" hidden><input type=\"search\" "
         "id=\"search\" placeholder=\"search a contestant\" aria-label=\"search a contestant\"><select "
         "id=\"language\" aria-label=\"language\"></select><select id=\"outcome\" aria-label=\"result of a "
         "problem\"></select><span id=\"shown\" class=\"t\"></span> <span class=\"t\">Click a header to sort, a "
         "name for the contestant's whole record.</span></div>\n"
         "<table id=\"scoreboard\"><thead><tr><th onclick=\"sortBy(this)\">rank</th>"
         "<th onclick=\"sortBy(this)\">contestant</th><th onclick=\"sortBy(this)\">total</th>";
    for (size_t i = 0; i < results.problems.size(); ++i)
        h << "<th onclick=\"sortBy(this)\">" << html(results.problems[i]) << " <span class=\"t\">/"
          << number(results.problem_max_points[i]) << "</span></th>";
    h << "</tr></thead><tbody>\n";
    for (size_t i = 0; i < results.contestants.size(); ++i) {
        const ContestantResult& c = results.contestants[i];
        h << "<tr class=\"contestant\" data-i=\"" << i << "\"><td>" << c.rank << "</td><td class=\"name\">"
          << html(c.name) << "</td><td class=\"total\" data-v=\"" << number(c.total) << "\">" << number(c.total)
          << "</td>";
        for (const auto& p : c.problems) {
            const std::string status(to_string(p.status));
            h << "<td data-v=\"" << number(p.points) << "\">" << number(p.points)
              << (p.status == ProblemStatus::graded ? "" : " <span class=\"t\">" + html(status) + "</span>") << "</td>";
        }
        h << "</tr>\n";
    }
    h << "</tbody></table>\n";
    return h.str();
}

}  // namespace

void write_report_html(const ContestResults& results, const std::filesystem::path& file) {
    std::ostringstream h;
    h << page_head(results) << scoreboard(results) << "<section id=\"contestant\" hidden></section>\n"
      << report::statistics_section(results, contest_statistics(results))
      << "<h2 id=\"tests\">Verdicts per test</h2>\n<p class=\"t\">Each box: the verdict and the CPU time; hover for "
         "the checker's reason, time and memory. The first wrong answer of each row is spelled out beneath it.</p>"
         "<div id=\"grids\"><noscript><p>The verdict grids and the per-contestant view are drawn by the page's "
         "script; results.json and results.csv hold every run.</p></noscript></div>\n"
      << "<script type=\"application/json\" id=\"report-data\">" << report::page_data_json(results)
      << "</script>\n<script>" << report::kScript << "</script>\n</body></html>\n";
    write_file_durably(file, h.str());
}

}  // namespace sudoku::judge
