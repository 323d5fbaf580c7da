// The run's side of the fork: init (pid 1 of the run's pid namespace) and the program it execs.
// Each is a checklist of small named setup steps; a step that fails ends the run as a judge fault
// naming the step (the record's `error`), never a run that goes on less protected (fail closed,
// like isolate's setup_* functions ending in die()).
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include "cgroups.hpp"
#include "options.hpp"
#include "tree_usage.hpp"

namespace sudoku_sandbox {

// What init tells the runner when the program ends by itself.
struct ProgramEnd {
    int status = 0;
    double wall = 0;
    rusage usage{};
    TreeUsage tree;  // without cgroups: the tree at the program's end, leftovers included
};

// Where the run stands: decided by the runner before init starts.
struct RunPlace {
    bool in_namespace = false;       // init was cloned into fresh namespaces
    bool in_user_namespace = false;  // ... inside a user namespace of its own (rootless)
};

// init in fresh namespaces, straight from clone: the runner itself stays where it is, so the
// namespaces die with init (not with the runner) and --serve can make new ones for every run.
// Without root the namespaces are made inside a new user namespace (user_namespace.hpp): init then
// waits on `mapped` (its read end, returned in the child) until the runner has written its maps.
// Without namespaces (or where the kernel refuses them): a plain fork.
pid_t clone_init(const Options& o, RunPlace& place, int& mapped);

// The descriptors init talks through: `mapped` is read until the runner has written its user
// maps (-1: none), `error` takes what failed in a setup step, `end` the program's ProgramEnd.
struct InitChannels {
    int mapped = -1;
    int error = -1;
    int end = -1;
};

// init's whole life, in the child of clone_init: waits for its maps, sets up the run, forks and
// waits for the program, writes a ProgramEnd to `channels.end` and exits. A setup step that fails
// writes what failed to `channels.error` and exits.
[[noreturn]] void init_main(const Options& o, const Cgroups& cg, const RunPlace& place, InitChannels channels);

}  // namespace sudoku_sandbox
