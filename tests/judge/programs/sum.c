/* AC: reads two integers from sudoku.in, writes their sum to sudoku.out. */
#include <stdio.h>
int main(void) {
    long a, b;
    FILE* in = fopen("sudoku.in", "r");
    FILE* out = fopen("sudoku.out", "w");
    if (!in || !out || fscanf(in, "%ld %ld", &a, &b) != 2) return 1;
    fprintf(out, "%ld\n", a + b);
    return 0;
}
