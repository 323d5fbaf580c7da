// The runner's options: what one run is asked to do (docs/judge.md, "The runner"), parsed from
// argv (a one-shot runner) or from one request of a --serve runner.
#pragma once

#include <string>
#include <vector>

#include "new_root.hpp"
#include "sudoku/judge/runner_client/runner_contract.hpp"

namespace sudoku_sandbox {

struct Options {
    std::string dir = ".";
    std::string stdin_file = "/dev/null", stdout_file = "/dev/null", stderr_file = "/dev/null";
    std::string meta;                  // empty: stdout
    double cpu = 1.0, cpu_hard = -1;   // seconds
    double wall = -1, wall_hard = -1;  // seconds
    double wall_cap = -1;              // seconds, its wait for a CPU counted
    long long mem_mib = 256, mem_hard_mib = -1;
    long long stack_mib = -1;  // -1: the memory limit (NOI convention)
    long long fsize_kib = 1 << 20;
    int procs = 64;
    int uid = 65534, gid = 65534;
    int core = -1;
    sudoku::judge::CpuClock cpu_clock = sudoku::judge::CpuClock::user_and_system;
    sudoku::judge::MemoryRule memory_rule = sudoku::judge::MemoryRule::resident;
    bool namespaces = true, cgroups = true, share_net = false;
    // Test build only (sudoku-sandbox-testing): this protection's setup call fails as if the
    // kernel refused it. Always empty in the release runner, which does not take --fail-step.
    std::string fail_step;
    std::string skeleton;  // --serve: the shared part of the root, prepared once (new_root.hpp)
    int root_ns = -1;      // --serve as root: the skeleton's own mount namespace (new_root.hpp)
    std::vector<sudoku::sandbox::ReadOnlyBind> read_only;
    std::vector<std::string> env;
    std::vector<std::string> argv;
};

// Fills `o` from argv[1..]; throws std::invalid_argument naming the option. --help prints the
// usage and exits 0.
void parse_options(int argc, char** argv, Options& o);

// Whether the test build's --fail-step names `step`: the caller then fails as the kernel would
// (errno EPERM). Always false in the release runner.
bool step_fails(const Options& o, const char* step);

}  // namespace sudoku_sandbox
