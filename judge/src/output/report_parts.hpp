// The parts report.html is made of (internal to the judge library): the HTML shell renders the
// scoreboard, the statistics and the near-limit list as plain HTML and inline SVG, so the page says
// what matters without script; the page's data, once as JSON, feeds its script, which renders the
// verdict grids and the per-contestant view and makes the scoreboard searchable.
#pragma once

#include <string>

#include "sudoku/judge/output/results.hpp"
#include "sudoku/judge/output/statistics.hpp"

namespace sudoku::judge::report {

// Text for HTML (element content and quoted attributes alike).
std::string html(const std::string& text);
// A number as the reports write it: at most three decimals, no trailing zeros.
std::string number(double x);

// Inline SVG: the totals' histogram, a problem's histogram with its quartiles beneath.
std::string histogram_svg(const Histogram& h, const Spread& s, const std::string& title, int width, int height);
// A horizontal bar of a verdict mix: one segment per verdict, labelled with its letters.
std::string verdict_mix_svg(const VerdictCounts& counts, int width);

// The statistics section: the histograms, per-test and per-group pass rates, near-limit runs.
std::string statistics_section(const ContestResults& results, const ContestStatistics& s);

// The page's data for its script: contestants, problems, every run, as compact JSON that is safe
// inside <script> (no "<" anywhere: it is escaped as \u003c).
std::string page_data_json(const ContestResults& results);

// The page's style sheet and script.
extern const char* const kStyle;
extern const char* const kScript;

}  // namespace sudoku::judge::report
