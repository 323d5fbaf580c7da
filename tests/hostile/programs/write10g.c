// Tries to write 10 GB to sudoku.out.
#include <stdio.h>
#include <string.h>
int main(void) {
    static char block[1 << 20];
    memset(block, '9', sizeof block);
    FILE* out = fopen("sudoku.out", "w");
    for (int i = 0; i < 10 * 1024; ++i)
        if (fwrite(block, 1, sizeof block, out) != sizeof block) return 1;
    fclose(out);
    return 0;
}
