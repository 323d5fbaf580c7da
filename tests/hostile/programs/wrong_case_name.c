// Writes the answer to Sudoku.out instead of sudoku.out.
#include <stdio.h>
int main(void) {
    FILE* out = fopen("Sudoku.out", "w");
    fprintf(out, "2829\n");
    fclose(out);
    return 0;
}
