// Touches 200 MB of heap under a 128 MB limit.
#include <stdlib.h>
#include <string.h>
int main(void) {
    for (int i = 0; i < 200; ++i) {
        char* p = malloc(1 << 20);
        if (!p) return 3;
        memset(p, i + 1, 1 << 20);
    }
    return 0;
}
