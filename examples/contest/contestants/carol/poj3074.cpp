// carol: POJ 3074 by her never-look-back greedy: the smallest digit that does not clash, and a
// '0' where she gets stuck (so the checker rejects it).
#include <cstdio>
#include <cstring>

int main() {
    char line[128];
    while (std::scanf("%127s", line) == 1 && std::strcmp(line, "end") != 0) {
        int g[81];
        for (int i = 0; i < 81; ++i) g[i] = line[i] == '.' ? 0 : line[i] - '0';
        for (int i = 0; i < 81; ++i)
            for (int d = 1; d <= 9 && !g[i]; ++d) {
                int r = i / 9, c = i % 9;
                bool clash = false;
                for (int k = 0; k < 9; ++k)
                    clash |= g[r * 9 + k] == d || g[k * 9 + c] == d || g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == d;
                if (!clash) g[i] = d;
            }
        for (int i = 0; i < 81; ++i) std::putchar('0' + g[i]);
        std::putchar('\n');
    }
}
