// bob: the naive enumerator. Fills cells in reading order, enumerates every completion and keeps
// the best score: right, but slow when a puzzle has millions of completions.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

static int grid[81], best = -1;
static bool ok(int cell, int d) {
    int r = cell / 9, c = cell % 9;
    for (int i = 0; i < 9; ++i)
        if (grid[r * 9 + i] == d || grid[i * 9 + c] == d) return false;
    int br = r / 3 * 3, bc = c / 3 * 3;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            if (grid[(br + i) * 9 + bc + j] == d) return false;
    return true;
}
static void dfs(int cell) {
    while (cell < 81 && grid[cell]) ++cell;
    if (cell == 81) {
        int score = 0;
        for (int i = 0; i < 81; ++i) score += grid[i] * (10 - std::max(std::abs(i / 9 - 4), std::abs(i % 9 - 4)));
        best = std::max(best, score);
        return;
    }
    for (int d = 1; d <= 9; ++d)
        if (ok(cell, d)) grid[cell] = d, dfs(cell + 1), grid[cell] = 0;
}
int main() {
    std::freopen("sudoku.in", "r", stdin);
    std::freopen("sudoku.out", "w", stdout);
    for (int i = 0; i < 81; ++i) std::scanf("%d", &grid[i]);
    for (int i = 0; i < 81; ++i) {  // a repeated clue: no completion
        int d = grid[i];
        if (!d) continue;
        grid[i] = 0;
        if (!ok(i, d)) { std::printf("-1\n"); return 0; }
        grid[i] = d;
    }
    dfs(0);
    std::printf("%d\n", best);
}
