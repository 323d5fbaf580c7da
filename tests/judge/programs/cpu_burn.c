/* Uses argv[1] seconds of its own CPU time (default 0.5), then exits 0. */
#include <stdlib.h>
#include <time.h>

int main(int argc, char** argv) {
    double want = argc > 1 ? atof(argv[1]) : 0.5;
    struct timespec t;
    volatile unsigned long x = 0;
    do {
        for (int i = 0; i < 10000; ++i) ++x;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    } while (t.tv_sec + t.tv_nsec * 1e-9 < want);
    return 0;
}
