// Writes the right answer to sudoku.out, then floods stdout and stderr (1 GB each) in a
// file-I/O problem: nobody reads them, nothing may block or fill a disk.
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
    FILE* out = fopen("sudoku.out", "w");
    fprintf(out, "2829\n");
    fclose(out);
    static char block[1 << 16];
    memset(block, 'x', sizeof block);
    for (int i = 0; i < (1 << 14); ++i) {
        if (write(1, block, sizeof block) < 0) break;
        if (write(2, block, sizeof block) < 0) break;
    }
    return 0;
}
