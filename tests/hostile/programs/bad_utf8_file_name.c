// Writes its answer to a file whose name is not UTF-8 (and no sudoku.out): the MISSING hint
// names that file, and the journal and reports must still be written.
#include <stdio.h>
int main(void) {
    FILE* out = fopen("sudoku\xff\xfe.out", "w");
    fputs("2829\n", out);
    fclose(out);
    return 0;
}
