// The run's cgroups: one fresh group per run, made under the runner's own group (so the host's
// accounting and limits still apply) and removed at the end; or, for a --serve runner on cgroup v1,
// the groups it lives in (resident), reused run after run.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "options.hpp"
#include "sudoku/runner_contract.hpp"

namespace sudoku_sandbox {

struct Cgroups {
    sudoku::judge::CgroupsState version = sudoku::judge::CgroupsState::off;
    bool resident = false;                  // --serve: the runner lives in these groups; they outlive a run
    std::string memory, cpuacct, pids, v2;  // directories of this run's groups
    // pids.max was written: a v2 group whose parent does not delegate the pids controller has
    // none, and the run then needs RLIMIT_NPROC as v1 without a pids hierarchy does.
    bool pids_limited = false;
    // --no-cgroups under a resident runner: the groups init moves to first (the runner's own
    // parents), so that the run is really outside every cgroup the runner made.
    std::vector<std::string> leave_to;

    std::vector<std::string> dirs() const;
};

// The groups of one run with the options' limits; version off when none could be made.
Cgroups setup_cgroups(const Options& o);

// Every process in the groups.
std::vector<pid_t> tasks_of(const Cgroups& cg);

// CPU seconds used by the whole group (every process the program started), -1 when unknown.
double cgroup_cpu(const Cgroups& cg);

// The number after `key` in a flat-keyed file (memory.events, memory.oom_control), 0 when absent.
long long stat_field(const std::string& file, const std::string& key);

// Removes the groups, killing what is still in them.
void remove_cgroups(const Cgroups& cg);

// A resident (v1) group is reused: its counters are reset and its limit moved above what the
// runner itself holds, so that only the run is measured and limited. Returns the runner's own usage.
long long prepare_resident(const Cgroups& cg, const Options& o);

// The parents of the resident groups: where a --no-cgroups run goes (see Cgroups::leave_to).
std::vector<std::string> parents_of(const Cgroups& resident);

}  // namespace sudoku_sandbox
