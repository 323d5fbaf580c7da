/* WA: the sum plus one. */
#include <stdio.h>
int main(void) {
    long a, b;
    FILE* in = fopen("sudoku.in", "r");
    FILE* out = fopen("sudoku.out", "w");
    if (!in || !out || fscanf(in, "%ld %ld", &a, &b) != 2) return 1;
    fprintf(out, "%ld\n", a + b + 1);
    return 0;
}
