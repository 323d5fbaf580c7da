// Which shard grades which submission: the plan every shard, `merge` and `status` compute alike
// from the contest, so that a shard's folder can be checked against it.
//
// The unit of work is a submission, a (contestant, problem) pair. Its estimated work is what its
// tests may cost: tests x time limit. The pairs are dealt longest first (ties in submission order:
// contestants sorted, problems in contest order) each to the shard with the least work so far (ties:
// the lowest index), so that the plan is deterministic and the shards finish close together:
//
//   pairs by estimate   7 x 12 s (target), then 14 x 4 s (poj2676, poj3074): the example, 3 shards
//   shard 0             12 12 12  4  4  4                    = 48 s
//   shard 1             12 12     4  4  4  4  4  4           = 48 s
//   shard 2             12 12     4  4  4  4  4              = 44 s
#pragma once

#include <string>
#include <vector>

#include "sudoku/judge/contest/contest.hpp"

namespace sudoku::judge {

struct Shard {
    int index = 0;  // 0-based
    int count = 1;
    bool operator==(const Shard&) const = default;
};

struct Submission {
    std::string contestant, problem;
    bool operator==(const Submission&) const = default;
    auto operator<=>(const Submission&) const = default;
};

// Every submission of the contest in submission order (contestants sorted, problems in contest order).
std::vector<Submission> all_submissions(const Contest& contest);

// The estimated work of one submission of `problem`, in seconds: tests x time limit.
double estimated_work_s(const ContestProblem& problem);

struct PlannedShard {
    std::vector<Submission> submissions;  // in submission order
    double estimate_s = 0;
};

// The `count` shards of the contest (count >= 1).
std::vector<PlannedShard> plan_shards(const Contest& contest, int count);

}  // namespace sudoku::judge
