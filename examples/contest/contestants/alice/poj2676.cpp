// alice: POJ 2676, any valid completion. Depth-first search on the cell with fewest candidates.
#include <cstdio>

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
    int t;
    if (std::scanf("%d", &t) != 1) return 1;
    while (t--) {
        for (int i = 0; i < 9; ++i) rows[i] = cols[i] = boxes[i] = 0;
        for (int i = 0; i < 81; ++i) {
            char ch;
            std::scanf(" %c", &ch);
            int d = g[i] = ch - '0';
            if (d) rows[i / 9] |= 1 << d, cols[i % 9] |= 1 << d, boxes[i / 27 * 3 + i % 9 / 3] |= 1 << d;
        }
        search();
        for (int i = 0; i < 81; ++i) std::printf("%d%s", g[i], i % 9 == 8 ? "\n" : "");
    }
}
