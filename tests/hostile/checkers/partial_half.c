// A testlib checker giving half the points: exit 7, the fraction first in its message.
#include <stdio.h>
int main(void) { fprintf(stderr, "0.5 half the points\n"); return 7; }
