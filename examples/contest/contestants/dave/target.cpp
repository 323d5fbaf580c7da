// dave: computes like bob but prints the answer on standard output instead of sudoku.out.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

static int grid[81], best = -1;
static bool ok(int cell, int d) {
    int r = cell / 9, c = cell % 9;
    for (int i = 0; i < 9; ++i)
        if (grid[r * 9 + i] == d || grid[i * 9 + c] == d || grid[(r / 3 * 3 + i / 3) * 9 + c / 3 * 3 + i % 3] == d)
            return false;
    return true;
}
static void dfs(int cell) {
    while (cell < 81 && grid[cell]) ++cell;
    if (cell == 81) {
        int s = 0;
        for (int i = 0; i < 81; ++i) s += grid[i] * (10 - std::max(std::abs(i / 9 - 4), std::abs(i % 9 - 4)));
        best = std::max(best, s);
        return;
    }
    for (int d = 1; d <= 9; ++d)
        if (ok(cell, d)) grid[cell] = d, dfs(cell + 1), grid[cell] = 0;
}
int main() {
    std::FILE* in = std::fopen("sudoku.in", "r");
    for (int& v : grid) std::fscanf(in, "%d", &v);
    dfs(0);
    std::printf("%d\n", best);
}
