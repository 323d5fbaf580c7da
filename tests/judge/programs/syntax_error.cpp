// CE: does not compile.
int main() { return undeclared_name; }
