/* Right on its own tests, and an attack on another contestant: without namespaces the host's files
 * are in sight, and it truncates alice's compiled program (out/build/alice/sum/sum, seen from its
 * box out/work/slot-0/box). */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
    long a, b;
    int fd = open("../../../build/alice/sum/sum", O_WRONLY | O_TRUNC);
    if (fd >= 0) close(fd);
    FILE* in = fopen("sudoku.in", "r");
    FILE* out = fopen("sudoku.out", "w");
    if (!in || !out || fscanf(in, "%ld %ld", &a, &b) != 2) return 1;
    fprintf(out, "%ld\n", a + b);
    return 0;
}
