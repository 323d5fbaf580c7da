// A time limit derived from the run times of the package's own submissions (Kattis), measured by the
// judge's own grading as calibrate measures: the same sandbox and limits the contestants will have.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <set>
#include <sstream>

#include "package_parts.hpp"
#include "sudoku/judge/grading/grader.hpp"
#include "sudoku/judge/import/verify.hpp"

namespace sudoku::judge::package {

namespace fs = std::filesystem;

namespace {

// The submissions whose run times bound the limit `use`-wards (Expectation::time_limit_use, as the
// reader decided from the format's rules), in a language the judge runs.
std::set<std::string> bounding(const problem::Problem& p, problem::TimeLimitUse use) {
    std::set<std::string> out;
    for (const auto& e : p.expectations)
        if (e.time_limit_use == use && !runnable_language(e.submission).empty()) out.insert(e.contestant);
    return out;
}

// A lower bound counts when it ran to its end on every test (no time-out, no judge fault) with a
// judgement its expectation permits: a run cut short says nothing of how long the program needs.
bool bounds_from_below(const problem::Problem& p, const std::string& contestant, const ProblemResult& r) {
    using problem::Judgement;
    const auto e = std::find_if(p.expectations.begin(), p.expectations.end(),
                                [&](const problem::Expectation& x) { return x.contestant == contestant; });
    if (e == p.expectations.end() || r.status != ProblemStatus::graded || r.tests.empty()) return false;
    return std::all_of(r.tests.begin(), r.tests.end(), [&](const TestResult& t) {
        const Judgement j = format_judgement(t.verdict, p.memory_is_run_time_error);
        return j != Judgement::time_limit_exceeded && j != Judgement::judge_error &&
               (e->permitted.empty() || std::find(e->permitted.begin(), e->permitted.end(), j) != e->permitted.end());
    });
}

std::string seconds(double s) {
    std::ostringstream out;
    out << std::setprecision(3) << s;
    return out.str();
}

double language_multiplier(const Contest& contest, const std::string& language) {
    const auto languages = contest_languages(contest.compile);
    const Language* l = language_named(languages, language);
    return l ? l->time_multiplier : 1;
}

}  // namespace

double derive_time_limit(const problem::Problem& p, const fs::path& contest_file, std::vector<ImportRefusal>& refusals,
                         std::vector<std::string>& notes) {
    const auto who = bounding(p, problem::TimeLimitUse::lower);
    const auto too_slow = bounding(p, problem::TimeLimitUse::upper);
    if (who.empty()) {
        refusals.push_back({p.source.string(),
                            "no time limit is given and no submission that bounds it from below (an accepted "
                            "one) is in a language the judge runs"});
        return 0;
    }
    auto loaded = load_contest(contest_file);
    if (auto* d = std::get_if<Diagnostic>(&loaded)) {
        refusals.push_back({d->file, d->message});
        return 0;
    }
    const Contest& contest = std::get<Contest>(loaded);
    const double run_limit = contest.problems.empty() ? 0 : contest.problems[0].config.time_limit_s;
    GradeOptions options;
    options.out_dir = contest_file.parent_path() / ".time-limit-runs";
    options.selected = [&](const std::string& contestant, const std::string&) {
        return who.count(contestant) > 0 || too_slow.count(contestant) > 0;
    };
    const ContestResults results = grade(contest, options);
    double slowest = 0;
    int used = 0;
    std::vector<std::string> skipped;
    // The fastest of the submissions that must time out: its slowest test, and whether that test
    // reached the runs' own limit (then it bounds the limit only from that far up).
    std::string fastest_tle;
    double fastest_tle_s = std::numeric_limits<double>::infinity();
    bool fastest_tle_capped = false;
    for (const auto& c : results.contestants) {
        const bool lower = who.count(c.name) > 0;
        if (!lower && !too_slow.count(c.name)) continue;
        for (const auto& r : c.problems) {
            const double multiplier = language_multiplier(contest, r.language);
            if (!lower) {
                if (r.status != ProblemStatus::graded || r.tests.empty()) continue;
                double t_max = 0;
                bool capped = false;
                for (const auto& t : r.tests) {
                    t_max = std::max(t_max, t.cpu_s / multiplier);
                    capped = capped || t.verdict == Verdict::TLE;
                }
                if (capped) t_max = std::max(t_max, run_limit / multiplier);
                if (t_max < fastest_tle_s) fastest_tle = c.name, fastest_tle_s = t_max, fastest_tle_capped = capped;
                continue;
            }
            // One that did not get what it must (not compiled here, wrong, too slow) bounds
            // nothing: verify names it.
            if (!bounds_from_below(p, c.name, r)) {
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
                            "no time limit is given, and no submission that bounds it from below got what it "
                            "must on every test under 10 s to derive one"});
        return 0;
    }
    for (const auto& name : skipped)
        notes.push_back(name + " did not get what it must on every test under 10 s: the time limit does not count it");
    const double step = p.time_rule.resolution;
    const double limit = std::max(step, std::ceil(slowest * p.time_rule.ac_to_time_limit / step - 1e-9) * step);
    // The format's upper bound: time_limit x time_limit_to_tle <= the fastest such submission's time.
    if (!fastest_tle.empty() && limit * p.time_rule.time_limit_to_tle > fastest_tle_s + 1e-9) {
        if (fastest_tle_capped) {
            notes.push_back(fastest_tle + " ran to the " + seconds(run_limit) +
                            " s limit of the runs: whether it is slow enough for a time limit of " + seconds(limit) +
                            " s x " + seconds(p.time_rule.time_limit_to_tle) + " is not known");
        } else {
            refusals.push_back(
                {p.source.string(), "no time limit fits: the accepted submissions need at least " + seconds(limit) +
                                        " s (their slowest run " + seconds(slowest) + " s x ac_to_time_limit " +
                                        seconds(p.time_rule.ac_to_time_limit) + ", rounded up to a multiple of " +
                                        seconds(step) + " s), and " + fastest_tle +
                                        " must time out, which allows at most " +
                                        seconds(fastest_tle_s / p.time_rule.time_limit_to_tle) +
                                        " s (its slowest run " + seconds(fastest_tle_s) + " s / time_limit_to_tle " +
                                        seconds(p.time_rule.time_limit_to_tle) + ")"});
            return 0;
        }
    }
    return limit;
}

}  // namespace sudoku::judge::package
