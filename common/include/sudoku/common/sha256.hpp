// SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104): the fingerprints the manifest records for every
// input and answer file, and the keyed tag that authenticates a shard's records.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku {

using Sha256Digest = std::array<unsigned char, 32>;

// Incremental: bytes are fed in pieces, so a file of any size is hashed in a fixed buffer.
class Sha256 {
public:
    Sha256();
    Sha256& update(std::string_view bytes);
    Sha256Digest finish();  // the object is spent afterwards

private:
    std::array<std::uint32_t, 8> state_;
    std::array<unsigned char, 64> block_{};
    std::size_t block_used_ = 0;
    std::uint64_t total_bytes_ = 0;
};

std::string to_hex(const Sha256Digest& digest);  // 64 lowercase hex digits

std::string sha256_hex(std::string_view bytes);

// The file's SHA-256, read in pieces (bounded memory whatever its size); nothing when it cannot be
// opened or read, or is no regular file of at most kMaxDataBytes (sudoku/common/bounded_file.hpp).
std::optional<std::string> sha256_file_hex(const std::filesystem::path& file);

// HMAC-SHA-256 of `message` under `key` (RFC 2104, tested against RFC 4231's vectors).
Sha256Digest hmac_sha256(std::string_view key, std::string_view message);
std::string hmac_sha256_hex(std::string_view key, std::string_view message);

// Equal, compared in time that does not depend on where they first differ.
bool equal_in_constant_time(std::string_view a, std::string_view b);

}  // namespace sudoku
