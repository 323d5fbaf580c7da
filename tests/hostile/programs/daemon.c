// Double fork and setsid: a daemon, no longer a child of the program, writes the right answer
// 0.5 s after the program itself has exited without output.
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>
int main(void) {
    if (fork() == 0) {
        setsid();
        if (fork() == 0) {
            prctl(PR_SET_NAME, "hostile-leak");
            usleep(500000);
            FILE* out = fopen("sudoku.out", "w");
            fprintf(out, "2829\n");
            fclose(out);
            for (;;) pause();
        }
        return 0;
    }
    return 0;
}
