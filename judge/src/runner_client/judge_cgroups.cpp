// The judge's cgroups for the length of a grading (see judge_cgroups.hpp).
#include "runner_client/judge_cgroups.hpp"

#include <unistd.h>

#include "sudoku/judge/runner_client/cgroup_sweep.hpp"

namespace sudoku::judge {

JudgeCgroups::JudgeCgroups(bool wanted) : wanted_(wanted) {
    if (!wanted_) return;
    support_ = cgroups::detect_cgroup_support();
    if (!support_.needs_leaf) return;
    aside_ = cgroups::step_aside(support_, {getpid()});
    if (!aside_.error.empty()) {
        support_.version = CgroupsState::off;
        support_.why_not = "cgroup v2: " + aside_.error;
        support_.remedy = cgroups::delegation_command(geteuid() == 0);
    }
}

JudgeCgroups::~JudgeCgroups() {
    if (!wanted_) return;
    cgroups::come_back(aside_, {getpid()});
    sweep_stale_cgroups();
}

std::vector<std::string> JudgeCgroups::notes(CgroupsState runs_have) const {
    if (!wanted_) return {};
    if (runs_have == CgroupsState::off)
        return {"cgroups off: " + (support_.usable()
                                       ? support_.describe() + ", but the runner could not make its groups"
                                       : support_.describe())};
    return {};
}

}  // namespace sudoku::judge
