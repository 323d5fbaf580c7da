// posix_spawn with pipes (see runner_client/spawn.hpp).
#include "runner_client/spawn.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

extern char** environ;

namespace sudoku::judge {

SpawnedProcess spawn_with_pipes(std::vector<std::string> args, bool pipe_stdin, int program) {
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    // dup2 of a descriptor onto itself would keep its close-on-exec: fd 3 is run from a copy.
    int moved = -1;
    if (program == 3 && (program = moved = fcntl(3, F_DUPFD_CLOEXEC, 4)) < 0)
        return {-1, -1, -1, std::string("dup: ") + std::strerror(errno)};
    int in[2] = {-1, -1}, out[2] = {-1, -1};
    if (pipe2(out, O_CLOEXEC) != 0) return {-1, -1, -1, std::string("pipe: ") + std::strerror(errno)};
    if (pipe_stdin && pipe2(in, O_CLOEXEC) != 0) {
        const int saved = errno;
        close(out[0]);
        close(out[1]);
        return {-1, -1, -1, std::string("pipe: ") + std::strerror(saved)};
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (pipe_stdin) posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    // posix_spawn runs a path: the checked descriptor is run as the child's own /proc/self/fd/3, as
    // fexecve does. Not the judge's /proc/PID/fd/N: a judge that changed its uid is not dumpable, and
    // its child may not open that (EACCES).
    if (program >= 0) posix_spawn_file_actions_adddup2(&actions, program, 3);
    // What the judge's own parent left open (`flock DIR sudoku-judge grade`) is not the runner's.
    posix_spawn_file_actions_addclosefrom_np(&actions, program >= 0 ? 4 : 3);
    pid_t pid = -1;
    const std::string path = program < 0 ? args[0] : "/proc/self/fd/3";
    const int rc = posix_spawn(&pid, path.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (moved >= 0) close(moved);
    close(out[1]);
    if (pipe_stdin) close(in[0]);
    if (rc != 0) {
        close(out[0]);
        if (pipe_stdin) close(in[1]);
        return {-1, -1, -1, "cannot start " + args[0] + ": " + std::strerror(rc)};
    }
    return {pid, in[1], out[0], ""};
}

std::string read_to_end(int fd) {
    std::string text;
    char buf[4096];
    for (ssize_t n; (n = read(fd, buf, sizeof buf)) != 0;) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;
        text.append(buf, static_cast<size_t>(n));
    }
    close(fd);
    return text;
}

int wait_for_exit(pid_t pid) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return status;
}

}  // namespace sudoku::judge
