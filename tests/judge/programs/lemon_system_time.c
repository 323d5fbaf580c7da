/* A contestant's program that spends its CPU in the kernel: it asks for random bytes until 0.5 s
   of system time have passed, with little user time, then echoes its input. LemonLime counts user
   time only, so under a 0.3 s limit it is accepted there. */
#include <stdio.h>
#include <sys/random.h>
#include <sys/resource.h>

static double system_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

int main(void) {
    static char bytes[1 << 16];
    long n = 0;
    if (scanf("%ld", &n) != 1) return 1;
    while (system_seconds() < 0.5)
        if (getrandom(bytes, sizeof bytes, 0) < 0) return 2;
    printf("%ld\n", n);
    return 0;
}
