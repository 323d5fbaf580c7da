// A contestant's program that declares a 96 MiB array and touches one byte of it: its resident
// memory stays small, its declared (static) memory does not. The array has external linkage so
// that the compiler cannot fold it away.
#include <cstdio>

char table[96 << 20];

int main() {
    long n = 0;
    if (std::scanf("%ld", &n) != 1) return 1;
    table[n & 0xffff] = 1;
    std::printf("%ld\n", n + table[n & 0xffff] - 1);
}
