// A failed assertion: SIGABRT.
#include <assert.h>
int main(int argc, char** argv) {
    (void)argv;
    assert(argc == 0);
    return 0;
}
