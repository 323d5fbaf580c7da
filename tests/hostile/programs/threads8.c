// Eight busy threads: the CPU limit must count the total, so it fires at a fraction of the
// limit in wall time.
#include <pthread.h>
static void* burn(void* arg) {
    for (volatile unsigned long i = 0;; ++i) {}
    return arg;
}
int main(void) {
    pthread_t t[8];
    for (int i = 0; i < 8; ++i) pthread_create(&t[i], 0, burn, 0);
    pthread_join(t[0], 0);
    return 0;
}
