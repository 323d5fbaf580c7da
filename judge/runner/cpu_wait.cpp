// Reads the run's wait for a CPU (see cpu_wait.hpp).
#include "cpu_wait.hpp"

#include <dirent.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "files.hpp"

namespace sudoku_sandbox {
namespace {

// Seconds the task has waited on a run queue: /proc/.../schedstat holds its time on a CPU, its
// time waiting on a run queue (both in ns) and its timeslices.
double task_wait_s(const std::string& task) {
    const std::string line = read_small(task + "/schedstat");
    unsigned long long on_cpu = 0, waited = 0;
    if (std::sscanf(line.c_str(), "%llu %llu", &on_cpu, &waited) != 2) return 0;
    return static_cast<double>(waited) * 1e-9;
}

std::vector<std::string> entries_of(const std::string& folder) {
    std::vector<std::string> names;
    if (DIR* d = opendir(folder.c_str())) {
        while (const dirent* e = readdir(d))
            if (e->d_name[0] != '.') names.emplace_back(e->d_name);
        closedir(d);
    }
    return names;
}

// The pids `task`'s children file lists, added to `out`.
void add_children(const std::string& task, std::vector<pid_t>& out) {
    const std::string children = read_small(task + "/children");
    for (const char* p = children.c_str(); *p;) {
        char* end = nullptr;
        const long pid = std::strtol(p, &end, 10);
        if (end == p) break;
        if (pid > 0) out.push_back(static_cast<pid_t>(pid));
        p = end;
    }
}

}  // namespace

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): a process id and a time, one caller
void TreeWait::poll(pid_t init, double now) {
    std::unordered_map<pid_t, double> seen;
    double added = 0;
    // Init's children and their descendants, each with its threads; init itself is the runner's.
    std::vector<pid_t> pending;
    const std::string init_tasks = "/proc/" + std::to_string(init) + "/task";
    for (const std::string& tid : entries_of(init_tasks)) add_children(init_tasks + "/" + tid, pending);
    // A fork bomb's tree is bounded by the run's process limit; the walk stops at a generous
    // multiple of any such limit all the same.
    for (std::size_t i = 0; i < pending.size() && i < 1 << 16; ++i) {
        const std::string process = "/proc/" + std::to_string(pending[i]);
        for (const std::string& tid : entries_of(process + "/task")) {
            const std::string task = process + "/task/" + tid;
            const pid_t id = static_cast<pid_t>(std::atol(tid.c_str()));
            const double wait = task_wait_s(task);
            auto before = last_wait_.find(id);
            added += std::max(0.0, wait - (before == last_wait_.end() ? 0.0 : before->second));
            seen[id] = wait;
            add_children(task, pending);
        }
    }
    total_ += std::min(added, std::max(0.0, now - last_poll_));
    last_poll_ = now;
    last_wait_ = std::move(seen);
}

}  // namespace sudoku_sandbox
