// A time limit derived from the package's accepted submissions (Kattis), measured by the judge's
// own grading as calibrate measures: the same sandbox and limits the contestants will have.
#include <algorithm>
#include <cmath>
#include <set>

#include "package_parts.hpp"
#include "sudoku/judge/grading/grader.hpp"

namespace sudoku::judge::package {

namespace fs = std::filesystem;

namespace {

// The submissions the format uses for the lower bound: those that must be accepted everywhere.
std::set<std::string> accepted_submissions(const problem::Problem& p) {
    std::set<std::string> out;
    for (const auto& e : p.expectations)
        if (e.permitted == std::vector<problem::Judgement>{problem::Judgement::accepted} &&
            !runnable_language(e.submission).empty())
            out.insert(e.contestant);
    return out;
}

double language_multiplier(const Contest& contest, const std::string& language) {
    const auto languages = contest_languages(contest.compile);
    const Language* l = language_named(languages, language);
    return l ? l->time_multiplier : 1;
}

}  // namespace

double derive_time_limit(const problem::Problem& p, const fs::path& contest_file, std::vector<ImportRefusal>& refusals,
                         std::vector<std::string>& notes) {
    const auto who = accepted_submissions(p);
    if (who.empty()) {
        refusals.push_back({p.source.string(),
                            "no time limit is given and no accepted submission in a language the "
                            "judge runs can derive one"});
        return 0;
    }
    auto loaded = load_contest(contest_file);
    if (auto* d = std::get_if<Diagnostic>(&loaded)) {
        refusals.push_back({d->file, d->message});
        return 0;
    }
    const Contest& contest = std::get<Contest>(loaded);
    GradeOptions options;
    options.out_dir = contest_file.parent_path() / ".time-limit-runs";
    options.selected = [&](const std::string& contestant, const std::string&) { return who.count(contestant) > 0; };
    const ContestResults results = grade(contest, options);
    double slowest = 0;
    int used = 0;
    std::vector<std::string> skipped;
    for (const auto& c : results.contestants) {
        if (!who.count(c.name)) continue;
        for (const auto& r : c.problems) {
            const double multiplier = language_multiplier(contest, r.language);
            // One not accepted everywhere (not compiled here, wrong) bounds nothing: verify names it.
            const bool accepted = r.status == ProblemStatus::graded &&
                                  std::all_of(r.tests.begin(), r.tests.end(),
                                              [](const TestResult& t) { return t.verdict == Verdict::AC; });
            if (!accepted) {
                skipped.push_back(c.name);
                continue;
            }
            ++used;
            for (const auto& t : r.tests) slowest = std::max(slowest, t.cpu_s / multiplier);
        }
    }
    std::error_code ec;
    fs::remove_all(options.out_dir, ec);
    if (used == 0) {
        refusals.push_back({p.source.string(),
                            "no time limit is given, and no accepted submission was accepted "
                            "on every test under 10 s to derive one"});
        return 0;
    }
    for (const auto& name : skipped)
        notes.push_back(name + " was not accepted on every test under 10 s: the time limit does not count it");
    const double step = p.time_rule.resolution;
    return std::max(step, std::ceil(slowest * p.time_rule.ac_to_time_limit / step - 1e-9) * step);
}

}  // namespace sudoku::judge::package
