// A testlib checker that looks around: it must find its three files at /check/input, /check/output
// and /check/answer, and at / only the whitelisted root (no test data, no home, no /work, ...).
// AC when that is all it sees; WA naming what else it saw.
#include <dirent.h>
#include <stdio.h>
#include <string.h>

static const char* const kAllowed[] = {"bin",   "box",    "check", "dev",  "etc", "lib", "lib32",
                                       "lib64", "libx32", "proc",  "sbin", "tmp", "usr", 0};

int main(int argc, char** argv) {
    if (argc != 4) return 3;
    for (int i = 1; i < 4; ++i) {
        FILE* f = fopen(argv[i], "r");
        if (strncmp(argv[i], "/check/", 7) != 0 || !f) {
            fprintf(stderr, "argument %d is %s\n", i, argv[i]);
            return 1;
        }
        fclose(f);
    }
    DIR* d = opendir("/");
    int ok = d != 0;
    for (struct dirent* e; d && (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        int allowed = 0;
        for (int i = 0; kAllowed[i]; ++i) allowed |= strcmp(e->d_name, kAllowed[i]) == 0;
        if (!allowed) fprintf(stderr, "/%s is there\n", e->d_name), ok = 0;
    }
    if (ok) fprintf(stderr, "only its files and the system's\n");
    return ok ? 0 : 1;
}
