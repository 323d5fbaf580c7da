/* RE (signal 6): abort(). */
#include <stdlib.h>
int main(void) {
    abort();
}
