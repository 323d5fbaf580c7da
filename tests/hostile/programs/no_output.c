// Exits cleanly without writing any file.
int main(void) { return 0; }
