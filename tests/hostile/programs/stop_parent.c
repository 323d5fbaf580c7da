// Stops whatever started it, then answers right: the judge must survive and judge the answer.
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
    kill(getppid(), SIGSTOP);
    kill(1, SIGSTOP);
    FILE* out = fopen("sudoku.out", "w");
    fprintf(out, "2829\n");
    fclose(out);
    return 0;
}
