/* OLE: writes to sudoku.out until the output limit stops it. */
#include <stdio.h>
#include <string.h>
int main(void) {
    static char block[1 << 16];
    memset(block, '7', sizeof block);
    FILE* out = fopen("sudoku.out", "w");
    if (!out) return 1;
    while (fwrite(block, 1, sizeof block, out) == sizeof block) {}
    return 0;
}
