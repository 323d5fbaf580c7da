// The program's whole filesystem: a fresh tmpfs made the root (pivot_root), holding only what a
// compiled program, a compiler and a checker need. Whitelist, never blacklist: what is not built
// here does not exist inside (docs/judge.md, "The program's root").
//
//   /            tmpfs, read-only once built
//   ├─ usr       the host's /usr, read-only bind
//   ├─ bin lib lib32 lib64 libx32    as on the host: a symbolic link (Debian 12: usr/bin, ...)
//   │            or a read-only bind; absent ones stay absent
//   ├─ etc       passwd and group (root and nobody 65534 only), ld.so.cache (a copy),
//   │            alternatives (read-only bind, for cc and c++), java-*-openjdk (read-only
//   │            binds: the JDK's java.security, which the JVM will not start without), nothing else
//   ├─ dev       null zero full random urandom (binds of the host's nodes); fd, stdin, stdout, stderr
//   ├─ proc      fresh, of the run's own pid namespace
//   ├─ tmp       empty tmpfs, sized by the run
//   ├─ box       the run's work directory, read-write: the program's cwd and HOME
//   └─ ...       each read-only bind the run asked for (--ro HOST[:INSIDE])
//
// Everything is a bind, a fresh tmpfs, a fresh /proc or a symbolic link, so the same steps work in
// a user namespace; read-only remounts keep the flags the source mount has (a user namespace may
// not clear nosuid, nodev, noexec or the atime flags of a mount it did not create).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/judge/runner_client/runner_contract.hpp"

namespace sudoku::sandbox {

// Where the work directory appears inside.
inline constexpr const char* kBoxInside = judge::kBoxInsidePath;

struct ReadOnlyBind {
    std::string host, inside;  // inside: an absolute path in the new root (the host path by default)
};

// What the new root takes from the host, read once per runner process (a --serve runner: once per
// judge slot), so that a run only mounts and writes.
struct HostLayout {
    std::vector<std::pair<std::string, std::string>> links;  // top-level symbolic links: name, target
    std::vector<std::string> dirs;                           // top-level directories bound read-only
    std::string ld_so_cache;                                 // the loader's cache, copied into /etc
    bool alternatives = false;                               // /etc/alternatives exists
    std::vector<std::string> jdk_config;                     // /etc/java-*-openjdk folders
};
const HostLayout& host_layout();

struct RootPlan {
    int box_fd = -1;  // the work directory, opened (O_PATH) before anything is hidden
    std::vector<ReadOnlyBind> read_only;
    long long tmp_mib = 16;
};

struct SetupFailure {
    std::string step;  // the --fail-step word of the step: root, bind, dev, proc, tmpfs, pivot-root
    std::string what;  // the call that failed and on what
    int error = 0;     // its errno
    std::string message() const;
};

// The steps enter_new_root can be made to fail with (the runner's --fail-step).
inline constexpr std::string_view kRootSteps[] = {"root", "bind", "dev", "proc", "tmpfs", "pivot-root"};

// The parts of the root every run shares (its tmpfs, the system files, /etc, /dev), built once at
// `at` (an empty directory) by a --serve runner in a mount namespace of its own: each run's mount
// namespace is a copy, so a run only adds its /proc, /tmp, box and binds, and pivots.
std::optional<SetupFailure> build_skeleton(const std::string& at);

// For a --serve runner: moves it into a mount namespace of its own (a slave of the host's, so that
// later host mounts still appear) and builds the skeleton in a fresh directory of /tmp, empty on the
// host. "" when that is not possible: each run then builds its whole root itself (and fails closed).
std::string make_runner_skeleton();
void remove_runner_skeleton(const std::string& at);

// For a --serve runner with root: a mount namespace whose root is the skeleton, the host's mounts
// detached from it once, kept as a descriptor (-1 when the kernel refuses). A run then joins a copy
// of it (enter_root_namespace) instead of copying the runner's namespace, pivoting and detaching
// the host's mounts: that detach waits for an RCU grace period of the whole machine (a median of
// 0.15-0.35 ms a run, 0.6-3 ms a run on average with the long waits of a busy machine).
int make_root_namespace(const std::string& skeleton);

// In init, still in the runner's mount namespace: clones the box and the read-only sources while
// the host's mounts are in view, joins a private copy of `root_ns` (which sets the root and the
// working directory to its root), mounts the run's /proc, /tmp, box and binds, and makes the root
// read-only.
std::optional<SetupFailure> enter_root_namespace(const RootPlan& plan, int root_ns);

// In a fresh, private mount namespace: builds the root (on the skeleton when one is given) and
// pivots into it; the old root is detached.
// fail_step: tests only, the step of that name fails as the kernel would refuse it (EPERM).
std::optional<SetupFailure> enter_new_root(const RootPlan& plan, std::string_view fail_step,
                                           const std::string& skeleton = "");

}  // namespace sudoku::sandbox
