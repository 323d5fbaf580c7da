// Tests that need something the machine may lack (root, a browser, clang) skip instead of failing:
// they exit with the status ctest reports as "Skipped" (SKIP_RETURN_CODE 77 on their executable)
// after saying why.
#pragma once

#include <cstdlib>
#include <iostream>
#include <string>

namespace sudoku::testing {

constexpr int kSkipped = 77;

[[noreturn]] inline void skip_test(const std::string& reason) {
    std::cout << "skipped: " << reason << std::endl;
    std::exit(kSkipped);
}

// Whether `program` is an executable file in one of PATH's folders.
bool on_path(const std::string& program);

}  // namespace sudoku::testing
