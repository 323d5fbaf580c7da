// A stdio problem: prints the right answer, then 1 GB more on stdout.
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 2;
    printf("%d\n", a + b);
    fflush(stdout);
    static char block[1 << 16];
    memset(block, ' ', sizeof block);
    for (int i = 0; i < (1 << 14); ++i)
        if (write(1, block, sizeof block) < 0) break;
    return 0;
}
