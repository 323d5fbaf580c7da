/* Forks a child that uses argv[1] seconds of its own CPU time (default 0.5) while the parent waits
 * for it, as a compiler driver waits for its compiler; exits 0 when the child did. */
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char** argv) {
    double want = argc > 1 ? atof(argv[1]) : 0.5;
    pid_t child = fork();
    if (child < 0) return 1;
    if (child == 0) {
        struct timespec t;
        volatile unsigned long x = 0;
        do {
            for (int i = 0; i < 10000; ++i) ++x;
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
        } while (t.tv_sec + t.tv_nsec * 1e-9 < want);
        _exit(0);
    }
    int status = 0;
    if (waitpid(child, &status, 0) != child) return 1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
