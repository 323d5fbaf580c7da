// Leaves notes in /tmp, /dev/shm and $HOME for a later run (read_left_files) to find, then
// answers right.
#include <stdio.h>
#include <stdlib.h>
static void note(const char* dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/hostile-note", dir ? dir : ".");
    FILE* f = fopen(path, "w");
    if (f) { fputs("2829\n", f); fclose(f); }
}
int main(void) {
    note("/tmp");
    note("/dev/shm");
    note("/var/tmp");
    note(getenv("HOME"));
    FILE* out = fopen("sudoku.out", "w");
    fputs("2829\n", out);
    fclose(out);
    return 0;
}
