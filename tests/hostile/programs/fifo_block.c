// Blocks for real: opens a FIFO of its own for reading, which waits for a writer forever.
#include <fcntl.h>
#include <sys/stat.h>
int main(void) {
    mkfifo("wait.fifo", 0600);
    open("wait.fifo", O_RDONLY);
    return 0;
}
