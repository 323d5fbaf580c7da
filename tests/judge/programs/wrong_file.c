/* MISSING: writes the answer to Sudoku.out instead of sudoku.out. */
#include <stdio.h>
int main(void) {
    long a, b;
    FILE* in = fopen("sudoku.in", "r");
    FILE* out = fopen("Sudoku.out", "w");
    if (!in || !out || fscanf(in, "%ld %ld", &a, &b) != 2) return 1;
    fprintf(out, "%ld\n", a + b);
    return 0;
}
