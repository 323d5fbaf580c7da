// Reading a LemonLime contest's .cdf without trusting it: its size and nesting bounded before it is
// parsed, every field checked for its type and range, every refusal naming the field and where it
// is. sudoku/formats/lemon.hpp maps what it reads into the problem model.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>

namespace sudoku::formats::lemon {

using Json = nlohmann::json;

// A real contest's .cdf is a few hundred KiB; anything near this is not one.
inline constexpr std::uintmax_t kMaxCdfBytes = 16u << 20;
// LemonLime's own files nest four deep (contest, tasks, test cases, files).
inline constexpr int kMaxCdfDepth = 32;

// Why a .cdf cannot be imported: the place in it (e.g. "task 2 (sum), test case 3") and what.
struct Refusal {
    std::string message;
};

// The .cdf's JSON, or why it is not one (too large, too deep, not JSON, not an object).
std::variant<Json, std::string> read_cdf(const std::filesystem::path& cdf);

// A field of `object` at `where`: absent or of another type is a Refusal.
const Json& member(const Json& object, const char* key, const std::string& where);
std::string text_field(const Json& object, const char* key, const std::string& where);
bool flag_field(const Json& object, const char* key, const std::string& where);
// A whole number within [min, max]; a fraction, or a number beyond the range, is a Refusal.
std::int64_t integer_field(const Json& object, const char* key, const std::string& where, std::int64_t min,
                           std::int64_t max);

}  // namespace sudoku::formats::lemon
