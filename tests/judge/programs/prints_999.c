/* WA whatever the test: what a binary swapped into build/ after its compile would print. */
#include <stdio.h>
int main(void) {
    FILE* out = fopen("sudoku.out", "w");
    if (!out) return 1;
    fprintf(out, "999\n");
    return 0;
}
