// A source whose error message quotes bytes that are not UTF-8: CE, and the compiler's message
// must not break the journal or the reports.
int main() { return 0 ÿþ; }
