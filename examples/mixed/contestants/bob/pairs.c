/* Right: 1 and n - 1. */
#include <stdio.h>

int main(void) {
    FILE* in = fopen("pairs.in", "r");
    FILE* out = fopen("pairs.out", "w");
    long long n;
    if (!in || !out || fscanf(in, "%lld", &n) != 1) return 1;
    fprintf(out, "1 %lld\n", n - 1);
    return 0;
}
