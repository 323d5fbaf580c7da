// The right answer, then exit code 1.
#include <stdio.h>
int main(void) {
    FILE* out = fopen("sudoku.out", "w");
    fputs("2829\n", out);
    fclose(out);
    return 1;
}
