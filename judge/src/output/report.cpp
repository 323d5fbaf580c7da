// The renderers of sudoku/report.hpp.
#include "sudoku/report.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "sudoku/durable_file.hpp"
#include "sudoku/version.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

std::string number(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", std::round(x * 1000) / 1000);
    return buf;
}

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

// Escaped text, its bytes that are not UTF-8 replaced by U+FFFD as in results.json.
std::string html(const std::string& text) {
    std::string out;
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

void write_or_throw(const fs::path& file, const std::string& text) { write_file_durably(file, text); }

const char* kStyle = R"(
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:.3em .6em;text-align:center}
th{background:#f3f3f3;cursor:pointer}td.name{text-align:left}
.v{display:inline-block;min-width:3.2em;margin:1px;padding:2px 3px;border-radius:3px;font-size:.8em;color:#fff;cursor:help}
.AC{background:#2e7d32}.PC{background:#9e9d24}.WA{background:#c62828}.PE{background:#ef6c00}.TLE{background:#6a1b9a}
.MLE{background:#283593}.RE{background:#ad1457}.OLE{background:#4e342e}.MISSING{background:#757575}.CE{background:#455a64}
.FAIL{background:#000}.t{font-size:.7em;color:#555}#detail{white-space:pre-wrap;background:#fafafa;border:1px solid #ddd;padding:.5em}
)";

const char* kScript = R"(
function sortBy(th){const t=th.closest('table'),i=[...th.parentNode.children].indexOf(th),b=t.tBodies[0];
const rows=[...b.rows],num=rows.every(r=>!isNaN(parseFloat(r.cells[i].dataset.v??r.cells[i].textContent)));
const dir=th.dataset.dir==='asc'?-1:1;th.dataset.dir=dir===1?'asc':'desc';
rows.sort((x,y)=>{const a=x.cells[i].dataset.v??x.cells[i].textContent,c=y.cells[i].dataset.v??y.cells[i].textContent;
return num?dir*(parseFloat(c)-parseFloat(a)):dir*a.localeCompare(c)});rows.forEach(r=>b.appendChild(r));}
function show(e){document.getElementById('detail').textContent=e.title;}
)";

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

void write_report_html(const ContestResults& results, const fs::path& file) {
    std::ostringstream h;
    h << "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>" << html(results.contest)
      << " results</title><style>" << kStyle << "</style><script>" << kScript << "</script></head><body>\n";
    h << "<h1>" << html(results.contest) << "</h1>\n<p class=\"t\">Sandbox: " << html(results.protections.describe())
      << (results.protections_from_runs ? "" : " (start-up probe: no run yet)") << "</p>\n";
    for (const auto& [index, p] : results.shard_protections)
        h << "<p class=\"t\">Shard " << index << ": " << html(p.describe()) << "</p>\n";
    h << "<p class=\"t\">Graded by sudoku-judge " << html(toolkit_version()) << "</p>\n";
    h << "<h2>Scoreboard</h2>\n<table id=\"scoreboard\"><thead><tr><th onclick=\"sortBy(this)\">rank</th>"
         "<th onclick=\"sortBy(this)\">contestant</th><th onclick=\"sortBy(this)\">total</th>";
    for (size_t i = 0; i < results.problems.size(); ++i)
        h << "<th onclick=\"sortBy(this)\">" << html(results.problems[i]) << " <span class=\"t\">/"
          << number(results.problem_max_points[i]) << "</span></th>";
    h << "</tr></thead><tbody>\n";
    for (const auto& c : results.contestants) {
        h << "<tr class=\"contestant\"><td>" << c.rank << "</td><td class=\"name\">" << html(c.name)
          << "</td><td class=\"total\" data-v=\"" << number(c.total) << "\">" << number(c.total) << "</td>";
        for (const auto& p : c.problems) {
            const std::string status(to_string(p.status));
            h << "<td data-v=\"" << number(p.points) << "\" title=\"" << html(status) << "\">" << number(p.points)
              << (p.status == ProblemStatus::graded ? "" : " <span class=\"t\">" + html(status) + "</span>") << "</td>";
        }
        h << "</tr>\n";
    }
    h << "</tbody></table>\n<h2>Tests</h2>\n<p class=\"t\">Hover or click a verdict for its reason, time and "
         "memory.</p>"
         "<div id=\"detail\">(click a verdict)</div>\n";
    for (size_t i = 0; i < results.problems.size(); ++i) {
        h << "<h3>" << html(results.problems[i]) << "</h3>\n<table class=\"grid\"><thead><tr><th>contestant</th>"
          << "<th>language</th><th>points</th><th>tests</th></tr></thead><tbody>\n";
        for (const auto& c : results.contestants) {
            const ProblemResult& p = c.problems[i];
            h << "<tr><td class=\"name\">" << html(c.name) << "</td><td class=\"language\">"
              << html(p.language.empty() && p.status == ProblemStatus::graded ? "binary" : p.language) << "</td><td>"
              << number(p.points) << "</td><td style=\"text-align:left\">";
            if (p.tests.empty())
                h << "<span class=\"v " << (p.status == ProblemStatus::CE ? "CE" : "MISSING")
                  << "\" onclick=\"show(this)\" title=\"" << html(p.compile_message.substr(0, 4000)) << "\">"
                  << html(std::string(to_string(p.status))) << "</span>";
            for (const auto& t : p.tests) {
                std::string title = "test " + t.test + " [" + t.group + "] " + std::string(verdict_name(t.verdict)) +
                                    ": " + t.reason + "\nCPU " + number(t.cpu_s) + " s, wall " + number(t.wall_s) +
                                    " s, memory " + number(static_cast<double>(t.peak_kib) / 1024.0) + " MiB";
                h << "<span class=\"v " << verdict_name(t.verdict) << "\" data-test=\"" << html(t.test)
                  << "\" onclick=\"show(this)\" title=\"" << html(title) << "\">" << verdict_name(t.verdict)
                  << "<br><span style=\"font-size:.8em\">" << number(t.cpu_s) << "s</span></span>";
            }
            h << "</td></tr>\n";
        }
        h << "</tbody></table>\n";
    }
    h << "</body></html>\n";
    write_or_throw(file, h.str());
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
