// abort(): SIGABRT, a runtime error, not a memory one.
#include <stdlib.h>
int main(void) { abort(); }
