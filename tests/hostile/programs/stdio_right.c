// A stdio problem's right answer: the control of the sum-stdio rows.
#include <stdio.h>
int main(void) {
    int a, b;
    if (scanf("%d %d", &a, &b) != 2) return 2;
    printf("%d\n", a + b);
    return 0;
}
