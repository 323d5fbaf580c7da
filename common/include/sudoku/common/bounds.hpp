// The range a number in a config file may take: written once beside each config struct, enforced
// by YamlReader, listed in docs/judge.md.
#pragma once

namespace sudoku {

// The smallest and largest value a key accepts, both included.
template <class T>
struct Bounds {
    T min, max;
};

}  // namespace sudoku
