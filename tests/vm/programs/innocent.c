/* AC beside a fork bomb: forks 8 children, each must start and end, then prints the sum. A bomb
   whose processes were not contained in its own run would make these forks fail. */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    for (int i = 0; i < 8; ++i) {
        pid_t p = fork();
        if (p < 0) return 4;
        if (p == 0) _exit(0);
    }
    int status, children = 0;
    while (wait(&status) > 0)
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) ++children;
    if (children != 8) return 5;
    printf("%ld\n", a + b);
    return 0;
}
