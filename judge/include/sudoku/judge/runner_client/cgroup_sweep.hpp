// Leftovers of runners that died without cleaning up (SIGKILL, a cancelled cluster job): their
// `sudoku-sandbox-<pid>` cgroups stay behind for good unless someone removes them. The judge
// sweeps them at start.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace sudoku::judge {

struct CgroupSweep {
    std::vector<std::filesystem::path> removed;
    std::vector<std::string> kept;  // stale-looking groups left alone, each with why
};

// Under each cgroup hierarchy the runner uses (v1 memory, cpuacct, pids; v2), removes every
// `sudoku-sandbox-<pid>` group whose owner is gone and which is empty. Owner gone: no process
// <pid>, or one that is not a sudoku-sandbox (the pid was reused). A group that still holds
// processes is kept (reported), whoever owns it. `roots` are the hierarchies' mount points.
CgroupSweep sweep_stale_cgroups(const std::vector<std::filesystem::path>& roots = {
                                    "/sys/fs/cgroup/memory", "/sys/fs/cgroup/cpuacct", "/sys/fs/cgroup/pids",
                                    "/sys/fs/cgroup/unified", "/sys/fs/cgroup"});

// Removes the empty root-skeleton directories `<tmp>/sudoku-sandbox-root-<pid>-*` (runner_contract.hpp)
// whose runner is gone; returns them.
std::vector<std::filesystem::path> sweep_stale_skeletons(const std::filesystem::path& tmp = "/tmp");

}  // namespace sudoku::judge
