// Leaves a file named like HTML markup instead of sudoku.out: the MISSING hint quotes it, and
// report.html must show it as text, never as markup.
#include <stdio.h>
int main(void) {
    FILE* out = fopen("<img src=x onerror=alert(1)>", "w");
    fputs("2829\n", out);
    fclose(out);
    return 0;
}
