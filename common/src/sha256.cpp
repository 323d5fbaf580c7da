#include "sudoku/common/sha256.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <vector>

#include "sudoku/common/bounded_file.hpp"

namespace sudoku {
namespace {

constexpr std::array<std::uint32_t, 64> kRound = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

std::uint32_t rotr(std::uint32_t x, int k) { return (x >> k) | (x << (32 - k)); }

void compress(std::array<std::uint32_t, 8>& h, const unsigned char* block) {
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i)
        w[i] = std::uint32_t(block[4 * i]) << 24 | std::uint32_t(block[4 * i + 1]) << 16 |
               std::uint32_t(block[4 * i + 2]) << 8 | std::uint32_t(block[4 * i + 3]);
    for (int i = 16; i < 64; ++i) {
        const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (int i = 0; i < 64; ++i) {
        const std::uint32_t t1 = k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + kRound[i] + w[i];
        const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        k = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
}

constexpr std::array<std::uint32_t, 8> kInitial = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

}  // namespace

Sha256::Sha256() : state_(kInitial) {}

Sha256& Sha256::update(std::string_view bytes) {
    total_bytes_ += bytes.size();
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    std::size_t left = bytes.size();
    while (left > 0) {
        if (block_used_ == 0 && left >= 64) {  // whole blocks straight from the input
            compress(state_, p);
            p += 64;
            left -= 64;
            continue;
        }
        const std::size_t take = std::min(left, 64 - block_used_);
        std::copy(p, p + take, block_.begin() + static_cast<std::ptrdiff_t>(block_used_));
        block_used_ += take;
        p += take;
        left -= take;
        if (block_used_ == 64) {
            compress(state_, block_.data());
            block_used_ = 0;
        }
    }
    return *this;
}

Sha256Digest Sha256::finish() {
    const std::uint64_t bits = total_bytes_ * 8;
    const unsigned char one = 0x80, zero = 0;
    update(std::string_view(reinterpret_cast<const char*>(&one), 1));
    while (block_used_ != 56) update(std::string_view(reinterpret_cast<const char*>(&zero), 1));
    unsigned char length[8];
    for (int i = 0; i < 8; ++i) length[i] = static_cast<unsigned char>(bits >> (8 * (7 - i)));
    update(std::string_view(reinterpret_cast<const char*>(length), 8));
    Sha256Digest digest;
    for (std::size_t i = 0; i < 8; ++i)
        for (std::size_t b = 0; b < 4; ++b) digest[4 * i + b] = static_cast<unsigned char>(state_[i] >> (24 - 8 * b));
    return digest;
}

std::string to_hex(const Sha256Digest& digest) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    for (unsigned char byte : digest) {
        out.push_back(hex[byte >> 4]);
        out.push_back(hex[byte & 15]);
    }
    return out;
}

std::string sha256_hex(std::string_view bytes) { return to_hex(Sha256().update(bytes).finish()); }

std::optional<std::string> sha256_file_hex(const std::filesystem::path& file) {
    const auto opened = open_bounded_file(file, kMaxDataBytes, Links::follow);
    if (!std::holds_alternative<OpenedFile>(opened)) return std::nullopt;
    const int fd = std::get<OpenedFile>(opened).fd();
    Sha256 hash;
    std::vector<char> buffer(1 << 16);
    std::uintmax_t total = 0;
    for (;;) {
        const ssize_t n = read(fd, buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return std::nullopt;
        if (n == 0) break;
        total += static_cast<std::uintmax_t>(n);
        if (total > kMaxDataBytes) return std::nullopt;  // grew while it was read
        hash.update(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
    }
    return to_hex(hash.finish());
}

// RFC 2104: H((K ^ opad) || H((K ^ ipad) || message)), a key longer than a block hashed first.
Sha256Digest hmac_sha256(std::string_view key, std::string_view message) {
    std::array<unsigned char, 64> block{};
    if (key.size() > block.size()) {
        const Sha256Digest hashed = Sha256().update(key).finish();
        std::copy(hashed.begin(), hashed.end(), block.begin());
    } else {
        std::copy(key.begin(), key.end(), block.begin());
    }
    std::string inner_pad(64, '\0'), outer_pad(64, '\0');
    for (std::size_t i = 0; i < 64; ++i) {
        inner_pad[i] = static_cast<char>(block[i] ^ 0x36);
        outer_pad[i] = static_cast<char>(block[i] ^ 0x5c);
    }
    const Sha256Digest inner = Sha256().update(inner_pad).update(message).finish();
    return Sha256()
        .update(outer_pad)
        .update(std::string_view(reinterpret_cast<const char*>(inner.data()), inner.size()))
        .finish();
}

std::string hmac_sha256_hex(std::string_view key, std::string_view message) {
    return to_hex(hmac_sha256(key, message));
}

bool equal_in_constant_time(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    unsigned char difference = 0;
    for (std::size_t i = 0; i < a.size(); ++i) difference |= static_cast<unsigned char>(a[i] ^ b[i]);
    return difference == 0;
}

}  // namespace sudoku
