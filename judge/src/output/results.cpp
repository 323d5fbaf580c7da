// results.json, field by field (schema documented in docs/results.md).
#include "sudoku/judge/output/results.hpp"

#include <cmath>
#include <stdexcept>

#include "sudoku/common/version.hpp"
#include "sudoku/judge/output/statistics.hpp"

namespace sudoku::judge {

using Json = nlohmann::json;

namespace {
// Three decimals are what a measurement is worth; rounding keeps the JSON stable and readable.
double rounded(double x) { return std::round(x * 1000) / 1000; }
}  // namespace

std::string_view verdict_name(Verdict v) { return to_string(v); }

Verdict verdict_from_name(std::string_view name) {
    if (auto v = from_string<Verdict>(name)) return *v;
    throw std::invalid_argument("unknown verdict '" + std::string(name) + "'");
}

Json to_json(const TestResult& t) {
    Json j{{"contestant", t.contestant},
           {"problem", t.problem},
           {"test", t.test},
           {"group", t.group},
           {"verdict", std::string(verdict_name(t.verdict))},
           {"reason", t.reason},
           {"cpu_s", rounded(t.cpu_s)},
           {"wall_s", rounded(t.wall_s)},
           {"peak_kib", t.peak_kib},
           {"fraction", rounded(t.fraction)},
           {"points", rounded(t.points)},
           {"max_points", rounded(t.max_points)}};
    if (t.score) j["score"] = rounded(*t.score);
    if (t.protections) j["sandbox"] = to_json(*t.protections);
    return j;
}

std::optional<Protections> weakest_of(const std::vector<TestResult>& tests) {
    std::optional<Protections> w;
    for (const auto& t : tests)
        if (t.protections) w = w ? weakest(*w, *t.protections) : *t.protections;
    return w;
}

TestResult test_result_from_json(const Json& j) {
    TestResult t;
    t.contestant = j.at("contestant").get<std::string>();
    t.problem = j.at("problem").get<std::string>();
    t.test = j.at("test").get<std::string>();
    t.group = j.value("group", t.test);
    try {
        t.verdict = verdict_from_name(j.at("verdict").get<std::string>());
    } catch (const std::invalid_argument& e) {
        throw Json::other_error::create(501, e.what(), &j);
    }
    t.reason = j.value("reason", "");
    t.cpu_s = j.value("cpu_s", 0.0);
    t.wall_s = j.value("wall_s", 0.0);
    t.peak_kib = j.value("peak_kib", 0LL);
    t.fraction = j.value("fraction", 0.0);
    if (j.contains("score")) t.score = j.at("score").get<double>();
    if (j.contains("sandbox")) t.protections = protections_from_json(j.at("sandbox"));
    return t;
}

std::string with_valid_utf8(const std::string& text) {
    return Json::parse(Json(text).dump(-1, ' ', false, kInvalidUtf8)).get<std::string>();
}

int count_judge_faults(const ContestResults& results) {
    int faults = 0;
    for (const auto& c : results.contestants)
        for (const auto& p : c.problems) {
            if (p.status == ProblemStatus::FAIL || !p.score_fault.empty()) ++faults;
            for (const auto& t : p.tests) faults += t.verdict == Verdict::FAIL ? 1 : 0;
        }
    return faults;
}

ProblemStatus problem_status(const std::optional<CompileStatus>& compiled) {
    if (!compiled) return ProblemStatus::not_graded;
    switch (*compiled) {
        case CompileStatus::ok:
            return ProblemStatus::graded;
        case CompileStatus::CE:
            return ProblemStatus::CE;
        case CompileStatus::FAIL:
            return ProblemStatus::FAIL;
        case CompileStatus::missing:
            return ProblemStatus::missing;
        case CompileStatus::refused:
            return ProblemStatus::refused;
    }
    return ProblemStatus::FAIL;
}

Json to_json(const CompileRecord& c) {
    Json j{
        {"contestant", c.contestant}, {"problem", c.problem}, {"status", to_string(c.status)}, {"message", c.message}};
    if (!c.language.empty()) j["language"] = c.language;
    if (!c.program_sha256.empty()) j["program_sha256"] = c.program_sha256;
    return j;
}

CompileRecord compile_record_from_json(const Json& j) {
    const std::string status = j.at("status").get<std::string>();
    auto known = from_string<CompileStatus>(status);
    if (!known) throw Json::other_error::create(501, "unknown compile status '" + status + "'", &j);
    return CompileRecord{j.at("contestant").get<std::string>(),
                         j.at("problem").get<std::string>(),
                         *known,
                         j.value("message", ""),
                         j.value("language", ""),
                         j.value("program_sha256", "")};
}

Json to_json(const ContestResults& r) {
    Json problems = Json::array();
    for (size_t i = 0; i < r.problems.size(); ++i) {
        problems.push_back({{"name", r.problems[i]}, {"max_points", rounded(r.problem_max_points[i])}});
        if (i < r.problem_time_limits_s.size()) problems.back()["time_limit_s"] = rounded(r.problem_time_limits_s[i]);
    }
    Json contestants = Json::array();
    for (const auto& c : r.contestants) {
        Json ps = Json::array();
        for (const auto& p : c.problems) {
            Json tests = Json::array(), groups = Json::array();
            for (const auto& t : p.tests) {
                Json tj = to_json(t);
                tj.erase("contestant");
                tj.erase("problem");
                tj.erase("sandbox");  // the contest's protections are summarised once, below
                tests.push_back(tj);
            }
            for (const auto& g : p.groups)
                groups.push_back({{"name", g.name},
                                  {"points", rounded(g.points)},
                                  {"max_points", rounded(g.max_points)},
                                  {"passed", g.passed}});
            ps.push_back({{"problem", p.problem},
                          {"status", to_string(p.status)},
                          {"compile_message", p.compile_message},
                          {"language", p.language},
                          {"points", rounded(p.points)},
                          {"max_points", rounded(p.max_points)},
                          {"groups", groups},
                          {"tests", tests}});
            if (!p.score_fault.empty()) ps.back()["score_fault"] = p.score_fault;
        }
        contestants.push_back({{"name", c.name}, {"rank", c.rank}, {"total", rounded(c.total)}, {"problems", ps}});
    }
    Json sandbox = to_json(r.protections);
    sandbox["from"] = r.protections_from_runs ? "runs" : "start-up probe";
    Json out{{"schema", "sudoku-judge-results/1"},
             {"judge_version", toolkit_version()},
             {"contest", r.contest},
             {"protections", r.protections.describe()},
             {"sandbox", sandbox},
             {"problems", problems},
             {"contestants", contestants},
             {"statistics", to_json(contest_statistics(r))}};
    if (!r.shard_protections.empty()) {
        Json shards = Json::array();
        for (const auto& [index, p] : r.shard_protections)
            shards.push_back({{"index", index}, {"protections", p.describe()}, {"sandbox", to_json(p)}});
        out["shards"] = shards;
    }
    return out;
}

}  // namespace sudoku::judge
