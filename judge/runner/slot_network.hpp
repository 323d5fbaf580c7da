// The network of a run: one empty network namespace per runner (per judge slot), made once and
// joined by every run's init, instead of a new one cloned for every run.
//
// Why: making a network namespace runs every subsystem's per-namespace setup and, when the last
// process leaves, a teardown in the kernel's workqueue; on the machines we measured that was the
// largest single cost of a run (0.45-0.55 ms of clone, and the teardown's CPU on top), more than
// the mount, pid, ipc and uts namespaces together.
//
// Why sharing it is safe: an empty namespace holds only `lo`, down. Changing it (addresses, links,
// routes, firewall, its sysctls) needs CAP_NET_ADMIN over it, which the program (uid 65534, no
// capabilities, no_new_privs) never has; what a program can make in it (sockets, abstract unix
// names) lives only as long as a process holds it, and the pid-1 kill ends every process of the
// run before the next run of the slot starts. The ipc namespace, by contrast, stays per run:
// System V objects outlive their processes.
//
// Root only: without root the run's namespaces are made in a user namespace of its own
// (user_namespace.hpp), and joining a network namespace owned by another needs capabilities there.
#pragma once

#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

namespace sudoku_sandbox {

// A descriptor of a new, empty network namespace; the caller stays in its own. -1 when the
// kernel refuses (errno says why).
inline int make_slot_network() {
    int own = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
    if (own < 0) return -1;
    int made = -1;
    if (unshare(CLONE_NEWNET) == 0) {
        made = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
        if (setns(own, CLONE_NEWNET) != 0) {  // the runner keeps the host's network for --share-net runs
            if (made >= 0) close(made);
            made = -1;
        }
    }
    close(own);
    return made;
}

// The runner's slot network, made at its first use: one per runner process.
inline int slot_network() {
    static const int fd = make_slot_network();
    return fd;
}

}  // namespace sudoku_sandbox
