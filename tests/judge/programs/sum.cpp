// AC, in C++: the sum of the two integers of sudoku.in.
#include <fstream>
int main() {
    std::ifstream in("sudoku.in");
    std::ofstream out("sudoku.out");
    long a, b;
    in >> a >> b;
    out << a + b << "\n";
}
