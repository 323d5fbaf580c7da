// sudoku-judge: grade contestants' programs. (Skeleton: the judge issue fills it in.)
#include <iostream>

int main(int argc, char** argv) {
    (void)argc; (void)argv;
    std::cerr << "sudoku-judge: not implemented yet\n";
    return 1;
}
