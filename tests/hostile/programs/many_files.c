// Fills the disk through many files, each below the output limit: the per-file size limit alone
// does not stop it. Writes the right answer first.
#include <stdio.h>
#include <string.h>
int main(void) {
    FILE* out = fopen("sudoku.out", "w");
    fputs("2829\n", out);
    fclose(out);
    static char block[60 << 10];
    memset(block, 'x', sizeof block);
    for (int i = 0; i < 1000000; ++i) {
        char name[32];
        snprintf(name, sizeof name, "junk%d", i);
        FILE* f = fopen(name, "w");
        if (!f || fwrite(block, 1, sizeof block, f) != sizeof block) break;
        fclose(f);
    }
    return 0;
}
