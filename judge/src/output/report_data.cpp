// report.html's data, once, as JSON for its script. Compact by position rather than by key: 4,800
// runs as arrays of six values are about a tenth of the same runs as HTML cells.
//
//   {"verdicts": ["AC", ...],                      the Verdict names, indexed by the runs' v
//    "problems": [{"name", "max", "limit", "tests": [[test, group], ...]}],
//    "contestants": [{"name", "rank", "total",
//                     "problems": [{"status", "points", "language", "message",
//                                   "runs": [[test index, v, cpu_s, wall_s, peak_kib, reason]]}]}]}
#include <cmath>
#include <map>

#include "report_parts.hpp"

namespace sudoku::judge::report {

namespace {

using Json = nlohmann::json;

constexpr size_t kMessageShown = 4000;  // of a compile message; results.json has it whole

double rounded(double x) { return std::round(x * 1000) / 1000; }

// Each problem's tests in the order the contestants' results hold them (test-data order).
std::vector<std::vector<std::pair<std::string, std::string>>> tests_of(const ContestResults& results) {
    std::vector<std::vector<std::pair<std::string, std::string>>> tests(results.problems.size());
    std::vector<std::map<std::string, size_t>> seen(results.problems.size());
    for (const auto& c : results.contestants)
        for (size_t i = 0; i < c.problems.size() && i < tests.size(); ++i)
            for (const auto& t : c.problems[i].tests)
                if (seen[i].try_emplace(t.test, tests[i].size()).second) tests[i].emplace_back(t.test, t.group);
    return tests;
}

Json problem_of_contestant(const ProblemResult& p, const std::map<std::string, size_t>& index) {
    Json runs = Json::array();
    for (const auto& t : p.tests)
        runs.push_back(Json::array({index.at(t.test), static_cast<int>(t.verdict), rounded(t.cpu_s), rounded(t.wall_s),
                                    t.peak_kib, t.reason}));
    return {{"status", to_string(p.status)},
            {"points", rounded(p.points)},
            {"language", p.language},
            {"message", p.compile_message.substr(0, kMessageShown)},
            {"runs", runs}};
}

}  // namespace

std::string page_data_json(const ContestResults& results) {
    const auto tests = tests_of(results);
    std::vector<std::map<std::string, size_t>> index(tests.size());
    Json problems = Json::array();
    for (size_t i = 0; i < tests.size(); ++i) {
        Json list = Json::array();
        for (const auto& [test, group] : tests[i]) {
            index[i].emplace(test, list.size());
            list.push_back(Json::array({test, group}));
        }
        problems.push_back({{"name", results.problems[i]},
                            {"max", i < results.problem_max_points.size() ? results.problem_max_points[i] : 0},
                            {"limit", i < results.problem_time_limits_s.size() ? results.problem_time_limits_s[i] : 0},
                            {"tests", list}});
    }
    Json contestants = Json::array();
    for (const auto& c : results.contestants) {
        Json ps = Json::array();
        for (size_t i = 0; i < c.problems.size() && i < index.size(); ++i)
            ps.push_back(problem_of_contestant(c.problems[i], index[i]));
        contestants.push_back({{"name", c.name}, {"rank", c.rank}, {"total", rounded(c.total)}, {"problems", ps}});
    }
    Json verdicts = Json::array();
    for (std::string_view v : EnumNames<Verdict>::names) verdicts.push_back(std::string(v));
    const Json page{{"verdicts", verdicts}, {"problems", problems}, {"contestants", contestants}};
    // Contestants' bytes: invalid UTF-8 becomes U+FFFD; no "<" can end the script element early.
    const std::string text = page.dump(-1, ' ', false, kInvalidUtf8);
    std::string safe;
    safe.reserve(text.size());
    for (char ch : text)
        if (ch == '<')
            safe += "\\u003c";
        else
            safe += ch;
    return safe;
}

}  // namespace sudoku::judge::report
