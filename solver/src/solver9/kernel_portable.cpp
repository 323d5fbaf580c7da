// The 9x9 search kernel compiled for any x86-64 (the library's own flags).
#define SUDOKU_NINE_ISA portable
#include "solver9/kernel_body.hpp"
