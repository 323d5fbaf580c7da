// Runs a command as on a kernel older than openat2 (Linux 5.6): the call fails with ENOSYS, so the
// judge's no-follow opens take their O_NOFOLLOW walk (judge/src/files/no_follow.cpp). A test tool:
// the judge itself has no switch that changes how it opens.
#include <fcntl.h>
#include <seccomp.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fputs("usage: judge_test_without_openat2 PROGRAM [ARGS...]\n", stderr);
        return 2;
    }
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (!filter || seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(openat2), 0) != 0 ||
        seccomp_load(filter) != 0) {
        std::fputs("judge_test_without_openat2: cannot load the seccomp filter\n", stderr);
        return 1;
    }
    seccomp_release(filter);
    // What the judge will see: no openat2 at all.
    if (syscall(SYS_openat2, AT_FDCWD, "/", nullptr, 0) != -1 || errno != ENOSYS) {
        std::fputs("judge_test_without_openat2: openat2 still answers\n", stderr);
        return 1;
    }
    execvp(argv[1], argv + 1);
    std::perror(argv[1]);
    return 127;
}
