/* TLE, whatever the load: asks for the idle scheduling class, then spins. On a core that has other
 * work an idle-class process barely runs, so its CPU time never reaches the limit while its wall
 * time is all waiting for a CPU. */
#define _GNU_SOURCE
#include <sched.h>
int main(void) {
    struct sched_param param = {0};
    sched_setscheduler(0, SCHED_IDLE, &param);
    for (volatile unsigned long i = 0;; i = i + 1) {}
}
