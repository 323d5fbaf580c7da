// The run's cgroups (see cgroups.hpp).
#include "cgroups.hpp"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <sstream>

#include "files.hpp"

namespace sudoku_sandbox {

using sudoku::judge::CgroupsState;

std::vector<std::string> Cgroups::dirs() const {
    std::vector<std::string> d;
    for (auto* p : {&memory, &cpuacct, &pids, &v2})
        if (!p->empty()) d.push_back(*p);
    return d;
}

namespace {

std::string own_group(const std::string& controller) {
    std::ifstream in("/proc/self/cgroup");
    std::string line;
    while (std::getline(in, line)) {
        auto a = line.find(':'), b = line.find(':', a + 1);
        std::string names = line.substr(a + 1, b - a - 1);
        std::stringstream ss(names);
        std::string n;
        while (std::getline(ss, n, ','))
            if (n == controller) return line.substr(b + 1);
        if (controller.empty() && line.compare(0, 3, "0::") == 0) return line.substr(3);
    }
    return "";
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): root, controller and leaf, in path order
std::string make_group(const std::string& root, const std::string& controller, const std::string& leaf) {
    std::string base = root + own_group(controller);
    if (access((base + "/cgroup.procs").c_str(), F_OK) != 0) return "";
    std::string dir = base + "/" + leaf;
    if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) return "";
    return dir;
}

}  // namespace

Cgroups setup_cgroups(const Options& o) {
    Cgroups cg;
    if (!o.cgroups) return cg;
    std::string leaf = std::string(sudoku::judge::kRunnerCgroupPrefix) + std::to_string(getpid());
    long long hard = o.mem_hard_mib << 20;
    // cgroup v2 first when its memory controller is usable here (pure v2 or hybrid with memory).
    for (std::string root : {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"}) {
        std::string controllers = read_small(root + own_group("") + "/cgroup.controllers");
        if (controllers.find("memory") == std::string::npos || controllers.find("cpu") == std::string::npos) continue;
        std::string parent = root + own_group("");
        write_file(parent + "/cgroup.subtree_control", "+memory +cpu +pids");
        std::string dir = parent + "/" + leaf;
        if (mkdir(dir.c_str(), 0755) != 0) continue;
        if (!write_file(dir + "/memory.max", std::to_string(hard))) {
            rmdir(dir.c_str());
            continue;
        }
        write_file(dir + "/memory.swap.max", "0");
        cg.pids_limited = write_file(dir + "/pids.max", std::to_string(o.procs));
        cg.version = CgroupsState::v2;
        cg.v2 = dir;
        return cg;
    }
    cg.memory = make_group("/sys/fs/cgroup/memory", "memory", leaf);
    cg.cpuacct = make_group("/sys/fs/cgroup/cpuacct", "cpuacct", leaf);
    cg.pids = make_group("/sys/fs/cgroup/pids", "pids", leaf);
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

std::vector<pid_t> tasks_of(const Cgroups& cg) {
    std::vector<pid_t> pids;
    for (auto& d : cg.dirs()) {
        std::ifstream in(d + "/cgroup.procs");
        pid_t p;
        while (in >> p) pids.push_back(p);
    }
    return pids;
}

double cgroup_cpu(const Cgroups& cg) {
    if (cg.version == CgroupsState::v1) return static_cast<double>(read_number(cg.cpuacct + "/cpuacct.usage")) * 1e-9;
    if (cg.version == CgroupsState::v2) {
        std::istringstream in(read_small(cg.v2 + "/cpu.stat"));
        std::string k;
        long long v;
        while (in >> k >> v)
            if (k == "usage_usec") return static_cast<double>(v) * 1e-6;
    }
    return -1;
}

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): a file then a key in it
long long stat_field(const std::string& file, const std::string& key) {
    std::istringstream in(read_small(file));
    std::string k;
    long long v;
    while (in >> k >> v)
        if (k == key) return v;
    return 0;
}

void remove_cgroups(const Cgroups& cg) {
    for (int attempt = 0; attempt < 200; ++attempt) {
        bool busy = false;
        for (auto& d : cg.dirs())
            if (rmdir(d.c_str()) != 0 && errno == EBUSY) busy = true;
        if (!busy) return;
        for (pid_t p : tasks_of(cg)) kill(p, SIGKILL);
        usleep(1000);
    }
}

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
