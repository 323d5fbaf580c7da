// The 9x9 search kernel compiled for AVX2, BMI1/2 and POPCNT by this file's own flags (solver/CMakeLists.txt);
// solver9.cpp runs it only on a CPU that has them.
#define SUDOKU_NINE_ISA avx2
#include "solver9/kernel_body.hpp"
