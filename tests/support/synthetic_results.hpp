// A contest's results made up without grading anything: N contestants on the target sudoku and two
// more problems of 16 tests in 4 groups, with every verdict, brute-force programs that the target's
// anti-brute-force group stops, wrong answers with the checker's message, and runs near the time
// limit. For the report's benchmark and its browser tests: the same seed gives the same results.
// Header only: the benchmarks and the tests link the judge library, test_support does not.
#pragma once

#include <string>
#include <vector>

#include "sudoku/judge/grading/scoring.hpp"
#include "sudoku/judge/output/results.hpp"
#include "sudoku/solver/rng.hpp"

namespace sudoku::testing {

namespace synthetic_detail {

inline const char* const kGroups[] = {"samples", "easy", "anti-brute-force", "hard"};
inline const char* const kLanguages[] = {"cpp", "cpp", "cpp", "c", "python"};

// A share in [0, 1) drawn from `rng`.
inline double unit(Rng& rng) { return static_cast<double>(rng.below(1000000)) / 1e6; }

// One run of a program of `skill` in [0, 1) on test `t` of a problem with `limit_s`.
inline judge::TestResult run(Rng& rng, double skill, bool brute_force, int t, double limit_s) {
    using judge::Verdict;
    judge::TestResult r;
    r.test = (t < 9 ? "0" : "") + std::to_string(t + 1);
    r.group = kGroups[t / 4];
    r.cpu_s = limit_s * unit(rng) * 0.6;
    r.peak_kib = 2048 + static_cast<long long>(rng.below(60000));
    const double difficulty = 0.15 * t / 4 + 0.05 * unit(rng);
    if (brute_force && r.group == std::string("anti-brute-force")) {
        r.verdict = Verdict::TLE;
        r.cpu_s = limit_s + 0.1;
        r.reason = "CPU time " + std::to_string(r.cpu_s).substr(0, 5) + " s > limit";
    } else if (skill > difficulty + 0.25 * unit(rng)) {
        r.verdict = Verdict::AC;
        if (rng.below(40) == 0) r.cpu_s = limit_s * (0.9 + 0.099 * unit(rng));  // close to the limit
    } else {
        static constexpr Verdict kWrong[] = {Verdict::WA, Verdict::WA,  Verdict::WA, Verdict::TLE,
                                             Verdict::RE, Verdict::MLE, Verdict::PE};
        r.verdict = kWrong[rng.below(std::size(kWrong))];
        const int want = 2000 + static_cast<int>(rng.below(900));
        if (r.verdict == Verdict::WA)
            r.reason = "token 1: expected " + std::to_string(want) + ", found " + std::to_string(want - 1 - t);
        if (r.verdict == Verdict::PE) r.reason = "line 2: expected 9 tokens, found 8";
        if (r.verdict == Verdict::TLE) r.cpu_s = limit_s + 0.1, r.reason = "CPU time > limit";
        if (r.verdict == Verdict::RE) r.reason = "killed by signal 11 (SIGSEGV)";
        if (r.verdict == Verdict::MLE) r.peak_kib = 262144, r.reason = "memory 256 MiB > limit 256 MiB";
    }
    r.wall_s = r.cpu_s * 1.05 + 0.002;
    r.fraction = r.verdict == Verdict::AC ? 1 : 0;
    r.max_points = 100.0 / 16;
    r.points = r.fraction * r.max_points;
    return r;
}

inline judge::ProblemResult problem(Rng& rng, const std::string& name, double skill, double limit_s) {
    judge::ProblemResult p;
    p.problem = name;
    p.max_points = 100;
    p.language = kLanguages[rng.below(std::size(kLanguages))];
    const auto roll = rng.below(100);
    if (roll < 6) {
        p.status = judge::ProblemStatus::missing;
        p.language.clear();
        return p;
    }
    p.status = roll < 9 ? judge::ProblemStatus::CE : judge::ProblemStatus::graded;
    if (p.status == judge::ProblemStatus::CE)
        p.compile_message = name + ".cpp:12:5: error: 'grid' was not declared in this scope";
    const bool brute_force = rng.below(4) == 0;
    for (int t = 0; t < 16; ++t) {
        judge::TestResult r = run(rng, skill, brute_force, t, limit_s);
        if (p.status == judge::ProblemStatus::CE)
            r = judge::TestResult{"", "", r.test, r.group, judge::Verdict::CE, "compilation error"};
        r.problem = name;
        p.points += r.points;
        p.tests.push_back(r);
    }
    for (int g = 0; g < 4; ++g) {
        judge::GroupScore group{kGroups[g], 0, 25, true};
        for (int t = 4 * g; t < 4 * g + 4; ++t) {
            group.points += p.tests[static_cast<size_t>(t)].points;
            group.passed = group.passed && p.tests[static_cast<size_t>(t)].verdict == judge::Verdict::AC;
        }
        p.groups.push_back(group);
    }
    return p;
}

}  // namespace synthetic_detail

inline judge::ContestResults synthetic_results(int contestants, std::uint64_t seed = 1) {
    judge::ContestResults results;
    results.contest = "synthetic contest";
    results.problems = {"target-sudoku", "poj2676", "qmark"};
    results.problem_max_points = {100, 100, 100};
    results.problem_time_limits_s = {2, 1, 1};
    Rng rng(seed);
    for (int i = 0; i < contestants; ++i) {
        judge::ContestantResult c;
        c.name = "contestant-" + std::to_string(10000 + i).substr(1);
        const double skill = synthetic_detail::unit(rng);
        for (size_t p = 0; p < results.problems.size(); ++p) {
            c.problems.push_back(synthetic_detail::problem(rng, results.problems[p], skill * (1.0 - 0.2 * p),
                                                           results.problem_time_limits_s[p]));
            for (auto& t : c.problems.back().tests) t.contestant = c.name;
            c.total += c.problems.back().points;
        }
        results.contestants.push_back(std::move(c));
    }
    judge::rank_contestants(results.contestants);
    return results;
}

}  // namespace sudoku::testing
