// The run's cgroups (see cgroups.hpp).
#include "cgroups.hpp"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <initializer_list>
#include <map>
#include <optional>

#include "files.hpp"

namespace sudoku_sandbox {

namespace cg2 = sudoku::cgroups;
using sudoku::judge::CgroupsState;

std::vector<std::string> Cgroups::dirs() const {
    std::vector<std::string> d;
    for (auto* p : {&memory, &cpuacct, &pids, &v2})
        if (!p->empty()) d.push_back(*p);
    return d;
}

namespace {

// What the runner holds across its runs.
struct RunnerGroups {
    cg2::CgroupSupport support;
    cg2::SteppedAside aside;  // a runner started alone that stepped aside itself
    std::string v2_parent;    // G/sudoku-sandbox-<pid>, made at the first v2 run
    int runs = 0;
};

// Detected at the runner's first run with cgroups, not before: a runner asked for none touches none.
std::optional<RunnerGroups>& held_groups() {
    static std::optional<RunnerGroups> held;
    return held;
}

RunnerGroups& runner_groups() {
    std::optional<RunnerGroups>& held = held_groups();
    if (held) return *held;
    RunnerGroups& g = held.emplace();
    g.support = cg2::detect_cgroup_support();
    if (g.support.needs_leaf) {
        g.aside = cg2::step_aside(g.support, {getpid()});
        if (!g.aside.error.empty()) {
            g.support.version = CgroupsState::off;
            g.support.why_not = "cgroup v2: " + g.aside.error;
        }
    }
    return g;
}

std::string leaf_name() { return std::string(sudoku::judge::kRunnerCgroupPrefix) + std::to_string(getpid()); }

// ---- v1: memory, cpuacct and pids hierarchies, one group each under the runner's own.

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): root, controller and leaf, in path order
std::string make_v1_group(const std::string& root, const std::string& controller, const std::string& leaf) {
    const auto proc = cg2::parse_proc_cgroup(read_small("/proc/self/cgroup"));
    auto own = proc.by_controller.find(controller);
    if (own == proc.by_controller.end()) return "";
    std::string base = root + (own->second == "/" ? "" : own->second);
    if (access((base + "/cgroup.procs").c_str(), F_OK) != 0) return "";
    std::string dir = base + "/" + leaf;
    if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) return "";
    return dir;
}

Cgroups setup_v1(const Options& o) {
    Cgroups cg;
    const std::string leaf = leaf_name();
    const long long hard = o.mem_hard_mib << 20;
    cg.memory = make_v1_group("/sys/fs/cgroup/memory", "memory", leaf);
    cg.cpuacct = make_v1_group("/sys/fs/cgroup/cpuacct", "cpuacct", leaf);
    cg.pids = make_v1_group("/sys/fs/cgroup/pids", "pids", leaf);
    if (cg.memory.empty() || cg.cpuacct.empty() ||
        !write_file(cg.memory + "/memory.limit_in_bytes", std::to_string(hard))) {
        for (auto& d : cg.dirs()) rmdir(d.c_str());
        return Cgroups{};
    }
    write_file(cg.memory + "/memory.memsw.limit_in_bytes", std::to_string(hard));  // no swapping out of the limit
    cg.pids_limited = !cg.pids.empty() && write_file(cg.pids + "/pids.max", std::to_string(o.procs));
    cg.version = CgroupsState::v1;
    return cg;
}

// ---- v2: G/sudoku-sandbox-<pid>/run-<n>

// Enables `controllers` for the children of `group`; false when the kernel refuses one.
bool enable_below(const std::string& group, const std::set<std::string>& controllers) {
    const auto enabled = cg2::parse_controllers(read_small(group + "/cgroup.subtree_control"));
    for (const auto& c : controllers)
        if (!enabled.count(c) && !write_file(group + "/cgroup.subtree_control", "+" + c)) return false;
    return true;
}

// The runner's own group, made at its first run; "" when the kernel refuses it.
const std::string& v2_parent(RunnerGroups& g) {
    if (!g.v2_parent.empty()) return g.v2_parent;
    const std::string dir = g.support.group + "/" + leaf_name();
    if (!enable_below(g.support.group, g.support.controllers) || mkdir(dir.c_str(), 0755) != 0) return g.v2_parent;
    if (!enable_below(dir, g.support.controllers)) {
        rmdir(dir.c_str());
        return g.v2_parent;
    }
    g.v2_parent = dir;
    return g.v2_parent;
}

Cgroups setup_v2(const Options& o, RunnerGroups& g) {
    Cgroups cg;
    const std::string& parent = v2_parent(g);
    if (parent.empty()) return cg;
    const std::string dir = parent + "/run-" + std::to_string(++g.runs);
    if (mkdir(dir.c_str(), 0755) != 0) return cg;
    // The hard limit, no swap to escape it, and an OOM kill takes the whole run, never a part of it.
    if (!write_file(dir + "/memory.max", std::to_string(o.mem_hard_mib << 20)) ||
        !write_file(dir + "/memory.oom.group", "1")) {
        rmdir(dir.c_str());
        return cg;
    }
    if (access((dir + "/memory.swap.max").c_str(), F_OK) == 0 && !write_file(dir + "/memory.swap.max", "0")) {
        rmdir(dir.c_str());
        return cg;
    }
    cg.pids_limited = g.support.controllers.count("pids") && write_file(dir + "/pids.max", std::to_string(o.procs));
    cg.kill_file = access((dir + "/cgroup.kill").c_str(), F_OK) == 0;
    cg.version = CgroupsState::v2;
    cg.v2 = dir;
    return cg;
}

// rmdir until the kernel lets it go, killing what is left.
void remove_dirs(const std::vector<std::string>& dirs, const Cgroups& cg) {
    for (int attempt = 0; attempt < 200; ++attempt) {
        bool busy = false;
        for (auto& d : dirs)
            if (rmdir(d.c_str()) != 0 && errno == EBUSY) busy = true;
        if (!busy) return;
        kill_groups(cg);
        usleep(1000);
    }
}

}  // namespace

const cg2::CgroupSupport& runner_cgroup_support() { return runner_groups().support; }

Cgroups setup_cgroups(const Options& o) {
    if (!o.cgroups) return Cgroups{};
    RunnerGroups& g = runner_groups();
    if (g.support.version == CgroupsState::v2) return setup_v2(o, g);
    if (g.support.version == CgroupsState::v1) return setup_v1(o);
    return Cgroups{};
}

void release_runner_cgroups() {
    if (!held_groups()) return;
    RunnerGroups& g = *held_groups();
    if (!g.v2_parent.empty()) {
        Cgroups parent;
        parent.v2 = g.v2_parent;
        remove_dirs({g.v2_parent}, parent);
        g.v2_parent.clear();
    }
    cg2::come_back(g.aside, {getpid()});
    g.aside = {};
}

std::vector<pid_t> tasks_of(const Cgroups& cg) {
    std::vector<pid_t> pids;
    for (auto& d : cg.dirs())
        for (pid_t p : cg2::parse_pids(read_small(d + "/cgroup.procs"))) pids.push_back(p);
    return pids;
}

void kill_groups(const Cgroups& cg) {
    if (cg.kill_file && write_file(cg.v2 + "/cgroup.kill", "1")) return;
    for (pid_t p : tasks_of(cg))
        if (p != getpid()) kill(p, SIGKILL);
}

double cgroup_cpu(const Cgroups& cg, sudoku::judge::CpuClock clock) {
    const bool user = clock == sudoku::judge::CpuClock::user;
    if (cg.version == CgroupsState::v1)
        return static_cast<double>(read_number(cg.cpuacct + (user ? "/cpuacct.usage_user" : "/cpuacct.usage"))) * 1e-9;
    if (cg.version == CgroupsState::v2) {
        const auto stat = cg2::parse_flat_keyed(read_small(cg.v2 + "/cpu.stat"));
        auto usage = stat.find(user ? "user_usec" : "usage_usec");
        if (usage != stat.end()) return static_cast<double>(usage->second) * 1e-6;
    }
    return -1;
}

namespace {
long long sum_of(const std::map<std::string, long long>& stat, std::initializer_list<const char*> keys) {
    long long sum = 0;
    for (const char* key : keys)
        if (auto it = stat.find(key); it != stat.end()) sum += it->second;
    return sum;
}
}  // namespace

long long cgroup_memory_held(const Cgroups& cg) {
    if (cg.version == CgroupsState::v1) {
        const auto stat = cg2::parse_flat_keyed(read_small(cg.memory + "/memory.stat"));
        return sum_of(stat, {"total_rss", "total_shmem"}) +
               std::max(0LL, read_number(cg.memory + "/memory.kmem.usage_in_bytes"));
    }
    if (cg.version != CgroupsState::v2) return -1;
    const auto stat = cg2::parse_flat_keyed(read_small(cg.v2 + "/memory.stat"));
    // `kernel` (Linux 5.18) is the sum of the parts older kernels list one by one.
    const long long kernel = stat.count("kernel")
                                 ? sum_of(stat, {"kernel"})
                                 : sum_of(stat, {"kernel_stack", "pagetables", "percpu", "sock", "vmalloc", "slab"});
    return sum_of(stat, {"anon", "shmem"}) + kernel;
}

long long v1_oom_kills(const Cgroups& cg) {
    const auto control = cg2::parse_flat_keyed(read_small(cg.memory + "/memory.oom_control"));
    auto kills = control.find("oom_kill");
    return kills == control.end() ? 0 : kills->second;
}

bool cgroup_hit_limit(const Cgroups& cg, long long oom_kills_before) {
    if (cg.version == CgroupsState::v1) return v1_oom_kills(cg) > oom_kills_before;
    if (cg.version == CgroupsState::v2) {
        const auto events = cg2::parse_flat_keyed(read_small(cg.v2 + "/memory.events"));
        for (const char* key : {"oom", "oom_kill"})
            if (auto it = events.find(key); it != events.end() && it->second > 0) return true;
    }
    return false;
}

void remove_cgroups(const Cgroups& cg) { remove_dirs(cg.dirs(), cg); }

long long prepare_resident(const Cgroups& cg, const Options& o) {
    long long baseline = read_number(cg.memory + "/memory.usage_in_bytes");
    long long limit = baseline + (o.mem_hard_mib << 20);
    // memsw must stay >= limit: raise it first when growing, lower it last when shrinking.
    write_file(cg.memory + "/memory.memsw.limit_in_bytes", std::to_string(limit));
    write_file(cg.memory + "/memory.limit_in_bytes", std::to_string(limit));
    write_file(cg.memory + "/memory.memsw.limit_in_bytes", std::to_string(limit));
    write_file(cg.memory + "/memory.max_usage_in_bytes", "0");
    write_file(cg.memory + "/memory.failcnt", "0");
    if (!cg.pids.empty()) write_file(cg.pids + "/pids.max", std::to_string(o.procs + 1));
    return baseline;
}

std::vector<std::string> parents_of(const Cgroups& resident) {
    std::vector<std::string> parents;
    for (auto& d : resident.dirs()) parents.push_back(d.substr(0, d.rfind('/')));
    return parents;
}

}  // namespace sudoku_sandbox
