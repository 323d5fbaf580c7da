// A testlib checker with an exit code outside the protocol (FAIL).
int main(void) { return 42; }
