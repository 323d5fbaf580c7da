// carol: the wrong greedy. Puts in each blank the largest digit that does not clash, never looks
// back, and scores whatever that gives (or -1 when it gets stuck).
#include <algorithm>
#include <cstdio>
#include <cstdlib>

int main() {
    std::FILE* in = std::fopen("sudoku.in", "r");
    int g[9][9];
    for (auto& row : g)
        for (int& v : row) std::fscanf(in, "%d", &v);
    int score = 0;
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) {
            if (!g[r][c])
                for (int d = 9; d >= 1 && !g[r][c]; --d) {
                    bool clash = false;
                    for (int i = 0; i < 9; ++i) clash |= g[r][i] == d || g[i][c] == d ||
                                                         g[r / 3 * 3 + i / 3][c / 3 * 3 + i % 3] == d;
                    if (!clash) g[r][c] = d;
                }
            if (!g[r][c]) score = -1000000;
            score += g[r][c] * (10 - std::max(std::abs(r - 4), std::abs(c - 4)));
        }
    std::FILE* out = std::fopen("sudoku.out", "w");
    std::fprintf(out, "%d\n", score < 0 ? -1 : score);
}
