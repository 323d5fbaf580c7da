// Reads the program's run-queue wait (see cpu_wait.hpp).
#include "cpu_wait.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "files.hpp"

namespace sudoku_sandbox {

pid_t program_of(pid_t init) {
    const std::string children =
        read_small("/proc/" + std::to_string(init) + "/task/" + std::to_string(init) + "/children");
    const long pid = std::strtol(children.c_str(), nullptr, 10);
    return pid > 0 ? static_cast<pid_t>(pid) : -1;
}

double cpu_wait_s(pid_t pid) {
    // /proc/PID/schedstat: time on a CPU, time waiting on a run queue (both in ns), timeslices.
    const std::string line = read_small("/proc/" + std::to_string(pid) + "/schedstat");
    unsigned long long on_cpu = 0, waited = 0;
    if (std::sscanf(line.c_str(), "%llu %llu", &on_cpu, &waited) != 2) return 0;
    return static_cast<double>(waited) * 1e-9;
}

}  // namespace sudoku_sandbox
