// CPU and resident memory of a process tree read from /proc, for runs without cgroups that have a
// pid namespace (a runner without root): every process of the run descends from init, orphans
// included (they are re-parented to init, pid 1 of the namespace), so walking init's children
// finds them all.
//
//   cpu = sum over the live tree of utime + stime + cutime + cstime (clock ticks; a reaped child's
//         time is in its parent's cutime/cstime, up to init's)
//   rss = sum over the live tree of resident pages: the tree's resident memory at this instant; the
//         runner keeps the highest value it polled (every 1 ms, watch.cpp) as the run's peak
#pragma once

#include <dirent.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace sudoku_sandbox {

struct TreeUsage {
    double cpu_s = 0;
    double user_cpu_s = 0;  // utime + cutime alone (CpuClock::user)
    long long rss_bytes = 0;
};

namespace detail {

inline std::string read_proc(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Adds `pid`'s own use and returns its children.
inline std::vector<pid_t> add_process(pid_t pid, TreeUsage& usage) {
    const std::string base = "/proc/" + std::to_string(pid);
    std::string stat = read_proc(base + "/stat");
    auto close_paren = stat.rfind(')');
    std::vector<pid_t> children;
    if (close_paren == std::string::npos) return children;
    std::istringstream fields(stat.substr(close_paren + 2));  // field 3 (state) onwards
    std::vector<std::string> f;
    for (std::string w; fields >> w && f.size() < 22;) f.push_back(w);
    if (f.size() < 22) return children;
    static const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
    static const long long page = sysconf(_SC_PAGESIZE);
    // fields 14-17 are f[11..14]; field 24 (rss, pages) is f[21]
    for (int i = 11; i <= 14; ++i) {
        const double s = static_cast<double>(std::atoll(f[i].c_str())) / tick;
        usage.cpu_s += s;
        if (i == 11 || i == 13) usage.user_cpu_s += s;
    }
    usage.rss_bytes += std::atoll(f[21].c_str()) * page;
    if (DIR* tasks = opendir((base + "/task").c_str())) {
        while (dirent* t = readdir(tasks)) {
            if (t->d_name[0] == '.') continue;
            std::istringstream list(read_proc(base + "/task/" + t->d_name + "/children"));
            for (pid_t c; list >> c;) children.push_back(c);
        }
        closedir(tasks);
    }
    return children;
}

}  // namespace detail

// The tree under (and including) `init`; bounded by `most` processes (the run's process limit).
inline TreeUsage tree_usage(pid_t init, int most) {
    TreeUsage usage;
    std::vector<pid_t> pending = {init};
    for (int seen = 0; !pending.empty() && seen <= most + 8; ++seen) {
        pid_t p = pending.back();
        pending.pop_back();
        for (pid_t c : detail::add_process(p, usage)) pending.push_back(c);
    }
    return usage;
}

}  // namespace sudoku_sandbox
