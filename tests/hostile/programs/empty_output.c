// Creates sudoku.out and writes nothing.
#include <stdio.h>
int main(void) { fclose(fopen("sudoku.out", "w")); return 0; }
