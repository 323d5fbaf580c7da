// Whether cgroups can measure and limit the runs on this machine, and if not, why and what to do:
// one detection, used by the runner (which groups it makes), by the judge's start-up line and by
// anything that diagnoses the machine. Standard library only: the runner compiles it too
// (judge/src/runner_client/cgroup_support.cpp) without linking the judge library.
//
//   cgroup v2, the judge started in group G (its /proc/self/cgroup line `0::G`):
//
//   G                      controllers enabled in G/cgroup.subtree_control: memory, pids
//   ├─ sudoku-judge        the judge and its runners, when G held processes (a scope, a
//   │                      container's root): a group with processes cannot give controllers to
//   │                      its children (the kernel's no-internal-process rule; the root is exempt)
//   └─ sudoku-sandbox-<runner pid>        one per runner, removed when it leaves
//      └─ run-<n>          one per run: memory.max, memory.swap.max 0, memory.oom.group 1, pids.max
#pragma once

#include <sys/types.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/judge/runner_client/runner_contract.hpp"

namespace sudoku::cgroups {

// The leaf a judge (or a runner started alone) moves its own processes into when its group holds
// processes, so that the group can give controllers to the per-run groups beside it.
inline constexpr std::string_view kJudgeLeaf = "sudoku-judge";

// ---- the kernel's files, parsed (text in, data out)

// cgroup.controllers, cgroup.subtree_control: space-separated names.
std::set<std::string> parse_controllers(std::string_view text);
// memory.events, cpu.stat, memory.stat: `key value` lines. Lines that are not are skipped.
std::map<std::string, long long> parse_flat_keyed(std::string_view text);
// cgroup.procs: one pid a line.
std::vector<pid_t> parse_pids(std::string_view text);

// /proc/<pid>/cgroup: `0::PATH` (v2) and `N:CONTROLLERS:PATH` (v1) lines.
struct ProcCgroup {
    std::optional<std::string> unified;                // the v2 path, when there is a `0::` line
    std::map<std::string, std::string> by_controller;  // v1: memory -> /a/b, cpuacct -> ...
};
ProcCgroup parse_proc_cgroup(std::string_view text);

// The mount point of the first cgroup2 file system in /proc/self/mountinfo; empty when none.
std::string cgroup2_mount_point(std::string_view mountinfo);

// ---- the detection

// Where the detection looks: this process on this machine, or a fake tree for tests.
struct CgroupHost {
    std::string proc_self_cgroup;  // the text of /proc/self/cgroup
    std::string mountinfo;         // the text of /proc/self/mountinfo
    std::string v1_root = "/sys/fs/cgroup";
    std::vector<pid_t> own;  // the processes the caller may move (itself); others are left alone
    bool root_user = false;  // the remedy for root or for a user's own manager

    static CgroupHost current();
};

struct CgroupSupport {
    judge::CgroupsState version = judge::CgroupsState::off;
    // v2: the group the per-run groups are made under (absolute directory); v1: the memory group.
    std::string group;
    std::set<std::string> controllers;  // v2: what the per-run groups can get (of memory, pids)
    bool memory_peak = false;           // v2: memory.peak exists (Linux 5.19); else the peak is polled
    bool cgroup_kill = false;           // v2: cgroup.kill exists (Linux 5.14)
    // v2: `group` holds processes and none but `own` ones: they move to group/sudoku-judge first.
    bool needs_leaf = false;
    std::string why_not;  // non-empty: cgroups cannot be used here, and why (the group, the rule)
    std::string remedy;   // with why_not: a command that gives the judge a delegated group

    bool usable() const { return version != judge::CgroupsState::off; }
    // One line: "cgroup v2 at G (memory, pids; peak from memory.peak)" or the reason and remedy.
    std::string describe() const;
};

CgroupSupport detect_cgroup_support(const CgroupHost& host = CgroupHost::current());

// ---- acting on it (v2)

// What step_aside did, so that come_back can undo exactly that.
struct SteppedAside {
    std::string group;                 // empty: nothing was done
    std::vector<std::string> enabled;  // the controllers it enabled in group/cgroup.subtree_control
    bool moved = false;                // the caller's processes went to group/sudoku-judge
    std::string error;                 // non-empty: it failed (why); nothing is left changed
};

// Makes `support.group` give the per-run groups their controllers: when it holds the caller's
// processes, moves them into group/sudoku-judge first; then enables memory and pids in its
// cgroup.subtree_control. A no-op when nothing is needed or v2 is not in use.
SteppedAside step_aside(const CgroupSupport& support, const std::vector<pid_t>& own);

// Undoes step_aside at the caller's exit: disables what it enabled, moves the caller back, removes
// the leaf. Best effort (another judge in the same group may still use them).
void come_back(const SteppedAside& done, const std::vector<pid_t>& own);

// The command that gives a program a delegated cgroup v2 group of its own.
std::string delegation_command(bool root_user);

}  // namespace sudoku::cgroups
