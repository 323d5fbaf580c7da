// report.html of 300 fabricated contestants (3 problems x 16 tests, tests/support/synthetic_results.hpp)
// as a host and a setter use it, in Debian's headless Chromium: the charts are in the DOM, sorting,
// search and filters act on the scoreboard, a name opens the contestant's whole record, a wrong
// answer's first difference is spelled out. Clicks and typing are done by a test-only script added
// to a copy of the page, which writes what it saw into the DOM for --dump-dom to read back: no
// DevTools protocol client to maintain, and the page's own code does the work. Screenshots of each
// view land in the build folder (build-*/report-views/) for a person to look at.
#include <regex>

#include "report_fixture.hpp"
#include "sudoku/judge/output/report.hpp"
#include "sudoku/judge/output/statistics.hpp"
#include "support/headless_chromium.hpp"
#include "support/synthetic_results.hpp"

using namespace sudoku::judge;
using namespace sudoku::testing;
namespace fs = std::filesystem;

namespace {

constexpr int kContestants = 300;

const ContestResults& results() {
    static const ContestResults r = synthetic_results(kContestants);
    return r;
}

// The report of results(), written once per test process.
fs::path page() {
    static const fs::path file = [] {
        const fs::path dir = fs::path(SUDOKU_BINARY_DIR) / "report-views";
        fs::create_directories(dir);
        write_report_html(results(), dir / "report.html");
        return dir / "report.html";
    }();
    return file;
}

int count(const std::string& text, const std::string& pattern) {
    const std::regex re(pattern);
    return static_cast<int>(std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator()));
}

// The value of `data-NAME="..."` in the DOM, which the probe wrote.
std::string probed(const std::string& dom, const std::string& name) {
    std::smatch m;
    INFO("the probe's data-" << name);
    REQUIRE(std::regex_search(dom, m, std::regex("data-" + name + "=\"([^\"]*)\"")));
    return m[1];
}

std::string dom_with_probe(const std::string& name, const std::string& script) {
    const fs::path copy = page().parent_path() / (name + ".html");
    with_probe(page(), copy, script);
    return dump_dom(copy);
}

}  // namespace

TEST_CASE("report page: in Chromium the DOM holds the histograms, pass rates and every run's verdict") {
    const std::string dom = dump_dom(page());
    const ContestStatistics s = contest_statistics(results());
    CHECK(count(dom, "<svg class=\"chart histogram\"") == 1 + static_cast<int>(results().problems.size()));
    // The totals' histogram is the first: its bars hold the statistics' counts, in order.
    std::vector<int> bars;
    const std::regex bar("<rect class=\"bar\" data-count=\"([0-9]+)\"");
    for (auto it = std::sregex_iterator(dom.begin(), dom.end(), bar); it != std::sregex_iterator(); ++it)
        bars.push_back(std::stoi((*it)[1]));
    REQUIRE(bars.size() >= s.totals.counts.size());
    CHECK(std::vector<int>(bars.begin(), bars.begin() + 10) == s.totals.counts);
    CHECK(count(dom, "<tr class=\"test-stat\">") == 48);
    CHECK(count(dom, "<svg class=\"mix\"") == 48 + 12);   // a verdict mix per test and per group
    CHECK(dom.find(">TLE</text>") != std::string::npos);  // mixes carry their letters
    // The grids, drawn by the script: one box per run.
    int runs = 0;
    for (const auto& c : results().contestants)
        for (const auto& p : c.problems) runs += static_cast<int>(p.tests.size());
    CHECK(count(dom, "<span class=\"v [A-Z]+\" data-test=") == runs);
    CHECK(count(dom, "<table class=\"grid\" data-problem=\"[a-z0-9-]+\"") == 3);  // not the script's text
    CHECK(count(dom, "<tr class=\"contestant\"") == kContestants);
    CHECK(dom.find("data-ready-ms=") != std::string::npos);
    CHECK(dom.find("http://") == std::string::npos);
    CHECK(dom.find("https://") == std::string::npos);
}

TEST_CASE("report page: a wrong answer's first difference, expected against found, is shown beside its row") {
    const std::string dom = dump_dom(page());
    int rows_with_wrong = 0;
    std::string first_reason;
    for (const auto& c : results().contestants)
        for (const auto& p : c.problems)
            for (const auto& t : p.tests)
                if (t.verdict == Verdict::WA || t.verdict == Verdict::PE) {
                    ++rows_with_wrong;
                    if (first_reason.empty() && t.verdict == Verdict::WA) first_reason = t.reason;
                    break;
                }
    CHECK(count(dom, "<div class=\"first-diff\">first [A-Z]+, test") == rows_with_wrong);
    std::smatch m;
    REQUIRE(std::regex_match(first_reason, m, std::regex("token 1: expected ([0-9]+), found ([0-9]+)")));
    CHECK(dom.find("<span class=\"exp\">expected <code>" + std::string(m[1]) +
                   "</code></span> <span class=\"fnd\">found <code>" + std::string(m[2]) + "</code></span>") !=
          std::string::npos);
}

TEST_CASE("report page: clicking the total header sorts the scoreboard, twice reverses it") {
    const std::string dom = dom_with_probe("probe-sort", R"(
const th=[...document.querySelectorAll('#scoreboard th')].find(h=>h.textContent==='total');
const order=()=>[...document.querySelectorAll('#scoreboard tbody td.total')].map(td=>td.textContent).join(' ');
th.click();document.body.dataset.first=order();th.click();document.body.dataset.second=order();)");
    auto numbers = [](const std::string& text) {
        std::vector<double> v;
        std::istringstream in(text);
        for (double x; in >> x;) v.push_back(x);
        return v;
    };
    const auto first = numbers(probed(dom, "first")), second = numbers(probed(dom, "second"));
    REQUIRE(first.size() == kContestants);
    CHECK(std::is_sorted(first.rbegin(), first.rend()));
    CHECK(std::is_sorted(second.begin(), second.end()));
    CHECK(first.front() > first.back());
}

TEST_CASE("report page: the search and the filters leave the matching scoreboard rows only") {
    const std::string dom = dom_with_probe("probe-search", R"(
const shown=()=>[...document.querySelectorAll('#scoreboard tbody tr')].filter(r=>!r.hidden);
const search=document.getElementById('search'),outcome=document.getElementById('outcome');
search.value='ant-001';search.dispatchEvent(new Event('input'));
document.body.dataset.searched=shown().map(r=>r.cells[1].textContent).join(' ');
search.value='';search.dispatchEvent(new Event('input'));
outcome.value='0:full';outcome.dispatchEvent(new Event('input'));
document.body.dataset.full=shown().length;document.body.dataset.counter=document.getElementById('shown').textContent;)");
    std::string expected;
    for (const auto& c : results().contestants)
        if (c.name.find("ant-001") != std::string::npos) expected += (expected.empty() ? "" : " ") + c.name;
    // The scoreboard is ranked, so compare as sets of names.
    auto sorted_words = [](const std::string& text) {
        std::vector<std::string> w;
        std::istringstream in(text);
        for (std::string x; in >> x;) w.push_back(x);
        std::sort(w.begin(), w.end());
        return w;
    };
    CHECK(sorted_words(probed(dom, "searched")) == sorted_words(expected));
    CHECK(sorted_words(expected).size() == 10);
    int full = 0;
    for (const auto& c : results().contestants) full += c.problems[0].points >= 100 ? 1 : 0;
    CHECK(full > 0);
    CHECK(probed(dom, "full") == std::to_string(full));
    CHECK(probed(dom, "counter") == std::to_string(full) + " of " + std::to_string(kContestants) + " shown");
}

TEST_CASE("report page: clicking a contestant's name opens their whole record") {
    const ContestantResult& who = results().contestants[7];
    const std::string dom = dom_with_probe("probe-contestant", R"(
const td=[...document.querySelectorAll('#scoreboard td.name')].find(t=>t.textContent===')" +
                                                                   who.name + R"(');
td.click();window.dispatchEvent(new HashChangeEvent('hashchange'));
const view=document.getElementById('contestant');
document.body.dataset.open=String(!view.hidden);
document.body.dataset.who=view.querySelector('h2').textContent;
document.body.dataset.runs=view.querySelectorAll('table.runs tbody tr').length;)");
    CHECK(probed(dom, "open") == "true");
    CHECK(probed(dom, "who") == who.name);
    int runs = 0;
    for (const auto& p : who.problems) runs += static_cast<int>(p.tests.size());
    CHECK(probed(dom, "runs") == std::to_string(runs));
}

TEST_CASE("report page: without script the scoreboard, the charts and the near-limit runs are there") {
    const std::string html = read_page(page());
    CHECK(count(html, "<tr class=\"contestant\"") == kContestants);
    CHECK(count(html, "<svg class=\"chart histogram\"") == 4);
    const size_t near = contest_statistics(results()).near_limit.size();
    REQUIRE(near > 0);
    CHECK(html.find("<p class=\"t\">" + std::to_string(near) + " runs used at least 90 %") != std::string::npos);
    CHECK(html.find("<noscript>") != std::string::npos);
}

TEST_CASE("report page: Chromium draws each view to a screenshot in the build folder") {
    const fs::path dir = page().parent_path();
    // Each view first on the page: what comes before it is taken away (a headless screenshot is
    // of the page's top, whatever was scrolled).
    auto first = [](const std::string& id) {
        return "const keep=document.getElementById('" + id +
               "');while(keep.previousElementSibling)keep.previousElementSibling.remove();";
    };
    const std::pair<const char*, std::string> views[] = {
        {"scoreboard", ""},           {"statistics", first("statistics")}, {"near-limit", first("near-limit")},
        {"verdicts", first("tests")}, {"contestant", "report.open(3);"},
    };
    for (const auto& [view, script] : views) {
        INFO(view);
        const fs::path copy = dir / ("view-" + std::string(view) + ".html"),
                       png = dir / ("view-" + std::string(view) + ".png");
        with_probe(page(), copy, script);
        screenshot(copy, png);
        REQUIRE(fs::exists(png));
        CHECK(fs::file_size(png) > 10000);  // a blank page is a few KiB
    }
}
