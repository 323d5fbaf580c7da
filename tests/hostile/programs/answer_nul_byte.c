// Writes "2829", a NUL byte and a newline to sudoku.out.
#include <stdio.h>
int main(void) {
    FILE* out = fopen("sudoku.out", "w");
    fwrite("2829\0\n", 1, 6, out);
    fclose(out);
    return 0;
}
