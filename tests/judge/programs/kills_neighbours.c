/* Leaves a child behind, in a session of its own (out of the run's process group), that for 15 s
   scans /proc and sends SIGKILL to every process working in a folder beside its own (the judge's
   other slots and later runs, without namespaces). Only this judge's folder: the machine's other
   programs of the same uid are left alone. */
#include <dirent.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(void) {
    int left[2];
    char byte = 0, work[PATH_MAX];
    if (pipe(left) != 0 || !getcwd(work, sizeof work) || !strrchr(work, '/')) return 1;
    *strrchr(work, '/') = 0; /* the folder of every slot's box */
    if (fork() == 0) {
        setsid();
        (void)!write(left[1], "x", 1);
        for (int round = 0; round < 15000; ++round) {
            DIR* proc = opendir("/proc");
            for (struct dirent* e; proc && (e = readdir(proc));) {
                const int pid = atoi(e->d_name);
                char link[64], cwd[PATH_MAX];
                snprintf(link, sizeof link, "/proc/%d/cwd", pid);
                const ssize_t n = pid > 1 && pid != getpid() ? readlink(link, cwd, sizeof cwd - 1) : -1;
                if (n <= 0) continue;
                cwd[n] = 0;
                if (strncmp(cwd, work, strlen(work)) == 0) kill(pid, SIGKILL);
            }
            if (proc) closedir(proc);
            usleep(1000);
        }
        _exit(0);
    }
    (void)!read(left[0], &byte, 1);
    return 0;
}
