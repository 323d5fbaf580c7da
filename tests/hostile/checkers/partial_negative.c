// A testlib checker giving a negative fraction: outside 0..1, so the checker failed (FAIL).
#include <stdio.h>
int main(void) { fprintf(stderr, "-0.5 points\n"); return 7; }
