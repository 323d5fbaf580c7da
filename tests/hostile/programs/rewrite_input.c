// Replaces its copy of sudoku.in with a solved grid and "solves" that: a checker that read the
// contestant's copy would accept this; the pristine input makes it WA.
#include <stdio.h>
static const char* solved = "123456789456789123789123456214365897365897214897214365531642978642978531978531642\n";
int main(void) {
    FILE* in = fopen("sudoku.in", "w");
    if (in) { fputs(solved, in); fclose(in); }
    FILE* out = fopen("sudoku.out", "w");
    fputs(solved, out);
    fclose(out);
    return 0;
}
