// What a contest's results say in aggregate: how totals and problem scores are spread, which tests
// and groups separate contestants, which runs came close to their time limit. Computed once from
// ContestResults; results.json (`statistics`) and report.html both show exactly this.
#pragma once

#include <array>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sudoku/judge/output/results.hpp"

namespace sudoku::judge {

// Runs per verdict, indexed by the Verdict enum (AC first, FAIL last).
using VerdictCounts = std::array<int, std::size(EnumNames<Verdict>::names)>;

// Scores in equal-width bins from 0 to the maximum: bin i holds [i*width, (i+1)*width), the last
// bin also holds the maximum itself. A score outside [0, max] (a negative or over-full score
// cannot happen today) is clamped into the first or last bin.
struct Histogram {
    double max = 0, bin_width = 0;
    std::vector<int> counts;
};

// Where a set of scores sits: the five numbers of a box plot and the mean.
struct Spread {
    int count = 0;
    double min = 0, lower_quartile = 0, median = 0, upper_quartile = 0, max = 0, mean = 0;
};

// One test over every submission that compiled (graded): a setter's view of what the test does.
struct TestStatistics {
    std::string test, group;
    int runs = 0, passed = 0;  // passed: AC
    VerdictCounts verdicts{};
};

// One group over every graded submission: how many passed all its tests, and its runs' verdicts.
struct GroupStatistics {
    std::string name;
    int submissions = 0, passed = 0;
    VerdictCounts verdicts{};
};

struct ProblemStatistics {
    std::string problem;
    int submitted = 0;  // contestants with a submission (not `missing`, not `not graded`)
    int graded = 0;     // of those, compiled and run
    int full_score = 0, zero = 0;
    Spread spread;        // the points of the submitted ones
    Histogram histogram;  // the same, from 0 to the problem's max_points
    std::vector<TestStatistics> tests;
    std::vector<GroupStatistics> groups;
};

// A run that was not stopped by its time limit but used at least 90 % of it: the borderline run a
// host may want to re-run. TLE runs are not listed: each is within 10 % of the limit by
// construction (the hard kill comes 0.1 s after it).
struct NearLimitRun {
    std::string contestant, problem, test;
    Verdict verdict = Verdict::AC;
    double cpu_s = 0, limit_s = 0;
};

inline constexpr double kNearLimitShare = 0.9;
inline constexpr int kHistogramBins = 10;

struct ContestStatistics {
    Histogram totals;
    Spread totals_spread;
    std::vector<ProblemStatistics> problems;  // in contest order
    std::vector<NearLimitRun> near_limit;     // the closest to their limit first
};

ContestStatistics contest_statistics(const ContestResults& results);
Spread spread_of(std::vector<double> scores);
Histogram histogram_of(const std::vector<double>& scores, double max, int bins = kHistogramBins);

// results.json's `statistics` object (docs/results.md).
nlohmann::json to_json(const ContestStatistics& s);

}  // namespace sudoku::judge
