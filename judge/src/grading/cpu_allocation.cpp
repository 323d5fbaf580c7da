// Pinning slots within the allowed CPUs (see sudoku/judge/grading/cpu_allocation.hpp).
#include "sudoku/judge/grading/cpu_allocation.hpp"

#include <sched.h>

namespace sudoku::judge {

std::vector<int> allowed_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    std::vector<int> cpus;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return cpus;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set)) cpus.push_back(c);
    return cpus;
}

CpuAllocation allocate_cpus(int slots, const std::vector<int>& allowed) {
    CpuAllocation a;
    a.allowed = allowed;
    for (int s = 0; s < slots && !allowed.empty(); ++s) a.slot_cpu.push_back(allowed[s % allowed.size()]);
    return a;
}

std::string CpuAllocation::describe() const {
    std::string s = "slots pinned to CPUs ";
    for (size_t i = 0; i < slot_cpu.size(); ++i) s += (i ? ", " : "") + std::to_string(slot_cpu[i]);
    s += " (allowed: ";
    for (size_t i = 0; i < allowed.size(); ++i) s += (i ? ", " : "") + std::to_string(allowed[i]);
    s += ")";
    if (shared()) {
        const size_t most = (slot_cpu.size() + allowed.size() - 1) / allowed.size();
        s += "; " + std::to_string(slot_cpu.size()) + " slots share " + std::to_string(allowed.size()) +
             " CPU(s), up to " + std::to_string(most) + " per CPU: timings are less honest";
    }
    return s;
}

}  // namespace sudoku::judge
