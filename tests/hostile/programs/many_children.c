// Burns its CPU in a chain of short-lived children, 0.1 s each, never in itself: the total is
// over the limit although no single process is.
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
int main(void) {
    for (int i = 0; i < 40; ++i) {
        pid_t child = fork();
        if (child == 0) {
            while (clock() < CLOCKS_PER_SEC / 10) {}
            _exit(0);
        }
        waitpid(child, 0, 0);
    }
    return 0;
}
