// Makes sudoku.out a directory.
#include <sys/stat.h>
int main(void) { return mkdir("sudoku.out", 0755) == 0 ? 0 : 1; }
