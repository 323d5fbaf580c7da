// The time a run's programs were ready to run but waited for a CPU that other processes held. The
// wall limit leaves it out: on a loaded machine a CPU-bound program's wall time grows with the
// load, and a wall-time TLE would then follow the machine instead of the program. A program that
// sleeps or blocks is not waiting for a CPU, so its wall time counts whole.
//
// Every task below the run's init counts, not only its first process: a compiler driver waits for
// its compiler, and a program may do its work in children or threads. Tasks that wait at the same
// time are credited once: each poll adds the tree's new wait, at most the wall time since the last
// poll, so the allowance never exceeds the wall time.
#pragma once

#include <sys/types.h>

#include <unordered_map>

namespace sudoku_sandbox {

class TreeWait {
public:
    explicit TreeWait(double start) : last_poll_(start) {}

    // Adds the wait that the tasks below `init` accrued since the last poll (the kernel's
    // schedstat; nothing where the kernel does not say).
    void poll(pid_t init, double now);

    double seconds() const { return total_; }

private:
    std::unordered_map<pid_t, double> last_wait_;  // task id -> its wait at the last poll
    double last_poll_;
    double total_ = 0;
};

}  // namespace sudoku_sandbox
