// Time-limit calibration through the judge's own grading: the same sandbox, limits and checks as
// the contest, so the measured times are the ones contestants will be judged by.
#include "sudoku/judge/grading/calibrate.hpp"

#include <algorithm>
#include <cmath>

namespace sudoku::judge {

namespace fs = std::filesystem;

double round_up_limit(double seconds) {
    // Whole steps, with a little slack so that 3 x 0.1 is 0.3 and not 0.4 after rounding noise.
    double step = seconds < 1 ? 0.1 : 0.5;
    return std::max(step, std::ceil(seconds / step - 1e-9) * step);
}

namespace {

const ProblemResult* find_problem(const ContestResults& r, const std::string& contestant, const std::string& problem) {
    for (const auto& c : r.contestants)
        if (c.name == contestant)
            for (const auto& p : c.problems)
                if (p.problem == problem) return &p;
    return nullptr;
}

bool has_judge_fault(const ContestResults& r) {
    for (const auto& c : r.contestants)
        for (const auto& p : c.problems)
            for (const auto& t : p.tests)
                if (t.verdict == Verdict::FAIL) return true;
    return false;
}

// Grades `who` on `problem` alone into `dir`, from scratch. A judge fault (FAIL) says nothing about
// the solution: grading again re-runs exactly the failed tests from the journal, up to twice.
ContestResults grade_only(Contest contest, const ContestProblem& problem, const std::vector<std::string>& who,
                          GradeOptions options, const fs::path& dir) {
    contest.problems = {problem};
    options.out_dir = dir;
    fs::remove(dir / "journal.jsonl");
    options.selected = [&](const std::string& contestant, const std::string&) {
        return std::find(who.begin(), who.end(), contestant) != who.end();
    };
    ContestResults r = grade(contest, options);
    for (int retry = 0; retry < 2 && has_judge_fault(r); ++retry) r = grade(contest, options);
    return r;
}

}  // namespace

std::variant<Calibration, std::string> calibrate(const Contest& contest, const CalibrationRequest& request,
                                                 const GradeOptions& options) {
    auto problem = std::find_if(contest.problems.begin(), contest.problems.end(),
                                [&](const ContestProblem& p) { return p.config.name == request.problem; });
    if (problem == contest.problems.end())
        return "calibrate: no problem '" + request.problem + "' in " + contest.source.string();
    if (request.models.empty() || request.naive.empty())
        return std::string("calibrate: needs at least one --model and one --naive");
    std::vector<std::string> names = list_contestants(contest.contestants_dir);
    for (const auto& who : {request.models, request.naive})
        for (const auto& n : who)
            if (std::find(names.begin(), names.end(), n) == names.end())
                return "calibrate: no contestant '" + n + "' in " + contest.contestants_dir.string();

    Calibration cal;
    cal.problem = request.problem;
    cal.configured_limit_s = problem->config.time_limit_s;
    ContestResults models = grade_only(contest, *problem, request.models, options, options.out_dir / "models");
    for (const auto& t : problem->tests) {
        TestCalibration tc;
        tc.test = t.name;
        tc.group = t.group;
        cal.tests.push_back(tc);
    }
    std::string failures;
    for (const auto& m : request.models) {
        const ProblemResult* pr = find_problem(models, m, request.problem);
        if (!pr || pr->status != ProblemStatus::graded) {
            ProblemStatus status = pr ? pr->status : ProblemStatus::not_graded;
            failures += "\n  " + m + ": " + std::string(to_string(status)) + (pr ? " " + pr->compile_message : "");
            continue;
        }
        for (size_t i = 0; i < pr->tests.size() && i < cal.tests.size(); ++i) {
            const TestResult& r = pr->tests[i];
            if (r.verdict != Verdict::AC)
                failures += "\n  " + m + " test " + r.test + ": " + std::string(verdict_name(r.verdict)) + " (" +
                            r.reason + ")";
            cal.tests[i].slowest_model_cpu_s = std::max(cal.tests[i].slowest_model_cpu_s, r.cpu_s);
            cal.slowest_model_cpu_s = std::max(cal.slowest_model_cpu_s, r.cpu_s);
        }
    }
    if (!failures.empty())
        return "calibrate: a model solution must be accepted on every test under the configured limit (" +
               std::to_string(cal.configured_limit_s) + " s):" + failures;
    for (auto& t : cal.tests) t.models_accepted = true;
    cal.proposed_limit_s = round_up_limit(request.factor * cal.slowest_model_cpu_s);

    ContestProblem at_proposed = *problem;
    at_proposed.config.time_limit_s = cal.proposed_limit_s;
    ContestResults naive = grade_only(contest, at_proposed, request.naive, options, options.out_dir / "naive");
    for (const auto& n : request.naive) {
        const ProblemResult* pr = find_problem(naive, n, request.problem);
        for (size_t i = 0; i < cal.tests.size(); ++i) {
            Verdict v = pr && i < pr->tests.size() ? pr->tests[i].verdict : Verdict::CE;
            cal.tests[i].naive_verdicts.push_back(v);
            if (v != Verdict::AC) cal.tests[i].separates = true;
        }
    }
    return cal;
}

}  // namespace sudoku::judge
