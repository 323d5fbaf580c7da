// Burns CPU forever: TLE (CPU), stopped close to the limit.
int main(void) {
    for (volatile unsigned long i = 0;; ++i) {}
}
