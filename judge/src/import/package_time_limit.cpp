// A time limit derived from the run times of the package's own submissions (Kattis), measured by the
// judge's own grading as calibrate measures: the same sandbox and limits the contestants will have.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <set>
#include <sstream>

#include "package_parts.hpp"
#include "problem_yaml_writer.hpp"
#include "sudoku/judge/grading/grader.hpp"
#include "sudoku/judge/import/verify.hpp"

namespace sudoku::judge::package {

namespace fs = std::filesystem;

namespace {

using problem::Judgement;

// One bound on the limit: a submission's run times over all its tests, or over the tests of one of
// its group keys (Kattis submissions.yaml), as the reader decided (TimeLimitUse).
struct Bound {
    std::string name;  // the contestant, or "<contestant> on <group>"
    std::string contestant;
    std::set<std::string> tests;       // the tests it covers, as the contest names them; empty: all
    std::vector<Judgement> permitted;  // what a covered test may get (empty: anything)
};

// The bounds `use`-wards of the submissions in a language the judge runs. A group's bound from
// below adds nothing to its submission's own over every test.
std::vector<Bound> bounds(const problem::Problem& p, problem::TimeLimitUse use) {
    std::vector<Bound> out;
    for (const auto& e : p.expectations) {
        if (runnable_language(e.submission).empty()) continue;
        if (e.time_limit_use == use) out.push_back({e.contestant, e.contestant, {}, e.permitted});
        for (const auto& g : e.groups) {
            if (g.time_limit_use != use || (use == problem::TimeLimitUse::lower && e.time_limit_use == use)) continue;
            Bound b{e.contestant + " on " + g.path, e.contestant, {}, g.permitted};
            for (const auto& t : g.tests) b.tests.insert(plain_name(t));
            out.push_back(std::move(b));
        }
    }
    return out;
}

bool covers(const Bound& b, const TestResult& t) { return b.tests.empty() || b.tests.count(t.test) > 0; }

// A lower bound counts when it ran to its end on every test it covers (no time-out, no judge
// fault) with a judgement its expectation permits: a run cut short says nothing of how long the
// program needs.
bool bounds_from_below(const problem::Problem& p, const Bound& b, const ProblemResult& r) {
    if (r.status != ProblemStatus::graded ||
        std::none_of(r.tests.begin(), r.tests.end(), [&](const TestResult& t) { return covers(b, t); }))
        return false;
    return std::all_of(r.tests.begin(), r.tests.end(), [&](const TestResult& t) {
        const Judgement j = format_judgement(t.verdict, p.memory_is_run_time_error);
        return !covers(b, t) ||
               (j != Judgement::time_limit_exceeded && j != Judgement::judge_error &&
                (b.permitted.empty() || std::find(b.permitted.begin(), b.permitted.end(), j) != b.permitted.end()));
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

// What the graded runs say of the bounds: the slowest run of those from below that count, and the
// fastest (by its slowest covered test) of those from above.
struct Measured {
    double slowest = 0;
    int used = 0;
    std::vector<std::string> skipped;  // bounds from below that did not get what they must
    std::string fastest_tle;
    double fastest_tle_s = std::numeric_limits<double>::infinity();
    bool fastest_tle_capped = false;  // its slowest test reached the runs' own limit
};

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): the bounds from below, then from above
Measured measure(const problem::Problem& p, const std::vector<Bound>& lower, const std::vector<Bound>& upper,
                 const Contest& contest, const ContestResults& results, double run_limit) {
    Measured m;
    for (const auto& c : results.contestants)
        for (const auto& r : c.problems) {
            const double multiplier = language_multiplier(contest, r.language);
            for (const auto& b : upper) {
                if (b.contestant != c.name || r.status != ProblemStatus::graded) continue;
                double t_max = 0;
                bool capped = false, any = false;
                for (const auto& t : r.tests) {
                    if (!covers(b, t)) continue;
                    any = true;
                    t_max = std::max(t_max, t.cpu_s / multiplier);
                    capped = capped || t.verdict == Verdict::TLE;
                }
                if (!any) continue;
                if (capped) t_max = std::max(t_max, run_limit / multiplier);
                if (t_max < m.fastest_tle_s)
                    m.fastest_tle = b.name, m.fastest_tle_s = t_max, m.fastest_tle_capped = capped;
            }
            for (const auto& b : lower) {
                if (b.contestant != c.name) continue;
                // One that did not get what it must (not compiled here, wrong, too slow) bounds
                // nothing: verify names it.
                if (!bounds_from_below(p, b, r)) {
                    m.skipped.push_back(b.name);
                    continue;
                }
                ++m.used;
                for (const auto& t : r.tests)
                    if (covers(b, t)) m.slowest = std::max(m.slowest, t.cpu_s / multiplier);
            }
        }
    return m;
}

}  // namespace

double derive_time_limit(const problem::Problem& p, const fs::path& contest_file, std::vector<ImportRefusal>& refusals,
                         std::vector<std::string>& notes) {
    const auto lower = bounds(p, problem::TimeLimitUse::lower);
    const auto upper = bounds(p, problem::TimeLimitUse::upper);
    if (lower.empty()) {
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
    std::set<std::string> graded;
    for (const auto* list : {&lower, &upper})
        for (const auto& b : *list) graded.insert(b.contestant);
    GradeOptions options;
    options.out_dir = contest_file.parent_path() / ".time-limit-runs";
    options.selected = [&](const std::string& contestant, const std::string&) { return graded.count(contestant) > 0; };
    const Measured m = measure(p, lower, upper, contest, grade(contest, options), run_limit);
    const double slowest = m.slowest;
    const auto& fastest_tle = m.fastest_tle;
    const double fastest_tle_s = m.fastest_tle_s;
    const bool fastest_tle_capped = m.fastest_tle_capped;
    std::error_code ec;
    fs::remove_all(options.out_dir, ec);
    if (m.used == 0) {
        refusals.push_back({p.source.string(),
                            "no time limit is given, and no submission that bounds it from below got what it "
                            "must on every test under 10 s to derive one"});
        return 0;
    }
    for (const auto& name : m.skipped)
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
