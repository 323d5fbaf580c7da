// The example's report.html rendered by Debian's headless Chromium: what a person sees in a
// browser must say what results.json says. Also saves a screenshot (example-contest/report.png).
#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "example_run.hpp"
#include "support/headless_chromium.hpp"

using namespace sudoku::testing;
namespace fs = std::filesystem;

namespace {

// The report's own number format (at most three decimals, no trailing zeros).
std::string number(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", x);
    return buf;
}

}  // namespace

TEST_CASE("report.html in headless Chromium shows every contestant, problem, verdict and total of results.json") {
    nlohmann::json r = example_results();
    std::string dom = dump_dom(example_out() / "report.html");  // the verdict grids drawn by the script
    REQUIRE(dom.find("id=\"scoreboard\"") != std::string::npos);

    // Scoreboard rows as rendered: contestant name -> total.
    std::map<std::string, std::string> totals;
    std::regex row(
        R"re(<tr class="contestant"[^>]*>.*?<td class="name">([^<]*)</td><td class="total"[^>]*>([^<]*)</td>)re");
    for (auto it = std::sregex_iterator(dom.begin(), dom.end(), row); it != std::sregex_iterator(); ++it)
        totals[(*it)[1]] = (*it)[2];
    CHECK(totals.size() == r.at("contestants").size());
    for (const auto& c : r.at("contestants")) {
        INFO(c.at("name"));
        REQUIRE(totals.count(c.at("name")));
        CHECK(totals[c.at("name")] == number(c.at("total").get<double>()));
    }
    for (const auto& p : r.at("problems"))
        CHECK(dom.find("<h3>" + p.at("name").get<std::string>() + "</h3>") != std::string::npos);

    // Every test's verdict is a coloured cell: the counts per verdict match results.json.
    std::map<std::string, int> expected, shown;
    for (const auto& c : r.at("contestants"))
        for (const auto& p : c.at("problems"))
            for (const auto& t : p.at("tests")) ++expected[t.at("verdict")];
    std::regex cell(R"re(<span class="v ([A-Z]+)" data-test=)re");
    for (auto it = std::sregex_iterator(dom.begin(), dom.end(), cell); it != std::sregex_iterator(); ++it)
        ++shown[(*it)[1]];
    CHECK(shown == expected);
    for (const char* v : {"AC", "WA", "TLE", "MLE", "RE", "MISSING"}) CHECK(shown[v] > 0);

    // The reason of each verdict is on hover (the title): erin's signal, dave's missing file.
    CHECK(dom.find("killed by signal 6") != std::string::npos);
    CHECK(dom.find("stdout") != std::string::npos);
    // Self-contained: nothing is fetched from elsewhere.
    CHECK(dom.find("http://") == std::string::npos);
    CHECK(dom.find("https://") == std::string::npos);
}

TEST_CASE("clicking the scoreboard's total header in Chromium sorts by total") {
    // A copy of the report that clicks the header twice (descending, then ascending) and records
    // the order it sees, so that --dump-dom shows the result of the page's own sorting code.
    fs::path copy = example_dir() / "report-sort-probe.html";
    with_probe(example_out() / "report.html", copy, R"(
const th=[...document.querySelectorAll('#scoreboard th')].find(h=>h.textContent==='total');
const order=()=>[...document.querySelectorAll('#scoreboard tbody tr td.total')].map(td=>td.textContent).join(' ');
th.click();document.body.dataset.first=order();th.click();document.body.dataset.second=order();)");
    std::string dom = dump_dom(copy);

    std::smatch first, second;
    REQUIRE(std::regex_search(dom, first, std::regex(R"re(data-first="([^"]*)")re")));
    REQUIRE(std::regex_search(dom, second, std::regex(R"re(data-second="([^"]*)")re")));
    auto numbers = [](const std::string& s) {
        std::vector<double> v;
        std::istringstream in(s);
        for (double x; in >> x;) v.push_back(x);
        return v;
    };
    std::vector<double> a = numbers(first[1]), b = numbers(second[1]);
    REQUIRE(a.size() == example_results().at("contestants").size());
    CHECK(std::is_sorted(a.rbegin(), a.rend()));
    CHECK(std::is_sorted(b.begin(), b.end()));
    CHECK(a.front() > a.back());
}

TEST_CASE("Chromium renders report.html to a screenshot") {
    fs::path shot = example_dir() / "report.png";
    screenshot(example_out() / "report.html", shot);
    REQUIRE(fs::exists(shot));
    CHECK(fs::file_size(shot) > 10000);  // a blank page is a few KiB; the report is much more
}
