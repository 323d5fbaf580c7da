// Whether cgroups can measure and limit the runs here (see sudoku/judge/runner_client/cgroup_support.hpp). Compiled
// into both the judge library and the runner: the standard library and POSIX only.
#include "sudoku/judge/runner_client/cgroup_support.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace sudoku::cgroups {

namespace {

using judge::CgroupsState;

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

bool exists(const std::string& path) { return access(path.c_str(), F_OK) == 0; }

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): a path then its text
bool write_text(const std::string& path, const std::string& text) {
    int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    const int saved = errno;
    close(fd);
    errno = saved;
    return ok;
}

std::string joined(const std::string& mount, const std::string& path) {
    if (path.empty() || path == "/") return mount;
    return mount + (path.front() == '/' ? "" : "/") + path;
}

std::string parent_of(const std::string& dir) { return dir.substr(0, dir.rfind('/')); }
std::string name_of(const std::string& dir) { return dir.substr(dir.rfind('/') + 1); }

std::string listed(const std::set<std::string>& names) {
    std::string s;
    for (const auto& n : names) s += (s.empty() ? "" : " ") + n;
    return s.empty() ? "none" : s;
}

std::string pid_list(const std::vector<pid_t>& pids) {
    std::string s;
    for (size_t i = 0; i < pids.size() && i < 5; ++i) s += (i ? ", " : "") + std::to_string(pids[i]);
    return pids.size() > 5 ? s + ", ..." : s;
}

// The group the per-run groups go under: the caller's own, or its parent when the caller already
// stepped aside into the parent's sudoku-judge leaf (the judge did, before starting its runners).
std::string base_group(const std::string& own) {
    if (name_of(own) != kJudgeLeaf) return own;
    const std::string parent = parent_of(own);
    return parse_controllers(read_text(parent + "/cgroup.subtree_control")).count("memory") ? parent : own;
}

// Why `group` cannot be written by this user, or "".
std::string not_delegated(const std::string& group) {
    for (const char* file : {"", "/cgroup.procs", "/cgroup.subtree_control"}) {
        const std::string path = group + file;
        if (access(path.c_str(), W_OK) != 0)
            return "cgroup v2: " + group + " is not delegated to uid " + std::to_string(geteuid()) + " (cannot write " +
                   path + ": " + std::strerror(errno) + ")";
    }
    return "";
}

// The no-internal-process rule: a group other than the root that holds processes cannot enable
// controllers for its children. The caller's own processes can step aside; others cannot.
void check_internal_processes(const std::string& group, const CgroupHost& host, CgroupSupport& s) {
    const bool is_root = !exists(group + "/cgroup.type");  // the root group has no type
    if (is_root || parse_controllers(read_text(group + "/cgroup.subtree_control")).count("memory")) return;
    std::vector<pid_t> others;
    const std::vector<pid_t> procs = parse_pids(read_text(group + "/cgroup.procs"));
    for (pid_t p : procs)
        if (std::find(host.own.begin(), host.own.end(), p) == host.own.end()) others.push_back(p);
    if (!others.empty())
        s.why_not = "cgroup v2: " + group + " holds other processes (" + pid_list(others) +
                    "), and a group that holds processes cannot give controllers to groups below it (the "
                    "kernel's no-internal-process rule)";
    else
        s.needs_leaf = !procs.empty();
}

CgroupSupport detect_v2(const std::string& mount, const std::string& path, const CgroupHost& host) {
    CgroupSupport s;
    s.group = base_group(joined(mount, path));
    const std::set<std::string> available = parse_controllers(read_text(s.group + "/cgroup.controllers"));
    if (!exists(s.group + "/cgroup.controllers"))
        s.why_not = "cgroup v2: cannot read " + s.group + "/cgroup.controllers";
    else if (!available.count("memory"))
        s.why_not = "cgroup v2: the memory controller is not given to " + s.group +
                    " (its cgroup.controllers: " + listed(available) + ")";
    else
        s.why_not = not_delegated(s.group);
    if (s.why_not.empty()) check_internal_processes(s.group, host, s);
    if (!s.why_not.empty()) return s;
    s.version = CgroupsState::v2;
    for (const char* c : {"memory", "pids"})
        if (available.count(c)) s.controllers.insert(c);
    // Only a non-root group has these files: look at the group itself, or at any child of the root.
    const bool is_root = !exists(s.group + "/cgroup.type");
    s.memory_peak = !is_root ? exists(s.group + "/memory.peak") : exists(s.group + "/init.scope/memory.peak");
    s.cgroup_kill = !is_root ? exists(s.group + "/cgroup.kill") : exists(s.group + "/init.scope/cgroup.kill");
    return s;
}

CgroupSupport detect_v1(const CgroupHost& host, const ProcCgroup& proc) {
    CgroupSupport s;
    auto memory = proc.by_controller.find("memory");
    if (memory == proc.by_controller.end()) {
        s.why_not = "no usable cgroup: no cgroup v1 memory hierarchy, and cgroup v2 has no memory controller here";
        return s;
    }
    s.group = joined(host.v1_root + "/memory", memory->second);
    if (!exists(s.group + "/cgroup.procs"))
        s.why_not = "cgroup v1: the memory group " + s.group + " is not mounted here";
    else if (access(s.group.c_str(), W_OK) != 0)
        s.why_not = "cgroup v1: cannot write " + s.group + " (" + std::strerror(errno) + ")";
    if (!s.why_not.empty()) return s;
    s.version = CgroupsState::v1;
    s.controllers = {"memory", "cpuacct"};
    if (proc.by_controller.count("pids")) s.controllers.insert("pids");
    return s;
}

}  // namespace

std::set<std::string> parse_controllers(std::string_view text) {
    std::set<std::string> names;
    std::istringstream in{std::string(text)};
    for (std::string n; in >> n;) names.insert(n);
    return names;
}

std::map<std::string, long long> parse_flat_keyed(std::string_view text) {
    std::map<std::string, long long> fields;
    std::istringstream lines{std::string(text)};
    for (std::string line; std::getline(lines, line);) {
        std::istringstream in(line);
        std::string key;
        long long value = 0;
        if (in >> key >> value) fields[key] = value;
    }
    return fields;
}

std::vector<pid_t> parse_pids(std::string_view text) {
    std::vector<pid_t> pids;
    std::istringstream in{std::string(text)};
    for (pid_t p; in >> p;) pids.push_back(p);
    return pids;
}

ProcCgroup parse_proc_cgroup(std::string_view text) {
    ProcCgroup pc;
    std::istringstream lines{std::string(text)};
    for (std::string line; std::getline(lines, line);) {
        const auto a = line.find(':'), b = a == std::string::npos ? a : line.find(':', a + 1);
        if (b == std::string::npos) continue;
        const std::string names = line.substr(a + 1, b - a - 1), path = line.substr(b + 1);
        if (line.compare(0, a, "0") == 0 && names.empty()) {
            pc.unified = path;
            continue;
        }
        std::istringstream list(names);
        for (std::string n; std::getline(list, n, ',');)
            if (!n.empty()) pc.by_controller[n] = path;
    }
    return pc;
}

// mountinfo: ID PARENT MAJ:MIN ROOT MOUNT-POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER-OPTIONS
std::string cgroup2_mount_point(std::string_view mountinfo) {
    std::istringstream lines{std::string(mountinfo)};
    for (std::string line; std::getline(lines, line);) {
        std::istringstream in(line);
        std::vector<std::string> f;
        for (std::string w; in >> w;) f.push_back(w);
        auto dash = std::find(f.begin(), f.end(), "-");
        if (f.size() >= 5 && dash != f.end() && dash + 1 != f.end() && *(dash + 1) == "cgroup2") return f[4];
    }
    return "";
}

CgroupHost CgroupHost::current() {
    CgroupHost host;
    host.proc_self_cgroup = read_text("/proc/self/cgroup");
    host.mountinfo = read_text("/proc/self/mountinfo");
    host.own = {getpid()};
    host.root_user = geteuid() == 0;
    return host;
}

CgroupSupport detect_cgroup_support(const CgroupHost& host) {
    const ProcCgroup proc = parse_proc_cgroup(host.proc_self_cgroup);
    const std::string mount = cgroup2_mount_point(host.mountinfo);
    CgroupSupport v2;
    if (!mount.empty() && proc.unified) {
        v2 = detect_v2(mount, *proc.unified, host);
        if (v2.usable()) return v2;
    }
    CgroupSupport v1 = detect_v1(host, proc);
    // Without a v1 memory hierarchy the machine is v2's: its reason is the one that helps.
    CgroupSupport& chosen = v1.usable() || v2.why_not.empty() || proc.by_controller.count("memory") ? v1 : v2;
    if (!chosen.usable()) chosen.remedy = delegation_command(host.root_user);
    return chosen;
}

std::string CgroupSupport::describe() const {
    switch (version) {
        case CgroupsState::v2:
            return "cgroup v2 under " + group + " (" + listed(controllers) +
                   "; peak: the memory the run holds, polled from memory.stat" +
                   (needs_leaf ? "; the judge moves into its " + std::string(kJudgeLeaf) + " leaf" : "") + ")";
        case CgroupsState::v1:
            return "cgroup v1 under " + group + " (" + listed(controllers) + ")";
        case CgroupsState::off:
            break;
    }
    return why_not + (remedy.empty() ? "" : "; a delegated group: " + remedy);
}

std::string delegation_command(bool root_user) {
    return root_user ? "systemd-run --scope -p Delegate=yes sudoku-judge grade ..."
                     : "systemd-run --user --scope -p Delegate=yes sudoku-judge grade ...";
}

SteppedAside step_aside(const CgroupSupport& support, const std::vector<pid_t>& own) {
    SteppedAside done;
    if (support.version != CgroupsState::v2) return done;
    done.group = support.group;
    const std::string leaf = support.group + "/" + std::string(kJudgeLeaf);
    if (support.needs_leaf) {
        if (mkdir(leaf.c_str(), 0755) != 0 && errno != EEXIST) {
            done.error = "mkdir " + leaf + ": " + std::strerror(errno);
            return done;
        }
        done.moved = true;
        for (pid_t p : own)
            if (!write_text(leaf + "/cgroup.procs", std::to_string(p)) && done.error.empty())
                done.error = "move pid " + std::to_string(p) + " into " + leaf + ": " + std::strerror(errno);
    }
    const auto enabled = parse_controllers(read_text(support.group + "/cgroup.subtree_control"));
    for (const auto& c : support.controllers) {
        if (!done.error.empty() || enabled.count(c)) continue;
        if (write_text(support.group + "/cgroup.subtree_control", "+" + c))
            done.enabled.push_back(c);
        else
            done.error = "enable " + c + " in " + support.group + "/cgroup.subtree_control: " + std::strerror(errno);
    }
    if (!done.error.empty()) {
        come_back(done, own);
        done.enabled.clear();
        done.moved = false;
    }
    return done;
}

void come_back(const SteppedAside& done, const std::vector<pid_t>& own) {
    if (done.group.empty()) return;
    for (const auto& c : done.enabled) write_text(done.group + "/cgroup.subtree_control", "-" + c);
    if (!done.moved) return;
    for (pid_t p : own) write_text(done.group + "/cgroup.procs", std::to_string(p));
    rmdir((done.group + "/" + std::string(kJudgeLeaf)).c_str());
}

}  // namespace sudoku::cgroups
