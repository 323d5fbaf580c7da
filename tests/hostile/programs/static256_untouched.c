// Declares a 256 MB static array but touches one page: the limit is on resident memory (the
// judge's documented policy), so this is accepted.
#include <stdio.h>
static char big[256 << 20];
int main(void) {
    big[12345] = 1;
    FILE* out = fopen("sudoku.out", "w");
    fprintf(out, "%d\n", 2828 + big[12345]);
    fclose(out);
    return 0;
}
