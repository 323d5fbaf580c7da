// alice: the correct, fast solution. Depth-first search over the fullest cell first, digits tried
// from 9 down so a good score is found early, pruned by a bound: for every row, its missing
// digits paired largest-with-heaviest against its empty cells' weights.
#include <algorithm>
#include <cstdio>

static int grid[9][9], best = -1;
static int rows[9], cols[9], boxes[9];  // bit d: digit d used

static int weight(int r, int c) { return 10 - std::max(std::abs(r - 4), std::abs(c - 4)); }

static int bound() {
    int total = 0;
    for (int r = 0; r < 9; ++r) {
        int w[9], n = 0, sum = 0;
        for (int c = 0; c < 9; ++c) {
            if (grid[r][c]) sum += grid[r][c] * weight(r, c);
            else w[n++] = weight(r, c);
        }
        std::sort(w, w + n, [](int a, int b) { return a > b; });
        int k = 0;
        for (int d = 9; d >= 1 && k < n; --d)
            if (!(rows[r] >> d & 1)) sum += d * w[k++];
        total += sum;
    }
    return total;
}

static void search() {
    int br = -1, bc = -1, bcount = 10, bmask = 0;
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) {
            if (grid[r][c]) continue;
            int mask = ~(rows[r] | cols[c] | boxes[r / 3 * 3 + c / 3]) & 0x3fe;
            int count = __builtin_popcount(mask);
            if (count < bcount) br = r, bc = c, bcount = count, bmask = mask;
        }
    if (br < 0) {
        int score = 0;
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c) score += grid[r][c] * weight(r, c);
        best = std::max(best, score);
        return;
    }
    if (bcount == 0 || bound() <= best) return;
    for (int d = 9; d >= 1; --d) {
        if (!(bmask >> d & 1)) continue;
        int b = br / 3 * 3 + bc / 3;
        grid[br][bc] = d;
        rows[br] |= 1 << d, cols[bc] |= 1 << d, boxes[b] |= 1 << d;
        search();
        rows[br] &= ~(1 << d), cols[bc] &= ~(1 << d), boxes[b] &= ~(1 << d);
        grid[br][bc] = 0;
    }
}

int main() {
    std::FILE* in = std::fopen("sudoku.in", "r");
    std::FILE* out = std::fopen("sudoku.out", "w");
    bool clash = false;
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) {
            if (std::fscanf(in, "%d", &grid[r][c]) != 1) return 1;
            int d = grid[r][c], b = r / 3 * 3 + c / 3;
            if (!d) continue;
            if ((rows[r] | cols[c] | boxes[b]) >> d & 1) clash = true;
            rows[r] |= 1 << d, cols[c] |= 1 << d, boxes[b] |= 1 << d;
        }
    if (!clash) search();
    std::fprintf(out, "%d\n", best);
}
