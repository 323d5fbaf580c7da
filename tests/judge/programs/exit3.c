/* RE (exit code 3) even though the answer written is right. */
#include <stdio.h>
int main(void) {
    long a, b;
    FILE* in = fopen("sudoku.in", "r");
    FILE* out = fopen("sudoku.out", "w");
    if (!in || !out || fscanf(in, "%ld %ld", &a, &b) != 2) return 1;
    fprintf(out, "%ld\n", a + b);
    fclose(out);
    return 3;
}
