// A message about a place in a file: how every parser in the toolkit reports bad input.
// Printed as `sudoku.in:3:17: expected a digit 0-9, found 'x'` (line and column 1-based;
// 0 means "the whole file" or "the whole line").
#pragma once

#include <string>

namespace sudoku {

struct Diagnostic {
    std::string file;
    int line = 0;
    int column = 0;
    std::string message;

    std::string to_string() const {
        std::string s = file;
        if (line > 0) {
            s += ':';
            s += std::to_string(line);
        }
        if (line > 0 && column > 0) {
            s += ':';
            s += std::to_string(column);
        }
        s += ": ";
        s += message;
        return s;
    }
};

}  // namespace sudoku
