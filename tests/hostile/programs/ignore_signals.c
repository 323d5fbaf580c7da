// Ignores every catchable signal the judge might send first (SIGTERM, SIGXCPU, SIGINT, SIGHUP)
// and keeps spinning.
#include <signal.h>
int main(void) {
    int sigs[] = {SIGTERM, SIGXCPU, SIGINT, SIGHUP, SIGALRM, SIGVTALRM, SIGPROF, SIGUSR1};
    for (unsigned i = 0; i < sizeof sigs / sizeof *sigs; ++i) signal(sigs[i], SIG_IGN);
    for (volatile unsigned long i = 0;; ++i) {}
}
