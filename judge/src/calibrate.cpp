// Time-limit calibration through the judge's own grading: the same sandbox, limits and checks as
// the contest, so the measured times are the ones contestants will be judged by.
#include "sudoku/calibrate.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "sudoku/shard.hpp"

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
    auto selected = [&](const Submission& s) { return std::find(who.begin(), who.end(), s.contestant) != who.end(); };
    ContestResults r = grade_selected(contest, options, selected);
    for (int retry = 0; retry < 2 && has_judge_fault(r); ++retry) r = grade_selected(contest, options, selected);
    return r;
}

}  // namespace

std::variant<Calibration, std::string> calibrate(const Contest& contest, const CalibrationRequest& request,
                                                 const GradeOptions& options) {
    auto problem = std::find_if(contest.problems.begin(), contest.problems.end(),
                                [&](const ContestProblem& p) { return p.config.name == request.problem; });
    if (problem == contest.problems.end()) return "calibrate: no problem '" + request.problem + "' in " + contest.source.string();
    if (request.models.empty() || request.naive.empty()) return std::string("calibrate: needs at least one --model and one --naive");
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
                failures += "\n  " + m + " test " + r.test + ": " + std::string(verdict_name(r.verdict)) + " (" + r.reason + ")";
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

void print_calibration(const Calibration& c, const CalibrationRequest& request, std::ostream& out) {
    char line[256];
    std::snprintf(line, sizeof line, "%s: slowest model run %.3f s; configured limit %.2f s; proposed %.2f s (%.3g x, rounded up)\n",
                  c.problem.c_str(), c.slowest_model_cpu_s, c.configured_limit_s, c.proposed_limit_s, request.factor);
    out << line;
    std::string naive_names;
    for (const auto& n : request.naive) naive_names += " " + n;
    out << "test  group                 model s  naive verdicts (" << naive_names.substr(1) << ") at the proposed limit\n";
    int idle = 0;
    for (const auto& t : c.tests) {
        std::string verdicts;
        for (Verdict v : t.naive_verdicts) verdicts += std::string(verdict_name(v)) + " ";
        std::snprintf(line, sizeof line, "%-5s %-20s %8.3f  %-20s %s\n", t.test.c_str(), t.group.c_str(), t.slowest_model_cpu_s,
                      verdicts.c_str(), t.separates ? "separates" : "separates nothing (flagged)");
        out << line;
        idle += !t.separates;
    }
    out << idle << " of " << c.tests.size() << " tests separate nothing\n";
}

namespace {

const char* kCalibrateHelp = R"(usage: sudoku-judge calibrate CONTEST.yaml --problem P --model NAME... --naive NAME...
                              [--factor F] [--out DIR] [--jobs N]

Grades the model contestants' solutions of problem P under its configured limits, proposes a time
limit of F (default 3) x the slowest model run, rounded up (0.1 s steps under 1 s, else 0.5 s),
then grades the naive contestants under that limit and says for each test whether it separates
the models (accepted) from the naive solutions (not accepted); tests that separate nothing are
flagged. Work directories go to DIR (default judge-calibrate next to CONTEST.yaml).

Example:
  sudoku-judge calibrate examples/contest/contest.yaml --problem target --model alice --naive bob

Exit status: 0 done, 2 bad input (unknown problem or contestant, a model not accepted), 1 internal error.
)";

}  // namespace

int run_calibrate_command(int argc, char** argv) {
    std::string contest_file;
    CalibrationRequest request;
    GradeOptions options;
    bool out_given = false;
    auto usage_error = [](const std::string& m) {
        std::cerr << "sudoku-judge calibrate: " << m << " (see --help)\n";
        return 2;
    };
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--help" || a == "-h") {
            std::cout << kCalibrateHelp;
            return 0;
        } else if (a == "--problem") request.problem = value();
        else if (a == "--model") request.models.push_back(value());
        else if (a == "--naive") request.naive.push_back(value());
        else if (a == "--factor" || a == "--jobs") {
            std::string v = value();
            try {
                if (a == "--factor") request.factor = std::stod(v);
                else options.jobs = std::stoi(v);
            } catch (const std::exception&) {
                return usage_error(a + " needs a number");
            }
            if (request.factor <= 0 || options.jobs < 0) return usage_error(a + " needs a positive number");
        } else if (a == "--out") {
            options.out_dir = value();
            out_given = true;
        } else if (a == "--no-namespaces") options.namespaces = false;
        else if (a == "--no-cgroups") options.cgroups = false;
        else if (a.rfind("--", 0) == 0) return usage_error("unknown option " + a);
        else if (a == "calibrate" && contest_file.empty()) continue;
        else if (contest_file.empty()) contest_file = a;
        else return usage_error("unexpected argument " + a);
    }
    if (contest_file.empty() || request.problem.empty()) return usage_error("needs CONTEST.yaml and --problem");
    auto loaded = load_contest(contest_file);
    if (auto* d = std::get_if<Diagnostic>(&loaded)) {
        std::cerr << d->to_string() << "\n";
        return 2;
    }
    if (!out_given) options.out_dir = fs::path(contest_file).parent_path() / "judge-calibrate";
    try {
        options.progress = &std::cerr;
        options.progress_is_terminal = isatty(2);
        auto result = calibrate(std::get<Contest>(loaded), request, options);
        if (auto* e = std::get_if<std::string>(&result)) {
            std::cerr << *e << "\n";
            return 2;
        }
        print_calibration(std::get<Calibration>(result), request, std::cout);
    } catch (const std::exception& e) {
        std::cerr << "sudoku-judge: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

}  // namespace sudoku::judge
