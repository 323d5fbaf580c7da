/* A testlib-style special judge for the LemonLime import tests: `checker input output answer`,
   the verdict on stderr as testlib writes it (and exit code as testlib's): the output's integer
   equal to the answer's "ok", off by one "points 0.5", off by two "partially correct (90)",
   anything else "wrong answer". */
#include <stdio.h>
#include <stdlib.h>

static int read_int(const char* file, long* value) {
    FILE* f = fopen(file, "r");
    if (!f) return 0;
    int ok = fscanf(f, "%ld", value) == 1;
    fclose(f);
    return ok;
}

int main(int argc, char** argv) {
    long answer = 0, output = 0;
    if (argc != 4 || !read_int(argv[3], &answer)) {
        fprintf(stderr, "FAIL cannot read the answer\n");
        return 3;
    }
    if (!read_int(argv[2], &output)) {
        fprintf(stderr, "wrong answer no integer in the output\n");
        return 1;
    }
    long off = labs(output - answer);
    if (off == 0) {
        fprintf(stderr, "ok %ld\n", answer);
        return 0;
    }
    if (off == 1) {
        fprintf(stderr, "points 0.5 off by one\n");
        return 7;
    }
    if (off == 2) {
        fprintf(stderr, "partially correct (90) off by two\n");
        return 16 + 90;
    }
    fprintf(stderr, "wrong answer expected %ld, found %ld\n", answer, output);
    return 1;
}
