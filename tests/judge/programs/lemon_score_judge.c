/* A special judge in Lemon's own protocol for the LemonLime import tests:
   `judge input output answer full_score score_file report_file`. The output's integer equal to the
   answer's earns full_score, off by one half of it (rounded down), anything else 0; the points go
   to score_file, a word about them to report_file. */
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
    if (argc != 7 || !read_int(argv[3], &answer)) return 1;
    const long full = atol(argv[4]);
    long score = 0;
    const char* word = "wrong";
    if (read_int(argv[2], &output) && labs(output - answer) <= 1) {
        score = output == answer ? full : full / 2;
        word = output == answer ? "right" : "off by one";
    }
    FILE* s = fopen(argv[5], "w");
    FILE* r = fopen(argv[6], "w");
    if (!s || !r) return 1;
    fprintf(s, "%ld\n", score);
    fprintf(r, "%s\n", word);
    return fclose(s) != 0 || fclose(r) != 0;
}
