// A testlib checker that crashes: a judge-side failure, never the contestant's (FAIL).
#include <stdlib.h>
int main(void) { abort(); }
