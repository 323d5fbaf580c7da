// Calls what the seccomp deny list refuses (ptrace, unshare, mount, a clone into a new namespace,
// io_uring, bpf) and writes the right answer only if every one failed with EPERM: the program sees
// an error, it is not killed, and its run goes on normally.
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <unistd.h>

static int refused(long result, const char* what) {
    if (result == -1 && errno == EPERM) return 1;
    fprintf(stderr, "%s: %ld (errno %d)\n", what, result, errno);
    return 0;
}

int main(void) {
    int ok = refused(ptrace(PTRACE_TRACEME, 0, 0, 0), "ptrace");
    ok &= refused(unshare(CLONE_NEWUSER), "unshare");
    ok &= refused(mount("none", "/tmp", "tmpfs", 0, 0), "mount");
    long child = syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
    if (child == 0) _exit(0);  // where the clone is allowed, its child leaves at once
    ok &= refused(child, "clone(CLONE_NEWUSER)");
    ok &= refused(syscall(SYS_io_uring_setup, 1, (void*)0), "io_uring_setup");
    ok &= refused(syscall(SYS_bpf, 0, (void*)0, 0), "bpf");
    FILE* out = fopen("sudoku.out", "w");
    fputs(ok ? "2829\n" : "0\n", out);
    fclose(out);
    return 0;
}
