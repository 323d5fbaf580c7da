// Writes "+2829\n" to sudoku.out.
#include <stdio.h>
int main(void) {
    FILE* out = fopen("sudoku.out", "w");
    fputs("+2829\n", out);
    fclose(out);
    return 0;
}
