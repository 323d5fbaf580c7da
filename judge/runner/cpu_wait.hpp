// The time a run's program was ready to run but waited for a CPU that other processes held. The
// wall limit leaves it out: on a loaded machine a CPU-bound program's wall time grows with the
// load, and a wall-time TLE would then follow the machine instead of the program. A program that
// sleeps or blocks is not waiting for a CPU, so its wall time counts whole, as before.
#pragma once

#include <sys/types.h>

namespace sudoku_sandbox {

// The program: the first child of the run's init (init forks it and nothing else), or -1.
pid_t program_of(pid_t init);

// Seconds the task `pid` (its main thread) has waited on a run queue, from the kernel's schedstat;
// 0 when the kernel does not say (no such task, or a kernel without schedstat).
double cpu_wait_s(pid_t pid);

}  // namespace sudoku_sandbox
