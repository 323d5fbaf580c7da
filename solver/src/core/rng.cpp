#include "sudoku/solver/rng.hpp"

namespace sudoku {

std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

std::uint64_t derive_seed(std::uint64_t master, std::uint64_t a, std::uint64_t b) {
    std::uint64_t s = master;
    std::uint64_t h = splitmix64(s);
    s = h ^ (a * 0xD1B54A32D192ED03ULL);
    h = splitmix64(s);
    s = h ^ (b * 0x8CB92BA72F3D8DD7ULL);
    return splitmix64(s);
}

Rng::Rng(std::uint64_t seed) {
    for (auto& word : s_) word = splitmix64(seed);
}

namespace {
std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

std::uint64_t Rng::next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

std::uint64_t Rng::below(std::uint64_t n) {
    // Reject the lowest (2^64 mod n) values so every residue is equally likely.
    const std::uint64_t threshold = (0 - n) % n;
    for (;;) {
        const std::uint64_t r = next();
        if (r >= threshold) return r % n;
    }
}

}  // namespace sudoku
