// Starting one of the judge's own helper processes (the runner, `sudoku-sandbox`) with pipes to
// it: the one place the judge spawns a process. posix_spawn, measured against Boost.Process in
// docs/judge.md ("Spawning the runner").
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace sudoku::judge {

struct SpawnedProcess {
    pid_t pid = -1;
    int to_child = -1;    // its stdin, when asked for; -1 otherwise
    int from_child = -1;  // its stdout
    std::string error;    // non-empty: nothing was started (the message names the program)
};

// Starts argv[0] (a path) with its stdout on a pipe to us and, when `pipe_stdin`, its stdin on a
// pipe from us; stderr and the environment are ours. No other descriptor crosses, whether ours or
// inherited from the judge's parent.
// `program`, when not -1: a descriptor of the file to run, opened and checked by the caller; argv[0]
// is then only its name, and whatever stands at that path by now is not what runs.
SpawnedProcess spawn_with_pipes(std::vector<std::string> argv, bool pipe_stdin, int program = -1);

// Everything the descriptor gives until end of file (EINTR retried); closes it.
std::string read_to_end(int fd);

// The child's wait status (EINTR retried).
int wait_for_exit(pid_t pid);

}  // namespace sudoku::judge
