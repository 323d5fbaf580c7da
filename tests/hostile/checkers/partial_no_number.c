// A testlib checker claiming partial points without any number: the checker failed (FAIL).
#include <stdio.h>
int main(void) { fprintf(stderr, "partial. see log\n"); return 7; }
