/* Leaves its run behind: a child in a session of its own (out of the run's process group) makes
   children that end at once and are never waited for (zombies, which count against the uid's
   processes until reaped), then sleeps. The parent ends once the child has left the group. */
#include <unistd.h>
int main(void) {
    int left[2];
    char byte = 0;
    if (pipe(left) != 0) return 1;
    if (fork() == 0) {
        setsid();
        for (int i = 0; i < 8; ++i)
            if (fork() == 0) _exit(0);
        (void)!write(left[1], "x", 1);
        sleep(15);
        _exit(0);
    }
    (void)!read(left[0], &byte, 1);
    return 0;
}
