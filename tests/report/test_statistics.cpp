// The contest statistics of results.json and report.html: how totals spread, which tests and
// groups separate contestants, which runs came close to their time limit.
#include <functional>
#include <map>
#include <regex>
#include <set>

#include "report_fixture.hpp"
#include "sudoku/judge/output/report.hpp"
#include "sudoku/judge/output/statistics.hpp"
#include "support/synthetic_results.hpp"

using namespace sudoku::judge;
namespace fs = std::filesystem;

namespace {

TestResult run(const std::string& test, const std::string& group, Verdict v, double cpu_s = 0.1) {
    TestResult t{"", "p", test, group, v, v == Verdict::WA ? "token 1: expected 3, found 4" : ""};
    t.cpu_s = cpu_s;
    return t;
}

ProblemResult graded(std::vector<TestResult> tests, double points) {
    ProblemResult p{"p", ProblemStatus::graded, "", points, 10, std::move(tests), {}};
    std::map<std::string, bool> passed;
    for (const auto& t : p.tests) passed.try_emplace(t.group, true).first->second &= t.verdict == Verdict::AC;
    for (const auto& [name, ok] : passed) p.groups.push_back({name, 0, 5, ok});
    return p;
}

// Three contestants on one problem (time limit 1 s), one with a compilation error, one missing.
ContestResults small_contest() {
    ContestResults r;
    r.contest = "stats";
    r.problems = {"p"};
    r.problem_max_points = {10};
    r.problem_time_limits_s = {1};
    auto add = [&](const std::string& name, ProblemResult p) {
        r.contestants.push_back({name, 0, p.points, {std::move(p)}});
    };
    add("ann", graded({run("1", "a", Verdict::AC), run("2", "b", Verdict::AC, 0.95)}, 10));
    add("bob", graded({run("1", "a", Verdict::AC, 0.85), run("2", "b", Verdict::WA, 0.99)}, 5));
    add("cat", graded({run("1", "a", Verdict::AC), run("2", "b", Verdict::TLE, 1.1)}, 5));
    ProblemResult ce{"p", ProblemStatus::CE, "error", 0, 10, {run("1", "a", Verdict::CE), run("2", "b", Verdict::CE)},
                     {}};
    add("dan", ce);
    add("eve", ProblemResult{"p", ProblemStatus::missing, "", 0, 10, {}, {}});
    return r;
}

}  // namespace

TEST_CASE("statistics: a histogram's bins are equal slices of 0..max, the maximum in the last") {
    const Histogram h = histogram_of({0, 9.99, 10, 55, 99.9, 100}, 100);
    REQUIRE(h.counts.size() == 10);
    CHECK(h.bin_width == 10);
    CHECK(h.counts == std::vector<int>{2, 1, 0, 0, 0, 1, 0, 0, 0, 2});
    CHECK(histogram_of({0, 0}, 0).counts == std::vector<int>{2});  // a contest worth nothing: one bin
}

TEST_CASE("statistics: the spread of scores is their quartiles, median and mean") {
    const Spread s = spread_of({5, 1, 4, 2, 3});
    CHECK(s.count == 5);
    CHECK(s.min == 1);
    CHECK(s.lower_quartile == 2);
    CHECK(s.median == 3);
    CHECK(s.upper_quartile == 4);
    CHECK(s.max == 5);
    CHECK(s.mean == 3);
    CHECK(spread_of({}).count == 0);
}

TEST_CASE("statistics: a test's pass rate counts the graded submissions only, with its verdict mix") {
    const ContestStatistics s = contest_statistics(small_contest());
    REQUIRE(s.problems.size() == 1);
    const ProblemStatistics& p = s.problems[0];
    CHECK(p.submitted == 4);  // eve submitted nothing
    CHECK(p.graded == 3);     // dan's did not compile
    CHECK(p.full_score == 1);
    CHECK(p.zero == 1);
    REQUIRE(p.tests.size() == 2);
    CHECK(p.tests[0].runs == 3);
    CHECK(p.tests[0].passed == 3);
    CHECK(p.tests[1].passed == 1);
    CHECK(p.tests[1].verdicts[static_cast<size_t>(Verdict::WA)] == 1);
    CHECK(p.tests[1].verdicts[static_cast<size_t>(Verdict::TLE)] == 1);
    CHECK(p.tests[1].verdicts[static_cast<size_t>(Verdict::CE)] == 0);
    REQUIRE(p.groups.size() == 2);
    CHECK(p.groups[1].name == "b");
    CHECK(p.groups[1].submissions == 3);
    CHECK(p.groups[1].passed == 1);
    CHECK(s.totals.counts.back() == 1);  // ann's full 10
    CHECK(s.totals_spread.count == 5);
}

TEST_CASE("statistics: runs at 90 % of the time limit or more, not stopped by it, are near the limit") {
    const ContestStatistics s = contest_statistics(small_contest());
    REQUIRE(s.near_limit.size() == 2);  // bob's WA at 0.99 s, ann's AC at 0.95 s; not bob's 0.85, not cat's TLE
    CHECK(s.near_limit[0].contestant == "bob");
    CHECK(s.near_limit[0].verdict == Verdict::WA);
    CHECK(s.near_limit[1].contestant == "ann");
    CHECK(s.near_limit[1].limit_s == 1);
    ContestResults unknown = small_contest();
    unknown.problem_time_limits_s.clear();  // results made without the limits: nothing is guessed
    CHECK(contest_statistics(unknown).near_limit.empty());
}

TEST_CASE("statistics: results.json holds them, every key documented in docs/results.md's results.json table") {
    const auto results = sudoku::testing::synthetic_results(40);
    const fs::path file = report_test::scratch("statistics") / "results.json";
    write_results_json(results, file);
    const auto json = nlohmann::json::parse(report_test::read_text(file));
    REQUIRE(json.contains("statistics"));
    const auto& st = json.at("statistics");
    CHECK(st.at("totals").at("spread").at("count") == 40);
    CHECK(st.at("problems").size() == 3);
    CHECK(st.at("problems")[0].at("tests").size() == 16);
    CHECK(st.at("near_limit").at("runs").size() == contest_statistics(results).near_limit.size());

    std::set<std::string> keys;
    std::function<void(const nlohmann::json&)> collect = [&](const nlohmann::json& j) {
        if (j.is_array())
            for (const auto& e : j) collect(e);
        if (!j.is_object()) return;
        for (const auto& [k, v] : j.items()) {
            if (!(j.size() <= 11 && std::regex_match(k, std::regex("[A-Z]+")))) keys.insert(k);  // verdict names
            collect(v);
        }
    };
    collect(st);
    const std::string readme = report_test::read_text(fs::path(SUDOKU_SOURCE_DIR) / "docs/results.md");
    for (const auto& k : keys) {
        INFO("results.json statistics key " << k);
        CHECK((readme.find("`" + k + "`") != std::string::npos || readme.find("`" + k + "[]`") != std::string::npos));
    }
}
