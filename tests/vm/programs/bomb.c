/* A fork bomb that holds on: every process forks until fork fails, then sleeps. Only the run's
   process limit (pids.max) should stop it; the run then ends at its wall limit. */
#include <unistd.h>
int main(void) {
    for (;;) {
        if (fork() < 0) break;
    }
    for (;;) pause();
}
