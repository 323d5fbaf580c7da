// The 9x9 search kernel compiled for AVX-512 F/VL/BW/DQ/CD, AVX2, BMI1/2, POPCNT by this file's own flags
// (solver/CMakeLists.txt); solver9.cpp runs it only on a CPU that has them.
#define SUDOKU_NINE_ISA avx512
#include "solver9/kernel_body.hpp"
