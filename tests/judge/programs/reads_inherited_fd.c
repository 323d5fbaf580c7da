/* A wrong program that cheats: it looks for a descriptor its parent left open on the test data
 * folder, finds the test whose input is its own and copies that test's answer. Without such a
 * descriptor it writes 0 (WA). */
#include <stdio.h>
#include <string.h>

static int read_file(const char* path, char* buf, size_t size) {
    FILE* f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, size - 1, f);
    buf[n] = '\0';
    fclose(f);
    return (int)n;
}

int main(void) {
    char input[256], other[256], path[128];
    FILE* out = fopen("sudoku.out", "w");
    if (!out || read_file("sudoku.in", input, sizeof input) < 0) return 1;
    for (int fd = 3; fd < 1024; ++fd)
        for (int test = 1; test <= 9; ++test) {
            snprintf(path, sizeof path, "/proc/self/fd/%d/sum/%02d.in", fd, test);
            if (read_file(path, other, sizeof other) < 0 || strcmp(input, other) != 0) continue;
            snprintf(path, sizeof path, "/proc/self/fd/%d/sum/%02d.ans", fd, test);
            if (read_file(path, other, sizeof other) < 0) continue;
            fputs(other, out);
            return 0;
        }
    fputs("0\n", out);
    return 0;
}
