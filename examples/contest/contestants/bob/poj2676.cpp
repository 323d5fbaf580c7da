// bob: POJ 2676 by plain backtracking in reading order: correct, slower on sparse grids.
#include <cstdio>

static int g[81];
static bool ok(int cell, int d) {
    int r = cell / 9, c = cell % 9;
    for (int i = 0; i < 9; ++i)
        if (g[r * 9 + i] == d || g[i * 9 + c] == d || g[(r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3] == d) return false;
    return true;
}
static bool dfs(int cell) {
    while (cell < 81 && g[cell]) ++cell;
    if (cell == 81) return true;
    for (int d = 1; d <= 9; ++d)
        if (ok(cell, d)) {
            g[cell] = d;
            if (dfs(cell + 1)) return true;
            g[cell] = 0;
        }
    return false;
}
int main() {
    int t;
    std::scanf("%d", &t);
    while (t--) {
        for (int& v : g) {
            char ch;
            std::scanf(" %c", &ch);
            v = ch - '0';
        }
        dfs(0);
        for (int i = 0; i < 81; ++i) std::printf("%d%s", g[i], i % 9 == 8 ? "\n" : "");
    }
}
