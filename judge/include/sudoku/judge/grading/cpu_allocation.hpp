// Which CPU each judge slot is pinned to: only CPUs the judge is allowed to use (its affinity
// mask: a cpuset, a cluster job's allocation, taskset), never two slots on one CPU while another
// allowed CPU is idle, and with more slots than CPUs an even spread that the start-up line states.
#pragma once

#include <string>
#include <vector>

namespace sudoku::judge {

struct CpuAllocation {
    std::vector<int> allowed;   // the judge's allowed CPUs, ascending
    std::vector<int> slot_cpu;  // slot s is pinned to slot_cpu[s]
    bool shared() const { return slot_cpu.size() > allowed.size(); }
    // "slots pinned to CPUs 0, 1 (allowed: 0-1)", plus how they share CPUs when they must.
    std::string describe() const;
};

// The CPUs sched_getaffinity gives this process (empty when it fails).
std::vector<int> allowed_cpus();

// Slot s gets allowed[s mod n]: distinct CPUs while there are enough, then each CPU carries
// floor or ceil(slots / n) slots. `allowed` must not be empty.
CpuAllocation allocate_cpus(int slots, const std::vector<int>& allowed);

}  // namespace sudoku::judge
