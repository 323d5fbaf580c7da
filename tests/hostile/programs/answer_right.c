// The right answer, nothing else: the control every other row is measured against.
#include <stdio.h>
int main(void) {
    FILE* out = fopen("sudoku.out", "w");
    fputs("2829\n", out);
    fclose(out);
    return 0;
}
