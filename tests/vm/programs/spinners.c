/* TLE: two processes (the program and one child it forks) spin forever: the CPU limit is the
   whole tree's, so the pair must be stopped at the limit, not at twice it. */
#include <unistd.h>
int main(void) {
    fork();
    volatile unsigned long x = 0;
    for (;;) ++x;
}
