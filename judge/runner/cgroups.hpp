// The run's cgroups. cgroup v2: one group per run, below the runner's own group
// G/sudoku-sandbox-<pid> (G as decided by sudoku/judge/runner_client/cgroup_support.hpp, the one detection the judge's
// start-up line uses too), removed at the run's end; the runner's group goes when the runner leaves.
// cgroup v1: a fresh set of groups per run under the runner's own groups (so the host's accounting
// and limits still apply), or, for a --serve runner, the groups it lives in (resident), reused run
// after run.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "options.hpp"
#include "sudoku/judge/runner_client/cgroup_support.hpp"
#include "sudoku/judge/runner_client/runner_contract.hpp"

namespace sudoku_sandbox {

struct Cgroups {
    sudoku::judge::CgroupsState version = sudoku::judge::CgroupsState::off;
    bool resident = false;                  // --serve on v1: the runner lives in these groups; they outlive a run
    std::string memory, cpuacct, pids, v2;  // directories of this run's groups
    // pids.max was written: a group whose parent does not delegate the pids controller has none,
    // and the run then needs RLIMIT_NPROC as v1 without a pids hierarchy does.
    bool pids_limited = false;
    bool kill_file = false;  // v2: cgroup.kill exists (Linux 5.14): the whole group is killed at once
    // --no-cgroups under a resident runner: the groups init moves to first (the runner's own
    // parents), so that the run is really outside every cgroup the runner made.
    std::vector<std::string> leave_to;

    std::vector<std::string> dirs() const;
};

// What this runner may use, detected once (sudoku/judge/runner_client/cgroup_support.hpp). A runner started alone in a
// delegated group that holds only itself steps aside into the group's sudoku-judge leaf first.
const sudoku::cgroups::CgroupSupport& runner_cgroup_support();

// The groups of one run with the options' limits; version off when none could be made.
Cgroups setup_cgroups(const Options& o);

// At the runner's exit: its own v2 group removed, a step aside undone.
void release_runner_cgroups();

// Every process in the groups.
std::vector<pid_t> tasks_of(const Cgroups& cg);

// Kills every process of the groups (v2: cgroup.kill where the kernel has it).
void kill_groups(const Cgroups& cg);

// CPU seconds used by the whole group (every process the program started), -1 when unknown.
double cgroup_cpu(const Cgroups& cg, sudoku::judge::CpuClock clock = sudoku::judge::CpuClock::user_and_system);

// The memory the run holds now, in bytes: anonymous, shared (its /tmp) and kernel memory, without
// the page cache of the files it wrote, which the kernel takes back when it needs it (v2
// memory.stat anon + shmem + kernel; v1 memory.stat total_rss + total_shmem and
// memory.kmem.usage_in_bytes); -1 when unknown.
long long cgroup_memory_held(const Cgroups& cg);

// Whether the group hit its hard limit: v1 an oom kill past `oom_kills_before` (not failcnt, which
// counts every reclaim of page cache at the limit too); v2 memory.events oom or oom_kill.
bool cgroup_hit_limit(const Cgroups& cg, long long oom_kills_before);

// v1: the memory.oom_control oom_kill count (a resident group's before a run), 0 when absent.
long long v1_oom_kills(const Cgroups& cg);

// Removes the groups, killing what is still in them.
void remove_cgroups(const Cgroups& cg);

// A resident (v1) group is reused: its counters are reset and its limit moved above what the
// runner itself holds, so that only the run is measured and limited. Returns the runner's own usage.
long long prepare_resident(const Cgroups& cg, const Options& o);

// The parents of the resident groups: where a --no-cgroups run goes (see Cgroups::leave_to).
std::vector<std::string> parents_of(const Cgroups& resident);

}  // namespace sudoku_sandbox
