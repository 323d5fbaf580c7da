// Recursion 64 MB deep, well within the 128 MB memory limit: fine when the stack may use the
// whole memory limit (NOI convention), a stack overflow (SIGSEGV) under an 8 MB stack.
#include <stdio.h>
static int depth(int n) {
    volatile char frame[1024];
    frame[0] = (char)n;
    if (n == 0) return frame[0];
    return depth(n - 1) + frame[0] % 2;
}
int main(void) {
    int r = depth(64 * 1024);
    FILE* out = fopen("sudoku.out", "w");
    fprintf(out, "%d\n", 2829 + r - r);
    fclose(out);
    return 0;
}
