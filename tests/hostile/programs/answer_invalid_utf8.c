// Answers with bytes that are not UTF-8: WA, and the checker's message quoting them must not
// break the journal or the reports.
#include <stdio.h>
int main(void) {
    FILE* out = fopen("sudoku.out", "w");
    fputs("\xff\xfe\xc3\n", out);
    fclose(out);
    return 0;
}
