// Declares and touches a 256 MB static array under a 128 MB limit.
static char big[256 << 20];
int main(void) {
    for (unsigned long i = 0; i < sizeof big; i += 4096) big[i] = 1;
    return big[12345];
}
