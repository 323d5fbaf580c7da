// sudoku-sandbox: run one program under limits and write down what happened (isolate-style).
//
// The contract (every option, every field of the result record) is docs/judge.md, "The runner".
// The runner only measures and enforces; it never decides a verdict (that is decide_verdict in
// judge/src/grading/verdict.cpp).
//
//   judge ──spawn──> sudoku-sandbox (root, polls limits; cgroups under its own group: cgroups.*)
//                        │  options.*  the request;  watch.*  the run and its watch loop;
//                        │  record.*   the result record;  serve.*  one runner for many runs
//                        └─clone(new mount, pid, ipc, uts)─> init (child.*: pid 1; joins the
//                                 │      cgroups unless --serve already lives in them, and the
//                                 │      runner's empty network (slot_network.hpp); pivots into
//                                 │      the whitelisted root of new_root.hpp: system files, box)
//                                 └─fork─> program (child.*: rlimits, uid 65534, no new
//                                          privileges, seccomp deny list of syscall_filter.hpp, exec)
//
// Killing init kills the whole pid namespace, so nothing the program started outlives the run.
// Without namespaces the tree is killed through the cgroup's task list.
#include <sys/prctl.h>

#include <exception>
#include <filesystem>
#include <iostream>
#include <string>

#include "cgroups.hpp"
#include "options.hpp"
#include "serve.hpp"
#include "sudoku/common/exit_status.hpp"
#include "watch.hpp"

int main(int argc, char** argv) {
    // The judge starts the runner through the descriptor it checked (/proc/PID/fd/N), which names
    // the process "N". A judge's cgroup sweep tells a live runner's group from a dead one's by this
    // name, and ps and an operator's pkill look for it too.
    if (argc > 0) prctl(PR_SET_NAME, std::filesystem::path(argv[0]).filename().c_str());
    sudoku_sandbox::stop_on_signals();
    if (argc == 2 && std::string(argv[1]) == "--serve") return sudoku_sandbox::serve();
    sudoku_sandbox::Options o;
    try {
        sudoku_sandbox::parse_options(argc, argv, o);
    } catch (const std::exception& e) {
        std::cerr << "sudoku-sandbox: " << e.what() << " (see --help)\n";
        return sudoku::exit_bad_input;
    }
    const int status = sudoku_sandbox::run(o);
    sudoku_sandbox::release_runner_cgroups();
    return status;
}
