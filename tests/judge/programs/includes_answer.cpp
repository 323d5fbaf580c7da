// Tries to read a test's answer at compile time; the path is given by -DANSWER_FILE.
#include ANSWER_FILE
int main() {}
