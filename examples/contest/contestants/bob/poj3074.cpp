// bob: POJ 3074 by plain backtracking in reading order: correct, but sparse grids can take it
// past the time limit.
#include <cstdio>
#include <cstring>

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
    char line[128];
    while (std::scanf("%127s", line) == 1 && std::strcmp(line, "end") != 0) {
        for (int i = 0; i < 81; ++i) g[i] = line[i] == '.' ? 0 : line[i] - '0';
        dfs(0);
        for (int i = 0; i < 81; ++i) std::putchar('0' + g[i]);
        std::putchar('\n');
    }
}
