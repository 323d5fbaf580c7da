// The peak resident memory of one piece of work, measured apart from the test process: the work
// runs in a forked child, which reports its VmHWM (the kernel's high-water mark of resident memory)
// through a pipe. Used by the tests that bound the memory of parsers and checkers.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <functional>
#include <string>

namespace sudoku::testing {

// VmHWM of this process in KiB, from /proc/self/status (-1 if absent).
inline long long resident_peak_kib() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmHWM:", 0) == 0) return std::stoll(line.substr(6));
    return -1;
}

// Runs `work` in a forked child and returns the child's resident peak in MiB (-1 if it died).
inline long long peak_mib_of(const std::function<void()>& work) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        work();
        const long long kib = resident_peak_kib();
        const bool sent = write(fds[1], &kib, sizeof kib) == static_cast<ssize_t>(sizeof kib);
        _exit(sent ? 0 : 1);
    }
    close(fds[1]);
    long long kib = -1;
    if (read(fds[0], &kib, sizeof kib) != static_cast<ssize_t>(sizeof kib)) kib = -1;
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return kib < 0 ? -1 : kib / 1024;
}

// Writes `count` copies of `piece` to `file` without holding them in memory.
inline void write_repeated(const std::string& file, const std::string& piece, long long count) {
    std::ofstream out(file, std::ios::binary);
    std::string block;
    for (int i = 0; i < 4096; ++i) block += piece;
    for (; count >= 4096; count -= 4096) out << block;
    for (; count > 0; --count) out << piece;
}

}  // namespace sudoku::testing
