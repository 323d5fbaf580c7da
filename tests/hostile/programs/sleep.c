// Sleeps, using no CPU: only the wall-time limit can stop it.
#include <unistd.h>
int main(void) { sleep(100); return 0; }
