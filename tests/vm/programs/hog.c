/* MLE: touches 512 MB, one page at a time (the problem allows 64 MiB). */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    size_t n = (size_t)512 << 20;
    volatile char* p = malloc(n);
    if (!p) return 3;
    for (size_t i = 0; i < n; i += 4096) p[i] = 1;
    puts("5");
    return 0;
}
