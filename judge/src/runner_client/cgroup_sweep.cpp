// Sweeping the cgroups of dead runners (see sudoku/judge/runner_client/cgroup_sweep.hpp).
#include "sudoku/judge/runner_client/cgroup_sweep.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <optional>
#include <set>

#include "sudoku/judge/runner_client/runner_contract.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

// The pid in `<prefix><pid>` (a cgroup) or `<prefix><pid>-<anything>` (a skeleton directory).
std::optional<pid_t> owner_of(const std::string& name, std::string_view prefix, bool suffixed) {
    if (name.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
    pid_t pid = 0;
    const char* first = name.data() + prefix.size();
    const char* last = name.data() + name.size();
    auto [end, ec] = std::from_chars(first, last, pid);
    if (ec != std::errc() || pid <= 0 || (suffixed ? end == last || *end != '-' : end != last)) return std::nullopt;
    return pid;
}

// The owner is alive when process `pid` exists and is a runner (its comm: `sudoku-sandbox`, or the
// test build's `sudoku-sandbox-testing` cut to the kernel's 15 characters); anything else is a dead
// owner or a reused pid.
bool runner_alive(pid_t pid) {
    if (kill(pid, 0) != 0 && errno == ESRCH) return false;
    std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
    std::string name;
    std::getline(comm, name);
    return name == "sudoku-sandbox" || name == "sudoku-sandbox-";
}

// A runner's group and the run groups below it (cgroup v2: sudoku-sandbox-<pid>/run-<n>) hold no
// process.
bool empty_group(const fs::path& dir) {
    std::ifstream procs(dir / "cgroup.procs");
    pid_t p = 0;
    if (!procs || (procs >> p)) return false;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_directory(ec) && !it->is_symlink(ec) && !empty_group(it->path())) return false;
    return true;
}

// rmdir of the group's children first: the kernel removes only a group without children.
bool remove_group(const fs::path& dir) {
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_directory(ec) && !it->is_symlink(ec)) remove_group(it->path());
    return rmdir(dir.c_str()) == 0;
}

void sweep_under(const fs::path& dir, int depth, CgroupSweep& sweep) {
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (!it->is_directory(ec) || it->is_symlink(ec)) continue;
        const fs::path group = it->path();
        auto owner = owner_of(group.filename().string(), kRunnerCgroupPrefix, false);
        if (!owner) {
            if (depth < 8) sweep_under(group, depth + 1, sweep);
            continue;
        }
        if (runner_alive(*owner)) continue;
        if (!empty_group(group)) {
            sweep.kept.push_back(group.string() + ": its runner is gone but it still holds processes");
            continue;
        }
        if (remove_group(group))
            sweep.removed.push_back(group);
        else
            sweep.kept.push_back(group.string() + ": rmdir: " + std::strerror(errno));
    }
}

}  // namespace

std::vector<fs::path> sweep_stale_skeletons(const fs::path& tmp) {
    std::vector<fs::path> removed;
    std::error_code ec;
    for (fs::directory_iterator it(tmp, ec), end; !ec && it != end; it.increment(ec)) {
        auto owner = owner_of(it->path().filename().string(), kRunnerSkeletonPrefix, true);
        // Empty on the host while its runner lives too (the skeleton is mounted in the runner's own
        // mount namespace): only a dead owner's is removed, and rmdir leaves a non-empty one alone.
        if (!owner || runner_alive(*owner) || !it->is_directory(ec) || it->is_symlink(ec)) continue;
        if (rmdir(it->path().c_str()) == 0) removed.push_back(it->path());
    }
    return removed;
}

CgroupSweep sweep_stale_cgroups(const std::vector<fs::path>& roots) {
    CgroupSweep sweep;
    std::set<fs::path> seen;  // cpuacct is often a link to cpu,cpuacct; v2 at the top holds the v1 mounts
    std::error_code ec;
    for (const auto& root : roots) {
        fs::path real = fs::canonical(root, ec);
        if (ec || !fs::exists(real / "cgroup.procs", ec) || !seen.insert(real).second) continue;
        sweep_under(real, 0, sweep);
    }
    return sweep;
}

}  // namespace sudoku::judge
