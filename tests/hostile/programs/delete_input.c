// Deletes sudoku.in, then prints a wrong answer.
#include <stdio.h>
#include <unistd.h>
int main(void) {
    unlink("sudoku.in");
    FILE* out = fopen("sudoku.out", "w");
    fprintf(out, "2828\n");
    fclose(out);
    return 0;
}
