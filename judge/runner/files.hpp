// Small file and clock helpers the runner's parts share: cgroup and /proc files are short texts.
#pragma once

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>

#include "sudoku/judge/runner_client/runner_contract.hpp"

namespace sudoku_sandbox {

inline double seconds_of(const timespec& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}
inline double seconds_of(const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
}
// The CPU time a run is charged under `clock` (runner_contract.hpp).
inline double cpu_seconds_of(const rusage& ru,
                             sudoku::judge::CpuClock clock = sudoku::judge::CpuClock::user_and_system) {
    return seconds_of(ru.ru_utime) + (clock == sudoku::judge::CpuClock::user ? 0 : seconds_of(ru.ru_stime));
}

inline double now_s() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return seconds_of(ts);
}

// False when the file cannot be opened or the kernel refuses the write (errno says why).
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): a path then its text, as every call here reads
inline bool write_file(const std::string& path, const std::string& text) {
    int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    int saved = errno;
    close(fd);
    errno = saved;
    return ok;
}

inline std::string read_small(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The number a file holds, -1 when it is missing or empty.
inline long long read_number(const std::string& path) {
    std::string s = read_small(path);
    return s.empty() ? -1 : std::atoll(s.c_str());
}

}  // namespace sudoku_sandbox
