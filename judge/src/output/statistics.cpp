// The aggregates of sudoku/judge/output/statistics.hpp, computed from ContestResults alone.
#include "sudoku/judge/output/statistics.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace sudoku::judge {

namespace {

double rounded(double x) { return std::round(x * 1000) / 1000; }

// The q-quantile of sorted scores, interpolated between neighbours (R's type 7, numpy's default).
double quantile(const std::vector<double>& sorted, double q) {
    const double at = q * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<size_t>(std::floor(at));
    const size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (sorted[above] - sorted[below]) * (at - static_cast<double>(below));
}

bool submitted(ProblemStatus s) { return s != ProblemStatus::missing && s != ProblemStatus::not_graded; }

// Per test and per group of one problem, over its graded submissions, in test-data order.
void count_tests_and_groups(const ContestResults& results, size_t problem, ProblemStatistics& out) {
    std::map<std::string, size_t> test_index, group_index;
    for (const auto& c : results.contestants) {
        const ProblemResult& p = c.problems[problem];
        if (p.status != ProblemStatus::graded) continue;
        for (const auto& t : p.tests) {
            auto [it, fresh] = test_index.try_emplace(t.test, out.tests.size());
            if (fresh) out.tests.push_back({t.test, t.group});
            TestStatistics& ts = out.tests[it->second];
            ++ts.runs;
            ts.passed += t.verdict == Verdict::AC ? 1 : 0;
            ++ts.verdicts[static_cast<size_t>(t.verdict)];
            auto [g, new_group] = group_index.try_emplace(t.group, out.groups.size());
            if (new_group) out.groups.push_back({t.group});
            ++out.groups[g->second].verdicts[static_cast<size_t>(t.verdict)];
        }
        for (const auto& g : p.groups) {
            auto [it, fresh] = group_index.try_emplace(g.name, out.groups.size());
            if (fresh) out.groups.push_back({g.name});
            ++out.groups[it->second].submissions;
            out.groups[it->second].passed += g.passed ? 1 : 0;
        }
    }
}

ProblemStatistics problem_statistics(const ContestResults& results, size_t problem) {
    ProblemStatistics s;
    s.problem = results.problems[problem];
    const double max = problem < results.problem_max_points.size() ? results.problem_max_points[problem] : 0;
    std::vector<double> points;
    for (const auto& c : results.contestants) {
        const ProblemResult& p = c.problems[problem];
        if (!submitted(p.status)) continue;
        ++s.submitted;
        s.graded += p.status == ProblemStatus::graded ? 1 : 0;
        s.full_score += max > 0 && p.points >= max ? 1 : 0;
        s.zero += p.points <= 0 ? 1 : 0;
        points.push_back(p.points);
    }
    s.histogram = histogram_of(points, max);
    s.spread = spread_of(std::move(points));
    count_tests_and_groups(results, problem, s);
    return s;
}

std::vector<NearLimitRun> near_limit_runs(const ContestResults& results) {
    std::vector<NearLimitRun> runs;
    for (const auto& c : results.contestants)
        for (size_t i = 0; i < c.problems.size() && i < results.problem_time_limits_s.size(); ++i) {
            const double limit = results.problem_time_limits_s[i];
            if (limit <= 0) continue;
            for (const auto& t : c.problems[i].tests)
                if (t.verdict != Verdict::TLE && t.verdict != Verdict::FAIL && t.cpu_s >= kNearLimitShare * limit)
                    runs.push_back({c.name, t.problem.empty() ? c.problems[i].problem : t.problem, t.test, t.verdict,
                                    t.cpu_s, limit});
        }
    std::stable_sort(runs.begin(), runs.end(), [](const NearLimitRun& a, const NearLimitRun& b) {
        return a.cpu_s / a.limit_s > b.cpu_s / b.limit_s;
    });
    return runs;
}

nlohmann::json verdicts_json(const VerdictCounts& counts) {
    nlohmann::json j = nlohmann::json::object();
    for (size_t v = 0; v < counts.size(); ++v)
        if (counts[v] > 0) j[std::string(verdict_name(static_cast<Verdict>(v)))] = counts[v];
    return j;
}

nlohmann::json to_json(const Histogram& h) {
    return {{"max", rounded(h.max)}, {"bin_width", rounded(h.bin_width)}, {"counts", h.counts}};
}

nlohmann::json to_json(const Spread& s) {
    return {{"count", s.count},
            {"min", rounded(s.min)},
            {"lower_quartile", rounded(s.lower_quartile)},
            {"median", rounded(s.median)},
            {"upper_quartile", rounded(s.upper_quartile)},
            {"max", rounded(s.max)},
            {"mean", rounded(s.mean)}};
}

// A share of a count, three decimals; 0 when there is nothing to share.
double rate(int part, int whole) { return whole > 0 ? rounded(static_cast<double>(part) / whole) : 0.0; }

nlohmann::json to_json(const ProblemStatistics& p) {
    nlohmann::json tests = nlohmann::json::array(), groups = nlohmann::json::array();
    for (const auto& t : p.tests)
        tests.push_back({{"test", t.test},
                         {"group", t.group},
                         {"runs", t.runs},
                         {"passed", t.passed},
                         {"pass_rate", rate(t.passed, t.runs)},
                         {"verdicts", verdicts_json(t.verdicts)}});
    for (const auto& g : p.groups)
        groups.push_back({{"name", g.name},
                          {"submissions", g.submissions},
                          {"passed", g.passed},
                          {"pass_rate", rate(g.passed, g.submissions)},
                          {"verdicts", verdicts_json(g.verdicts)}});
    return {{"problem", p.problem},
            {"submitted", p.submitted},
            {"graded", p.graded},
            {"full_score", p.full_score},
            {"zero", p.zero},
            {"spread", to_json(p.spread)},
            {"histogram", to_json(p.histogram)},
            {"tests", tests},
            {"groups", groups}};
}

}  // namespace

Spread spread_of(std::vector<double> scores) {
    Spread s;
    s.count = static_cast<int>(scores.size());
    if (scores.empty()) return s;
    std::sort(scores.begin(), scores.end());
    s.min = scores.front();
    s.max = scores.back();
    s.lower_quartile = quantile(scores, 0.25);
    s.median = quantile(scores, 0.5);
    s.upper_quartile = quantile(scores, 0.75);
    s.mean = std::accumulate(scores.begin(), scores.end(), 0.0) / static_cast<double>(scores.size());
    return s;
}

Histogram histogram_of(const std::vector<double>& scores, double max, int bins) {
    Histogram h;
    h.max = max;
    h.counts.assign(static_cast<size_t>(max > 0 ? bins : 1), 0);
    h.bin_width = max > 0 ? max / bins : 0;
    for (double x : scores) {
        const double bin = h.bin_width > 0 ? std::floor(x / h.bin_width) : 0;
        ++h.counts[static_cast<size_t>(std::clamp(bin, 0.0, static_cast<double>(h.counts.size() - 1)))];
    }
    return h;
}

ContestStatistics contest_statistics(const ContestResults& results) {
    ContestStatistics s;
    std::vector<double> totals;
    for (const auto& c : results.contestants) totals.push_back(c.total);
    s.totals = histogram_of(totals,
                            std::accumulate(results.problem_max_points.begin(), results.problem_max_points.end(), 0.0));
    s.totals_spread = spread_of(std::move(totals));
    for (size_t i = 0; i < results.problems.size(); ++i) s.problems.push_back(problem_statistics(results, i));
    s.near_limit = near_limit_runs(results);
    return s;
}

nlohmann::json to_json(const ContestStatistics& s) {
    nlohmann::json problems = nlohmann::json::array(), near = nlohmann::json::array();
    for (const auto& p : s.problems) problems.push_back(to_json(p));
    for (const auto& r : s.near_limit)
        near.push_back({{"contestant", r.contestant},
                        {"problem", r.problem},
                        {"test", r.test},
                        {"verdict", std::string(verdict_name(r.verdict))},
                        {"cpu_s", rounded(r.cpu_s)},
                        {"limit_s", rounded(r.limit_s)},
                        {"share", rounded(r.cpu_s / r.limit_s)}});
    return {{"totals", {{"histogram", to_json(s.totals)}, {"spread", to_json(s.totals_spread)}}},
            {"problems", problems},
            {"near_limit", {{"share", kNearLimitShare}, {"runs", near}}}};
}

}  // namespace sudoku::judge
