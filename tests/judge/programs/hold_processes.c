/* Takes every process it may (children that pause) and holds them: a fork bomb that does not burn CPU. */
#include <unistd.h>
int main(void) {
    for (int i = 0; i < 100000; ++i) {
        pid_t p = fork();
        if (p == 0) {
            pause();
            _exit(0);
        }
        if (p < 0) break;
    }
    sleep(10);
    return 0;
}
