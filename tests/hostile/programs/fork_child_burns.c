// The parent writes the right answer and leaves once its child has burnt 0.25 s of CPU; the
// child keeps burning. The child's CPU time must be counted, and the child must die with the run.
#include <stdio.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>
int main(void) {
    int ready[2];
    if (pipe(ready) != 0) return 2;
    if (fork() == 0) {
        prctl(PR_SET_NAME, "hostile-leak");
        while (clock() < CLOCKS_PER_SEC / 4) {}
        (void)!write(ready[1], "x", 1);
        for (volatile unsigned long i = 0;; ++i) {}
    }
    char c;
    (void)!read(ready[0], &c, 1);
    FILE* out = fopen("sudoku.out", "w");
    fprintf(out, "2829\n");
    fclose(out);
    return 0;
}
