// The longest-first partition of sudoku/judge/scaleout/shard_plan.hpp.
#include "sudoku/judge/scaleout/shard_plan.hpp"

#include <algorithm>
#include <numeric>

namespace sudoku::judge {

std::vector<Submission> all_submissions(const Contest& contest) {
    std::vector<Submission> all;
    for (const auto& c : list_contestants(contest.contestants_dir))
        for (const auto& p : contest.problems) all.push_back({c, p.config.name});
    return all;
}

double estimated_work_s(const ContestProblem& problem) {
    return static_cast<double>(problem.tests.size()) * problem.config.time_limit_s;
}

std::vector<PlannedShard> plan_shards(const Contest& contest, int count) {
    const std::vector<Submission> all = all_submissions(contest);
    std::vector<double> work;
    for (const auto& s : all)
        for (const auto& p : contest.problems)
            if (p.config.name == s.problem) work.push_back(estimated_work_s(p));
    std::vector<size_t> order(all.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return work[a] > work[b]; });

    std::vector<PlannedShard> shards(static_cast<size_t>(std::max(count, 1)));
    std::vector<std::vector<size_t>> taken(shards.size());
    for (size_t k : order) {
        auto lightest = std::min_element(shards.begin(), shards.end(),
                                         [](const auto& a, const auto& b) { return a.estimate_s < b.estimate_s; });
        lightest->estimate_s += work[k];
        taken[static_cast<size_t>(lightest - shards.begin())].push_back(k);
    }
    for (size_t i = 0; i < shards.size(); ++i) {
        std::sort(taken[i].begin(), taken[i].end());
        for (size_t k : taken[i]) shards[i].submissions.push_back(all[k]);
    }
    return shards;
}

}  // namespace sudoku::judge
