// carol: POJ 2676 by the same never-look-back greedy as her target solution: fills each blank
// with the smallest digit that does not clash, and prints 0s where it gets stuck.
#include <cstdio>

int main() {
    int t;
    std::scanf("%d", &t);
    while (t--) {
        int g[9][9];
        for (auto& row : g)
            for (int& v : row) {
                char ch;
                std::scanf(" %c", &ch);
                v = ch - '0';
            }
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c)
                for (int d = 1; d <= 9 && !g[r][c]; ++d) {
                    bool clash = false;
                    for (int i = 0; i < 9; ++i)
                        clash |= g[r][i] == d || g[i][c] == d || g[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d;
                    if (!clash) g[r][c] = d;
                }
        for (auto& row : g) {
            for (int v : row) std::printf("%d", v);
            std::printf("\n");
        }
    }
}
