// A contestant's program that reserves 100 MiB and never touches it: no resident memory, but
// 100 MiB of address space.
#include <cstdio>

static char* volatile reserved;

int main() {
    long n = 0;
    if (std::scanf("%ld", &n) != 1) return 1;
    reserved = new char[100 << 20];
    std::printf("%ld\n", n);
}
