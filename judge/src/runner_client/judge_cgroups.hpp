// The judge's cgroups for the length of a grading: when its group holds the judge's own processes
// (a scope, a container's root), the judge steps aside into the group's sudoku-judge leaf so that
// its runners' groups get controllers (sudoku/judge/runner_client/cgroup_support.hpp); at the end it steps back and
// sweeps what runners left. The runners decide with the same detection, so the start-up line and
// every run's record agree.
#pragma once

#include <string>
#include <vector>

#include "sudoku/judge/runner_client/cgroup_support.hpp"

namespace sudoku::judge {

class JudgeCgroups {
public:
    // `wanted`: grading with cgroups (not --no-cgroups); otherwise nothing is touched.
    explicit JudgeCgroups(bool wanted);
    ~JudgeCgroups();  // steps back, then sweeps the groups of runners that are gone
    JudgeCgroups(const JudgeCgroups&) = delete;
    JudgeCgroups& operator=(const JudgeCgroups&) = delete;

    const cgroups::CgroupSupport& support() const { return support_; }
    // What the start-up lines say beside the runs' protections: why cgroups are off and what to do,
    // or what a v2 run lacks on this kernel. Empty when there is nothing to add.
    std::vector<std::string> notes(CgroupsState runs_have) const;

private:
    bool wanted_;
    cgroups::CgroupSupport support_;
    cgroups::SteppedAside aside_;
};

}  // namespace sudoku::judge
