// Holding a package's own submissions to their expectations (sudoku/judge/import/verify.hpp).
#include "sudoku/judge/import/verify.hpp"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "import/problem_yaml_writer.hpp"
#include "sudoku/formats/domjudge.hpp"
#include "sudoku/formats/kattis.hpp"
#include "sudoku/judge/import/package_import.hpp"
#include "sudoku/problem/problem.hpp"
#include "sudoku/problem/scoring.hpp"
#include "verify_parts.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using problem::Judgement;

int Verification::differences() const {
    int n = 0;
    for (const auto& s : submissions) n += s.agreement == Agreement::differs;
    for (const auto& v : validators) n += v.agreement == Agreement::differs;
    return n;
}

namespace {

std::vector<Judgement> judgement_list(const Json& list) {
    std::vector<Judgement> out;
    for (const auto& j : list)
        if (auto v = from_string<Judgement>(j.get<std::string>())) out.push_back(*v);
    return out;
}

// A score as people write it: 3, 12.5.
std::string shown(double points) {
    std::ostringstream s;
    s << std::setprecision(6) << points;
    return s.str();
}

std::string names(const std::vector<Judgement>& list) {
    std::string s;
    for (auto j : list) s += (s.empty() ? "" : ", ") + std::string(to_string(j));
    return s;
}

const ProblemResult* result_of(const ContestResults& r, const std::string& contestant, const std::string& problem) {
    for (const auto& c : r.contestants)
        if (c.name == contestant)
            for (const auto& p : c.problems)
                if (p.problem == problem) return &p;
    return nullptr;
}

// Every test's judgement, and the submission's own (its first that is not AC).
struct Judged {
    std::vector<std::pair<std::string, Judgement>> tests;
    Judgement overall = Judgement::accepted;
    std::string first_failure;
};

Judged judged(const ProblemResult& r, bool memory_is_rte) {
    Judged j;
    if (r.status == ProblemStatus::CE) {
        j.overall = Judgement::compile_error;
        j.tests.push_back({"compile", Judgement::compile_error});
        return j;
    }
    for (const auto& t : r.tests) {
        const Judgement v = format_judgement(t.verdict, memory_is_rte);
        j.tests.push_back({t.test, v});
        if (v != Judgement::accepted && j.overall == Judgement::accepted) j.overall = v, j.first_failure = t.test;
    }
    if (r.status != ProblemStatus::graded && r.status != ProblemStatus::CE) j.overall = Judgement::judge_error;
    return j;
}

// What of `expected` the judged submission does not meet; empty when all.
std::string unmet(const Json& expected, const Judged& j, const ProblemResult& r) {
    const auto permitted = judgement_list(expected["permitted"]), required = judgement_list(expected["required"]),
               overall = judgement_list(expected["overall"]);
    const auto in = [](const std::vector<Judgement>& set, Judgement v) {
        return std::find(set.begin(), set.end(), v) != set.end();
    };
    for (const auto& [test, v] : j.tests)
        if (!permitted.empty() && !in(permitted, v))
            return "test " + test + " got " + std::string(to_string(v)) + ", expected one of " + names(permitted);
    if (!required.empty() &&
        std::none_of(j.tests.begin(), j.tests.end(), [&](auto& t) { return in(required, t.second); }))
        return "no test got " + names(required);
    if (!overall.empty() && !in(overall, j.overall))
        return "judged " + std::string(to_string(j.overall)) + ", expected " + names(overall);
    if (expected.contains("message")) {
        const std::string message = expected["message"];
        if (std::none_of(r.tests.begin(), r.tests.end(),
                         [&](const TestResult& t) { return t.reason.find(message) != std::string::npos; }))
            return "no test's judge message holds \"" + message + "\"";
    }
    if (expected.contains("score")) {
        const double lo = expected["score"][0], hi = expected["score"][1];
        if (r.points < lo - 1e-9 || r.points > hi + 1e-9)
            return "scored " + shown(r.points) + ", expected " + shown(lo) + " to " + shown(hi);
    }
    return "";
}

// The package's model, read again where the import read it, for its own judgement rules (Kattis's
// grader flags: ignore_sample, accept_if_any_accepted, ...); nothing when it cannot be read.
std::optional<problem::Problem> package_model(const Json& problem) {
    if (!problem.contains("package")) return std::nullopt;
    const fs::path dir = problem["package"].get<std::string>();
    const std::string format = problem["format"];
    auto read = format == "domjudge" ? formats::read_domjudge(dir) : formats::read_kattis(dir);
    if (auto* p = std::get_if<problem::Problem>(&read)) return std::move(*p);
    return std::nullopt;
}

// The submission's scores by the model's groups: each test's judgement as judged (a partly
// accepted test with its fraction of the test's score), aggregated.
problem::ProblemScore model_score(const problem::Problem& model, const Judged& j, const ProblemResult& r) {
    std::map<std::string, Judgement> by_name(j.tests.begin(), j.tests.end());
    std::map<std::string, double> fractions;
    for (const auto& t : r.tests)
        if (t.verdict == Verdict::PC) fractions[t.test] = t.fraction;
    std::vector<problem::TestResult> results;
    for (const auto& t : model.tests) {
        const std::string name = plain_name(t.name);
        auto it = by_name.find(name);
        problem::TestResult m{it == by_name.end() ? Judgement::judge_error : it->second, it != by_name.end(), {}, {}};
        if (auto f = fractions.find(name); f != fractions.end()) m.multiplier = f->second;
        results.push_back(m);
    }
    return problem::score_problem(model, results);
}

// A score range of expectations.json ([min, max]) as people write it: "60", "10 to 20".
std::string range_text(const Json& range) {
    const double lo = range[0], hi = range[1];
    return lo == hi ? shown(lo) : shown(lo) + " to " + shown(hi);
}

// The score of a group or test of the model, by name; nullopt when it has none of that name.
std::optional<double> named_score(const problem::Problem& model, const problem::ProblemScore& scores,
                                  const std::string& name) {
    for (size_t g = 0; g < model.groups.size() && g < scores.groups.size(); ++g)
        if (model.groups[g].name == name) return scores.groups[g].score;
    for (size_t t = 0; t < model.tests.size() && t < scores.test_scores.size(); ++t)
        if (model.tests[t].name == name) return scores.test_scores[t];
    return std::nullopt;
}

// What of a condition on part of the tests (expectations.json "groups") the submission does not
// meet, each naming the group or test; empty when all.
std::vector<std::string> unmet_in_group(const Json& g, const Judged& j, const ProblemResult& r,
                                        const std::optional<problem::Problem>& model,
                                        const std::optional<problem::ProblemScore>& scores) {
    const std::string path = g["path"];
    const auto tests = g["tests"].get<std::set<std::string>>();
    const auto covered = [&](const std::string& test) { return tests.count(test) > 0; };
    const auto permitted = judgement_list(g["permitted"]), required = judgement_list(g["required"]);
    const auto in = [](const std::vector<Judgement>& set, Judgement v) {
        return std::find(set.begin(), set.end(), v) != set.end();
    };
    std::vector<std::string> out;
    for (const auto& [test, v] : j.tests)
        if (covered(test) && !permitted.empty() && !in(permitted, v)) {
            out.push_back(path + ": test " + test + " got " + std::string(to_string(v)) + ", expected one of " +
                          names(permitted));
            break;
        }
    if (!required.empty() && std::none_of(j.tests.begin(), j.tests.end(),
                                          [&](auto& t) { return covered(t.first) && in(required, t.second); }))
        out.push_back(path + ": no test got " + names(required));
    if (g.contains("message")) {
        const std::string message = g["message"];
        if (std::none_of(r.tests.begin(), r.tests.end(), [&](const TestResult& t) {
                return covered(t.test) && t.reason.find(message) != std::string::npos;
            }))
            out.push_back(path + ": no test's judge message holds \"" + message + "\"");
    }
    if (!g.contains("score")) return out;
    const double lo = g["score"][0], hi = g["score"][1];
    if (!model || !scores) {
        out.push_back(path + ": its score is not known: the package cannot be read again for its groups");
        return out;
    }
    for (const auto& name : g["named"].get<std::vector<std::string>>()) {
        const auto got = named_score(*model, *scores, name);
        if (got && *got >= lo - 1e-9 && *got <= hi + 1e-9) continue;
        out.push_back((name == path ? path : path + ": " + name) + ": scored " + (got ? shown(*got) : "nothing") +
                      ", expected " + range_text(g["score"]));
    }
    return out;
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): the problem then one of its submissions, as verify walks them
SubmissionCheck check_submission(const Json& problem, const Json& s, const ContestResults& results,
                                 const std::optional<problem::Problem>& model) {
    SubmissionCheck c;
    c.problem = problem["problem"];
    c.contestant = s["contestant"];
    c.file = s["file"];
    if (s["language"].get<std::string>().empty()) {
        c.why = s.contains("declared_language")
                    ? "the judge has no language '" + s["declared_language"].get<std::string>() +
                          "', the package's language for it"
                    : "no language of the judge runs " + fs::path(c.file).filename().string();
        return c;
    }
    const ProblemResult* r = result_of(results, c.contestant, c.problem);
    if (!r) {
        c.agreement = Agreement::differs;
        c.why = "not graded";
        return c;
    }
    Judged j = judged(*r, problem["memory_is_run_time_error"].get<bool>());
    std::optional<problem::ProblemScore> scores;
    if (model) scores = model_score(*model, j, *r);
    if (scores && r->status == ProblemStatus::graded) j.overall = scores->judgement;
    // A score outside the package's own range is the judge error problemtools reports.
    if (!r->score_fault.empty()) j.overall = Judgement::judge_error, j.first_failure = r->score_fault;
    if (j.overall == Judgement::accepted) j.first_failure.clear();
    c.got = std::string(to_string(j.overall)) + (j.first_failure.empty() ? "" : " on " + j.first_failure) + ", " +
            shown(r->points) + " of " + shown(r->max_points) + " points";
    c.why = unmet(s, j, *r);
    // Every group's difference, after the submission's own.
    if (s.contains("groups"))
        for (const auto& g : s["groups"])
            for (const auto& why : unmet_in_group(g, j, *r, model, scores)) c.why += (c.why.empty() ? "" : "; ") + why;
    c.agreement = c.why.empty() ? Agreement::agrees : Agreement::differs;
    return c;
}

std::variant<Json, Diagnostic> read_expectations(const fs::path& file) {
    std::error_code ec;
    const auto size = fs::file_size(file, ec);
    if (ec || size > (std::uintmax_t{64} << 20))
        return Diagnostic{file.string(), 0, 0, "expected the expectations written by sudoku-judge import"};
    std::ifstream in(file, std::ios::binary);
    Json doc = Json::parse(in, nullptr, false);
    if (doc.is_discarded() || !doc.contains("problems"))
        return Diagnostic{file.string(), 0, 0, "is not the expectations file sudoku-judge import writes"};
    return doc;
}

}  // namespace

std::variant<Verification, Diagnostic> verify_contest(const fs::path& contest_dir, const GradeOptions& options) {
    auto doc = read_expectations(contest_dir / kExpectationsFile);
    if (auto* d = std::get_if<Diagnostic>(&doc)) return *d;
    auto loaded = load_contest(contest_dir / "CONTEST.yaml");
    if (auto* d = std::get_if<Diagnostic>(&loaded)) return *d;
    const Contest& contest = std::get<Contest>(loaded);
    Verification v;
    try {
        const ContestResults results = grade(contest, options);
        for (const auto& problem : std::get<Json>(doc)["problems"]) {
            const auto model = package_model(problem);
            for (const auto& s : problem["submissions"])
                v.submissions.push_back(check_submission(problem, s, results, model));
            verify::run_validators(contest, problem, options.out_dir / "validators", v.validators);
        }
    } catch (const Json::exception& e) {
        return Diagnostic{(contest_dir / kExpectationsFile).string(), 0, 0,
                          std::string("unexpected content: ") + e.what()};
    }
    return v;
}

}  // namespace sudoku::judge
