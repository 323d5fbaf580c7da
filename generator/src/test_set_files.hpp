// File names and byte-exact file I/O shared by the test-set builder and validator.
#pragma once

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <variant>

#include "sudoku/common/bounded_file.hpp"
#include "sudoku/solver/formats.hpp"

namespace sudoku::detail {

inline std::string two_digits(int number) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%02d", number);
    return buf;
}
inline std::string test_stem(int number) { return two_digits(number); }
inline std::string sample_stem(int number) { return "sample" + two_digits(number); }

inline constexpr const char* kConfigFile = "config.yaml";
inline constexpr const char* kTimingsFile = "timings.json";

inline bool write_bytes(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
    return static_cast<bool>(out.flush());
}

inline std::optional<std::string> read_bytes(const std::filesystem::path& path) {
    auto text = read_text_file(path, kMaxDataBytes);
    if (auto* bytes = std::get_if<std::string>(&text)) return std::move(*bytes);
    return std::nullopt;
}

}  // namespace sudoku::detail
