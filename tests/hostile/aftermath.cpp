#include "aftermath.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>

namespace hostile {

namespace fs = std::filesystem;

namespace {

// Every live process whose /proc/<pid>/stat line passes `keep(comm, ppid)`.
template <class Keep>
std::vector<int> processes(Keep keep) {
    std::vector<int> pids;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator("/proc", ec)) {
        std::string name = e.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream stat(e.path() / "stat");
        std::string line;
        if (!std::getline(stat, line)) continue;
        // "pid (comm) state ...": a zombie is dead already, only not yet reaped by its new parent.
        auto open = line.find('('), close = line.rfind(')');
        if (open == std::string::npos || close == std::string::npos || close + 2 >= line.size()) continue;
        int ppid = std::atoi(line.c_str() + std::min(line.size(), close + 4));
        if (line[close + 2] != 'Z' && keep(line.substr(open + 1, close - open - 1), ppid))
            pids.push_back(std::stoi(name));
    }
    return pids;
}

std::vector<int> hostile_pids() {
    return processes([](const std::string& comm, int) { return comm == "hostile-leak"; });
}

bool alive(int pid) { return kill(pid, 0) == 0 || errno != ESRCH; }

}  // namespace

std::vector<int> surviving_hostile_processes(double grace_s) {
    auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(grace_s);
    std::vector<int> pids = hostile_pids();
    while (!pids.empty() && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        pids = hostile_pids();
    }
    for (int pid : pids) kill(pid, SIGKILL);
    return pids;
}

std::vector<int> children_of(int parent) {
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    for (;;) {  // a runner told to stop may take a moment to go
        auto pids = processes([parent](const std::string&, int ppid) { return ppid == parent; });
        if (pids.empty() || std::chrono::steady_clock::now() > until) return pids;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

std::vector<std::string> orphan_cgroups() {
    std::vector<std::string> orphans;
    const std::string prefix = "sudoku-sandbox-";
    for (const char* root :
         {"/sys/fs/cgroup/memory", "/sys/fs/cgroup/cpuacct", "/sys/fs/cgroup/pids", "/sys/fs/cgroup/unified"}) {
        std::error_code ec;
        fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
        for (; !ec && it != end; it.increment(ec)) {
            if (it.depth() > 4) {
                it.disable_recursion_pending();
                continue;
            }
            if (!it->is_directory(ec) || it->is_symlink(ec)) continue;
            std::string name = it->path().filename().string();
            if (name.rfind(prefix, 0) != 0) continue;
            it.disable_recursion_pending();
            std::string pid = name.substr(prefix.size());
            if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
            if (!alive(std::stoi(pid))) orphans.push_back(it->path().string());
        }
    }
    return orphans;
}

std::vector<std::string> mounts_under(const fs::path& dir) {
    std::vector<std::string> found;
    std::ifstream in("/proc/self/mountinfo");
    for (std::string line; std::getline(in, line);)
        if (line.find(dir.string()) != std::string::npos) found.push_back(line);
    return found;
}

std::vector<std::string> notes_on_host() {
    std::vector<std::string> found;
    for (const char* dir : {"/tmp", "/dev/shm", "/var/tmp"}) {
        fs::path note = fs::path(dir) / "hostile-note";
        std::error_code ec;
        if (fs::exists(note, ec)) found.push_back(note.string());
    }
    return found;
}

}  // namespace hostile
