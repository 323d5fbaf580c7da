// The runner without root: where unprivileged user namespaces work, init is
// cloned into a new user namespace together with the other namespaces, so the mounts, the fresh
// /proc and the pid-1 kill work as they do for root. The caller's uid and gid are mapped to
// themselves inside: the program keeps the caller's identity (no root inside), and its process
// count (RLIMIT_NPROC) is counted per user namespace (the kernel's ucounts, 5.14 and later), so a
// fork bomb in one run does not take the processes of another run of the same user.
//
//   runner ──clone(NEWUSER|NEWNS|NEWPID|...)──> init: waits on the pipe ... then mounts
//      └─ writes /proc/<init>/setgroups "deny", uid_map "U U 1", gid_map "G G 1", one byte ─┘
#pragma once

#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

#include <string>

namespace sudoku_sandbox {

// Writes `text` to /proc/<pid>/<file>; false when the kernel refuses.
inline bool write_proc(pid_t pid, const char* file, const std::string& text) {
    const std::string path = "/proc/" + std::to_string(pid) + "/" + file;
    int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    close(fd);
    return ok;
}

// The parent's half: map the caller to itself inside `child`'s user namespace.
inline bool map_caller(pid_t child) {
    const std::string uid = std::to_string(getuid()), gid = std::to_string(getgid());
    return write_proc(child, "setgroups", "deny") && write_proc(child, "uid_map", uid + " " + uid + " 1\n") &&
           write_proc(child, "gid_map", gid + " " + gid + " 1\n");
}

}  // namespace sudoku_sandbox
