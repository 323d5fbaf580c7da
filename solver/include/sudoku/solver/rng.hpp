// The toolkit's one source of random numbers (the generator's puzzles, the tests' and benchmarks'
// cases), with every algorithm fixed in our own code so that the same seed gives the same puzzles
// with any compiler and standard library (std::shuffle and the std:: distributions are free to
// differ between implementations). Its stream is part of the generator's reproducibility
// contract: the committed test data are rebuilt from seeds through it.
//
//   seed --splitmix64--> 256-bit state --xoshiro256**--> 64-bit words --rejection--> [0, n)
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace sudoku {

// One step of splitmix64: a good 64-bit mixer, also used to derive independent seeds.
std::uint64_t splitmix64(std::uint64_t& state);

// A seed for sub-stream (a, b) of `master`, e.g. (group, test): stable and well mixed.
std::uint64_t derive_seed(std::uint64_t master, std::uint64_t a, std::uint64_t b = 0);

class Rng {
public:
    explicit Rng(std::uint64_t seed);

    std::uint64_t next();
    // Uniform in [0, n), n > 0, without modulo bias.
    std::uint64_t below(std::uint64_t n);
    // Uniform in [lo, hi], lo <= hi.
    int between(int lo, int hi) { return lo + static_cast<int>(below(static_cast<std::uint64_t>(hi - lo) + 1)); }

    // Fisher-Yates, drawing with below(): the same permutation everywhere.
    template <class T>
    void shuffle(std::vector<T>& items) {
        for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(i)]);
    }

private:
    std::uint64_t s_[4];
};

}  // namespace sudoku
