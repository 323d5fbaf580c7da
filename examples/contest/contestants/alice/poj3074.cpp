// alice: POJ 3074, any valid completion. The same search as her POJ 2676: depth-first on the cell
// with the fewest candidates, which stays fast on sparse grids.
#include <cstdio>
#include <cstring>

static int g[81], rows[9], cols[9], boxes[9];

static bool search() {
    int best = -1, best_count = 10, best_mask = 0;
    for (int i = 0; i < 81; ++i) {
        if (g[i]) continue;
        int mask = ~(rows[i / 9] | cols[i % 9] | boxes[i / 27 * 3 + i % 9 / 3]) & 0x3fe;
        int count = __builtin_popcount(mask);
        if (count < best_count) best = i, best_count = count, best_mask = mask;
    }
    if (best < 0) return true;
    int r = best / 9, c = best % 9, b = r / 3 * 3 + c / 3;
    for (int d = 1; d <= 9; ++d) {
        if (!(best_mask >> d & 1)) continue;
        g[best] = d, rows[r] |= 1 << d, cols[c] |= 1 << d, boxes[b] |= 1 << d;
        if (search()) return true;
        g[best] = 0, rows[r] &= ~(1 << d), cols[c] &= ~(1 << d), boxes[b] &= ~(1 << d);
    }
    return false;
}

int main() {
    char line[128];
    while (std::scanf("%127s", line) == 1 && std::strcmp(line, "end") != 0) {
        for (int i = 0; i < 9; ++i) rows[i] = cols[i] = boxes[i] = 0;
        for (int i = 0; i < 81; ++i) {
            int d = g[i] = line[i] == '.' ? 0 : line[i] - '0';
            if (d) rows[i / 9] |= 1 << d, cols[i % 9] |= 1 << d, boxes[i / 27 * 3 + i % 9 / 3] |= 1 << d;
        }
        search();
        for (int i = 0; i < 81; ++i) std::putchar('0' + g[i]);
        std::putchar('\n');
    }
}
