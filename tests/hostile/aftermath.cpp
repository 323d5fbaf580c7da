#include "aftermath.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <thread>

namespace hostile {

namespace fs = std::filesystem;

namespace {

std::vector<int> hostile_pids() {
    std::vector<int> pids;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator("/proc", ec)) {
        std::string name = e.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream comm(e.path() / "comm");
        std::string c;
        if (std::getline(comm, c) && c == "hostile-leak") pids.push_back(std::stoi(name));
    }
    return pids;
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

std::vector<std::string> orphan_cgroups() {
    std::vector<std::string> orphans;
    const std::string prefix = "sudoku-sandbox-";
    for (const char* root : {"/sys/fs/cgroup/memory", "/sys/fs/cgroup/cpuacct", "/sys/fs/cgroup/pids",
                             "/sys/fs/cgroup/unified"}) {
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
