// Writes a shell script into its work directory and executes it; the script writes the answer.
// Policy under test: the box is the program's to use, so this works, under the same limits.
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(void) {
    FILE* f = fopen("helper.sh", "w");
    fputs("#!/bin/sh\necho 2829 > sudoku.out\n", f);
    fclose(f);
    chmod("helper.sh", 0755);
    execl("./helper.sh", "helper.sh", (char*)0);
    return 1;
}
