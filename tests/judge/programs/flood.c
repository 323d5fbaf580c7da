/* OLE: writes 10 MiB to sudoku.out. */
#include <stdio.h>
#include <string.h>
int main(void) {
    static char block[1 << 16];
    memset(block, '7', sizeof block);
    FILE* out = fopen("sudoku.out", "w");
    if (!out) return 1;
    for (int i = 0; i < 160; ++i) fwrite(block, 1, sizeof block, out);
    fclose(out);
    return 0;
}
