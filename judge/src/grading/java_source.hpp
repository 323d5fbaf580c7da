// What javac and the JVM need to know of a Java source: the file name its public class imposes,
// and the class the program starts from (compile.cpp, for a language named by its class).
#pragma once

#include <string>

namespace sudoku::judge {

struct JavaClasses {
    std::string public_class;    // the top-level type declared public (the file must be named after it), or empty
    std::string main_class;      // the top-level type declaring `void main(`; else the public one; else the first
    bool declares_main = false;  // main_class declares `void main(` (else it is only a guess)
    std::string package;         // the `package` the source declares ("zoo.goo"), or empty
    // main_class as the JVM names it: with its package.
    std::string qualified_main() const { return package.empty() ? main_class : package + "." + main_class; }
};

// Read from the source's tokens: comments, strings, text blocks and character literals skipped.
JavaClasses java_classes(const std::string& source);

}  // namespace sudoku::judge
