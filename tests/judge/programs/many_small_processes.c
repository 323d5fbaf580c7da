/* Fills its memory limit with many small processes, each far smaller than the runner that watches
   them: 1 MiB of touched heap per child, children until fork fails, then it waits. */
#include <stdlib.h>
#include <unistd.h>
int main(void) {
    for (int i = 0; i < 60; ++i) {
        pid_t p = fork();
        if (p == 0) {
            volatile char* block = malloc(1 << 20);  // volatile: the writes must happen
            for (int at = 0; block && at < (1 << 20); at += 4096) block[at] = 1;
            pause();
            _exit(0);
        }
        if (p < 0) break;
    }
    sleep(10);
    return 0;
}
