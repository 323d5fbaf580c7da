// frank: memoises every partial grid it meets in a huge table it touches up front: 512 MiB,
// far above the 128 MiB limit.
#include <cstdio>
#include <cstring>
#include <vector>

int main() {
    std::vector<char> memo(512u << 20);
    std::memset(memo.data(), 1, memo.size());
    std::FILE* out = std::fopen("sudoku.out", "w");
    std::fprintf(out, "%d\n", memo[12345] == 1 ? -1 : 0);
}
