// Compile bomb: the preprocessor reads an endless file.
#include </dev/urandom>
int main() {}
