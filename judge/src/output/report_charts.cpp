// report.html's statistics section: histograms and verdict mixes drawn as inline SVG, pass-rate
// tables and the near-limit list, all plain HTML (readable without script, and in print).
#include <algorithm>
#include <sstream>

#include "report_parts.hpp"

namespace sudoku::judge::report {

namespace {

constexpr size_t kNearLimitRowsShown = 200;  // the rest are in results.json

std::string percent(int part, int whole) { return whole > 0 ? number(100.0 * part / whole) + " %" : "-"; }

// Where a histogram's horizontal axis lies on the drawing, in pixels.
struct Axis {
    int left = 0;
    int width = 0;
};

// The box plot beneath a histogram: whiskers from min to max, the box between the quartiles, the
// median as a thick line; x is a score's place on the histogram's axis.
void draw_spread(std::ostringstream& svg, const Spread& s, double max, Axis axis, int y) {
    if (s.count == 0 || max <= 0) return;
    auto x = [&](double v) { return axis.left + static_cast<int>(std::clamp(v / max, 0.0, 1.0) * axis.width); };
    svg << "<g class=\"spread\"><title>min " << number(s.min) << ", quartiles " << number(s.lower_quartile) << " / "
        << number(s.median) << " / " << number(s.upper_quartile) << ", max " << number(s.max) << ", mean "
        << number(s.mean) << "</title><line x1=\"" << x(s.min) << "\" x2=\"" << x(s.max) << "\" y1=\"" << y + 5
        << "\" y2=\"" << y + 5 << "\"/><rect x=\"" << x(s.lower_quartile) << "\" y=\"" << y << "\" width=\""
        << std::max(1, x(s.upper_quartile) - x(s.lower_quartile)) << "\" height=\"10\"/><line class=\"median\" x1=\""
        << x(s.median) << "\" x2=\"" << x(s.median) << "\" y1=\"" << y - 2 << "\" y2=\"" << y + 12 << "\"/></g>";
}

std::string group_rows(const ProblemStatistics& p) {
    std::ostringstream h;
    for (const auto& g : p.groups)
        h << "<tr><td class=\"name\">" << html(g.name) << "</td><td data-v=\"" << g.passed << "\">" << g.passed << " / "
          << g.submissions << "</td><td>" << percent(g.passed, g.submissions) << "</td><td>"
          << verdict_mix_svg(g.verdicts, 240) << "</td></tr>\n";
    return h.str();
}

// What a test does to the field, in words a setter scans for.
std::string test_note(const TestStatistics& t) {
    if (t.runs == 0) return "";
    if (t.passed == t.runs) return "everyone passes";
    if (t.passed == 0) return "no one passes";
    return "";
}

std::string test_rows(const ProblemStatistics& p) {
    std::ostringstream h;
    for (const auto& t : p.tests)
        h << "<tr class=\"test-stat\"><td class=\"name\">" << html(t.test) << "</td><td class=\"name\">"
          << html(t.group) << "</td><td class=\"rate\" data-v=\"" << (t.runs ? 1.0 * t.passed / t.runs : 0) << "\">"
          << percent(t.passed, t.runs) << "</td><td>" << verdict_mix_svg(t.verdicts, 240) << "</td><td class=\"t\">"
          << test_note(t) << "</td></tr>\n";
    return h.str();
}

std::string problem_block(const ContestResults& results, const ProblemStatistics& p, size_t i) {
    std::ostringstream h;
    const double max = i < results.problem_max_points.size() ? results.problem_max_points[i] : 0;
    h << "<div class=\"problem-stats\"><h3>" << html(p.problem) << " <span class=\"t\">/" << number(max)
      << "</span></h3>" << histogram_svg(p.histogram, p.spread, "points of " + p.problem, 360, 150) << "<p class=\"t\">"
      << p.submitted << " submitted, " << p.graded << " compiled; full score " << p.full_score << ", zero " << p.zero
      << "; median " << number(p.spread.median) << ", mean " << number(p.spread.mean) << "</p>"
      << "<table class=\"groups\"><thead><tr><th>group</th><th>passed</th><th>rate</th><th>verdicts of its runs</th>"
         "</tr></thead><tbody>\n"
      << group_rows(p) << "</tbody></table><details><summary>per test</summary><table class=\"tests\"><thead><tr>"
      << "<th>test</th><th>group</th><th>AC rate</th><th>verdicts</th><th></th></tr></thead><tbody>\n"
      << test_rows(p) << "</tbody></table></details></div>\n";
    return h.str();
}

std::string near_limit_table(const ContestStatistics& s) {
    std::ostringstream h;
    h << "<h2 id=\"near-limit\">Runs near the time limit</h2>\n<p class=\"t\">" << s.near_limit.size()
      << " runs used at least " << number(kNearLimitShare * 100)
      << " % of their CPU time limit without exceeding it: a re-run may change their verdict.</p>\n";
    if (s.near_limit.empty()) return h.str();
    h << "<table id=\"near\"><thead><tr><th>contestant</th><th>problem</th><th>test</th><th>verdict</th><th>CPU s</th>"
         "<th>limit s</th><th>share</th></tr></thead><tbody>\n";
    for (size_t i = 0; i < s.near_limit.size() && i < kNearLimitRowsShown; ++i) {
        const NearLimitRun& r = s.near_limit[i];
        const std::string v(verdict_name(r.verdict));
        h << "<tr><td class=\"name\"><a class=\"who\" href=\"#contestant=" << html(r.contestant) << "\">"
          << html(r.contestant) << "</a></td><td>" << html(r.problem) << "</td><td>" << html(r.test)
          << "</td><td><span class=\"v " << v << "\">" << v << "</span></td><td>" << number(r.cpu_s) << "</td><td>"
          << number(r.limit_s) << "</td><td>" << number(100 * r.cpu_s / r.limit_s) << " %</td></tr>\n";
    }
    h << "</tbody></table>\n";
    if (s.near_limit.size() > kNearLimitRowsShown)
        h << "<p class=\"t\">and " << s.near_limit.size() - kNearLimitRowsShown
          << " more (results.json lists them all).</p>\n";
    return h.str();
}

}  // namespace

std::string histogram_svg(const Histogram& h, const Spread& s, const std::string& title, int width, int height) {
    const int left = 34, bottom = 38, top = 8, plot_w = width - left - 8, plot_h = height - top - bottom;
    const int most = h.counts.empty() ? 0 : *std::max_element(h.counts.begin(), h.counts.end());
    std::ostringstream svg;
    svg << "<svg class=\"chart histogram\" role=\"img\" width=\"" << width << "\" height=\"" << height
        << "\" viewBox=\"0 0 " << width << " " << height << "\"><title>" << html(title) << "</title>"
        << "<line class=\"axis\" x1=\"" << left << "\" y1=\"" << top + plot_h << "\" x2=\"" << left + plot_w
        << "\" y2=\"" << top + plot_h << "\"/><text x=\"" << left - 4 << "\" y=\"" << top + 9
        << "\" text-anchor=\"end\">" << most << "</text><text x=\"" << left - 4 << "\" y=\"" << top + plot_h
        << "\" text-anchor=\"end\">0</text>";
    const size_t bins = h.counts.size();
    for (size_t i = 0; i < bins; ++i) {
        const int x = left + static_cast<int>(plot_w * i / bins), w = std::max(1, plot_w / static_cast<int>(bins) - 2);
        const int bar = most > 0 ? plot_h * h.counts[i] / most : 0;
        const double from = h.bin_width * static_cast<double>(i);
        svg << "<rect class=\"bar\" data-count=\"" << h.counts[i] << "\" x=\"" << x + 1 << "\" y=\""
            << top + plot_h - bar << "\" width=\"" << w << "\" height=\"" << bar << "\"><title>" << number(from)
            << (i + 1 == bins ? " to " : " to under ") << number(from + h.bin_width) << ": " << h.counts[i]
            << "</title></rect>";
    }
    for (size_t i = 0; i <= bins; i += std::max<size_t>(1, bins / 5))
        svg << "<text x=\"" << left + static_cast<int>(plot_w * i / std::max<size_t>(1, bins)) << "\" y=\""
            << top + plot_h + 12 << "\" text-anchor=\"middle\">" << number(h.bin_width * static_cast<double>(i))
            << "</text>";
    draw_spread(svg, s, h.max, Axis{left, plot_w}, top + plot_h + 20);
    svg << "</svg>";
    return svg.str();
}

std::string verdict_mix_svg(const VerdictCounts& counts, int width) {
    int total = 0;
    for (int c : counts) total += c;
    std::ostringstream svg;
    svg << "<svg class=\"mix\" width=\"" << width << "\" height=\"16\" viewBox=\"0 0 " << width << " 16\">";
    int x = 0;
    for (size_t v = 0; v < counts.size() && total > 0; ++v) {
        if (counts[v] == 0) continue;
        const std::string name(verdict_name(static_cast<Verdict>(v)));
        const int w = std::max(1, width * counts[v] / total);
        svg << "<g><title>" << name << ": " << counts[v] << "</title><rect class=\"" << name << "\" x=\"" << x
            << "\" width=\"" << w << "\" height=\"16\"/>";
        if (w >= 8 * static_cast<int>(name.size()) + 4)
            svg << "<text class=\"on-" << name << "\" x=\"" << x + 2 << "\" y=\"12\">" << name << "</text>";
        svg << "</g>";
        x += w;
    }
    svg << "</svg>";
    return svg.str();
}

std::string statistics_section(const ContestResults& results, const ContestStatistics& s) {
    std::ostringstream h;
    h << "<h2 id=\"statistics\">Statistics</h2>\n<div class=\"problem-stats\"><h3>Totals <span class=\"t\">/"
      << number(s.totals.max) << "</span></h3>"
      << histogram_svg(s.totals, s.totals_spread,
                       "totals of " + std::to_string(results.contestants.size()) + " contestants", 480, 170)
      << "<p class=\"t\">" << s.totals_spread.count << " contestants; median " << number(s.totals_spread.median)
      << ", mean " << number(s.totals_spread.mean) << ", quartiles " << number(s.totals_spread.lower_quartile) << " / "
      << number(s.totals_spread.upper_quartile) << "</p></div>\n";
    for (size_t i = 0; i < s.problems.size(); ++i) h << problem_block(results, s.problems[i], i);
    h << near_limit_table(s);
    return h.str();
}

}  // namespace sudoku::judge::report
