// sudoku-gen: puzzles and whole test sets. (Skeleton: the generator issue fills it in.)
#include <iostream>

int main(int argc, char** argv) {
    (void)argc; (void)argv;
    std::cerr << "sudoku-gen: not implemented yet\n";
    return 1;
}
