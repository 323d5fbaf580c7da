// Waits for a signal that never comes.
#include <unistd.h>
int main(void) { pause(); return 0; }
