// --serve (see serve.hpp). On cgroup v1 the runner joins its groups once; every run's init is
// forked inside them, which saves the ~10 ms a cgroup migration costs here (the kernel waits for an
// RCU grace period). On cgroup v2 every run has a fresh group of its own below the runner's (its
// memory.peak and memory.events cannot be reset before Linux 6.12). Requests on stdin: a line with
// the number of arguments, then one argument per line; each record on stdout is followed by a line
// "end".
#include "serve.hpp"

#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "cgroups.hpp"
#include "files.hpp"
#include "new_root.hpp"
#include "sudoku/common/exit_status.hpp"
#include "watch.hpp"

namespace sudoku_sandbox {

namespace {

using sudoku::judge::CgroupsState;

// The v1 groups the runner lives in for all its runs; version off when it could not join them.
Cgroups join_resident_groups() {
    if (runner_cgroup_support().version != CgroupsState::v1) return Cgroups{};  // v2: a group per run
    Options defaults;
    defaults.argv = {"/bin/true"};
    defaults.mem_hard_mib = defaults.mem_mib;  // replaced by every request's own limit
    Cgroups cg = setup_cgroups(defaults);
    if (cg.version == CgroupsState::v1) {
        bool joined = true;
        for (auto& d : cg.dirs()) joined = joined && write_file(d + "/cgroup.procs", "0");
        cg.resident = joined;
        write_file("/proc/self/oom_score_adj", "-1000");  // where allowed; every run's init raises its own to 1000
    }
    return cg;
}

// Leaves the groups (to their parents) so that they can be removed.
void leave_resident_groups(const Cgroups& cg) {
    if (!cg.resident) return;
    for (auto& d : cg.dirs()) write_file(d.substr(0, d.rfind('/')) + "/cgroup.procs", "0");
    remove_cgroups(cg);
}

// One request: its arguments, as argv. False at the end of the input.
bool read_request(std::vector<std::string>& args) {
    std::string line;
    if (!std::getline(std::cin, line)) return false;
    const int count = std::atoi(line.c_str());
    args = {"sudoku-sandbox"};
    for (int i = 0; i < count && std::getline(std::cin, line); ++i) args.push_back(line);
    return true;
}

}  // namespace

int serve() {
    Cgroups cg = join_resident_groups();
    // A judge killed mid-run must not take the runner down before it removes its cgroups.
    signal(SIGPIPE, SIG_IGN);
    const std::string skeleton = sudoku::sandbox::make_runner_skeleton();
    const int root_ns = sudoku::sandbox::make_root_namespace(skeleton);
    std::vector<std::string> args;
    while (read_request(args)) {
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        Options o;
        try {
            parse_options(static_cast<int>(argv.size()), argv.data(), o);
            o.skeleton = skeleton;
            o.root_ns = root_ns;
            run(o, cg.resident ? &cg : nullptr);
        } catch (const std::exception& e) {
            std::cout << "error: bad request: " << e.what() << "\n";
        }
        std::cout << "end\n" << std::flush;
        if (interrupted()) break;
    }
    leave_resident_groups(cg);
    release_runner_cgroups();
    if (root_ns >= 0) close(root_ns);
    sudoku::sandbox::remove_runner_skeleton(skeleton);
    return sudoku::exit_done;
}

}  // namespace sudoku_sandbox
