// One run from the runner's side: its cgroups, init's start, the watch loop that polls the limits,
// the kill, and the measurements that go into the record.
#pragma once

#include "cgroups.hpp"
#include "options.hpp"

namespace sudoku_sandbox {

// SIGTERM, SIGINT or SIGHUP (the judge stopping, a terminal's Ctrl-C): the run in progress is
// killed, its cgroups removed, its record says it was interrupted, and --serve then leaves.
void stop_on_signals();
bool interrupted();

// Runs one program and writes its record; the runner's exit status (0: the program was run,
// whatever it did; 1: the runner failed). `resident`: a --serve runner's v1 groups, or null.
int run(const Options& o, const Cgroups* resident = nullptr);

}  // namespace sudoku_sandbox
