// grace: bob's enumerator with a give-up: after 200,000 search steps it decides there is no
// solution and prints -1. Right on easy tests, wrong on the hard ones.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

static int grid[81], best = -1;
static long steps = 0;
static bool ok(int cell, int d) {
    int r = cell / 9, c = cell % 9;
    for (int i = 0; i < 9; ++i)
        if (grid[r * 9 + i] == d || grid[i * 9 + c] == d || grid[(r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3] == d)
            return false;
    return true;
}
static bool dfs(int cell) {
    if (++steps > 200000) return false;
    while (cell < 81 && grid[cell]) ++cell;
    if (cell == 81) {
        int s = 0;
        for (int i = 0; i < 81; ++i) s += grid[i] * (10 - std::max(std::abs(i / 9 - 4), std::abs(i % 9 - 4)));
        best = std::max(best, s);
        return true;
    }
    for (int d = 1; d <= 9; ++d)
        if (ok(cell, d)) {
            grid[cell] = d;
            bool go_on = dfs(cell + 1);
            grid[cell] = 0;
            if (!go_on) return false;
        }
    return true;
}
int main() {
    std::FILE* in = std::fopen("sudoku.in", "r");
    for (int& v : grid) std::fscanf(in, "%d", &v);
    bool finished = dfs(0);
    std::FILE* out = std::fopen("sudoku.out", "w");
    std::fprintf(out, "%d\n", finished ? best : -1);
}
