// A small seccomp deny list for the calls that reach past the namespaces: the kernel's own
// interfaces a contestant's program, a compiler or a checker never needs (docs/judge.md, "System
// calls denied"). A denied call fails with EPERM (clone3 with ENOSYS, so that libc falls back to
// clone): the program sees an error, not a kill, and its run goes on as it would without the call.
#pragma once

#include <linux/filter.h>

#include <string>
#include <string_view>
#include <vector>

namespace sudoku::sandbox {

struct DeniedCall {
    std::string_view name;  // the system call, as libseccomp names it
    std::string_view why;   // what it would reach, for the documentation
};

// Every call denied outright (clone with a namespace flag, clone3 and personality changes are
// filtered by argument besides these).
inline constexpr DeniedCall kDeniedCalls[] = {
    {"ptrace", "reads and writes another process"},
    {"process_vm_readv", "reads another process's memory"},
    {"process_vm_writev", "writes another process's memory"},
    {"keyctl", "the kernel keyring is shared beyond the namespaces"},
    {"add_key", "the kernel keyring"},
    {"request_key", "the kernel keyring"},
    {"bpf", "loads programs into the kernel"},
    {"perf_event_open", "observes other processes and the kernel"},
    {"mount", "changes the mount tree"},
    {"umount2", "would uncover the mounts under the new root"},
    {"pivot_root", "changes the root"},
    {"move_mount", "the new mount API"},
    {"open_tree", "the new mount API"},
    {"fsopen", "the new mount API"},
    {"fsmount", "the new mount API"},
    {"fsconfig", "the new mount API"},
    {"fspick", "the new mount API"},
    {"unshare", "new namespaces (a user namespace gives capabilities inside it)"},
    {"setns", "joins another namespace"},
    {"io_uring_setup", "io_uring bypasses this filter for the calls it performs"},
    {"io_uring_enter", "io_uring"},
    {"io_uring_register", "io_uring"},
    {"kexec_load", "replaces the kernel"},
    {"kexec_file_load", "replaces the kernel"},
    {"reboot", "the machine"},
    {"init_module", "loads kernel code"},
    {"finit_module", "loads kernel code"},
    {"delete_module", "unloads kernel code"},
    {"swapon", "the machine's swap"},
    {"swapoff", "the machine's swap"},
    {"acct", "process accounting of the machine"},
    {"userfaultfd", "stalls the kernel at a chosen moment (a tool of kernel exploits)"},
    {"open_by_handle_at", "opens files by handle, around the mount tree"},
    {"sched_setscheduler", "the idle class on a busy core: a run that waits for a CPU forever"},
    {"sched_setattr", "the scheduling class, as sched_setscheduler"},
    {"sched_setparam", "the scheduling priority"},
    {"setpriority", "a lower priority: a run that waits for a CPU"},
    {"nice", "a lower priority (32-bit entry point)"},
};

// The filter as BPF, built once per runner process (a --serve runner: once per judge slot; building
// it with libseccomp costs about 0.7 ms, loading it a single call).
struct SyscallFilter {
    std::vector<sock_filter> program;
    std::string error;  // non-empty: building it failed (what, and strerror of the errno then)
};
const SyscallFilter& syscall_filter();

// Loads the filter into this process (kept across exec, inherited by children). Needs
// no_new_privs already set. Returns "" or what failed, with errno set.
std::string load_syscall_filter();

}  // namespace sudoku::sandbox
