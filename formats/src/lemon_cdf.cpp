// Reading a .cdf (sudoku/formats/lemon_cdf.hpp).
#include "sudoku/formats/lemon_cdf.hpp"

#include <cmath>

#include "sudoku/common/bounded_file.hpp"

namespace sudoku::formats::lemon {

namespace {

// The deepest nesting of arrays and objects in `text`, counted before parsing so that a file of a
// million '[' is refused in one pass of constant memory, not parsed into a million levels.
bool nests_deeper_than(const std::string& text, int limit) {
    int depth = 0;
    bool in_string = false, escaped = false;
    for (const char c : text) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limit) return true;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return false;
}

std::string show(const Json& value) {
    std::string s = value.dump();
    return s.size() > 40 ? s.substr(0, 40) + "..." : s;
}

}  // namespace

std::variant<Json, std::string> read_cdf(const std::filesystem::path& cdf) {
    auto read = read_text_file(cdf, kMaxCdfBytes);
    if (auto* refusal = std::get_if<Diagnostic>(&read)) return refusal->message + ": not a LemonLime contest file";
    const std::string& text = std::get<std::string>(read);
    if (nests_deeper_than(text, kMaxCdfDepth))
        return "nests arrays or objects more than " + std::to_string(kMaxCdfDepth) +
               " deep: not a LemonLime contest file";
    Json root = Json::parse(text, nullptr, false);
    if (root.is_discarded() || !root.is_object()) return std::string("not a LemonLime contest (.cdf JSON) file");
    return root;
}

const Json& member(const Json& object, const char* key, const std::string& where) {
    if (!object.is_object()) throw Refusal{where + ": expected an object, found " + show(object)};
    const auto it = object.find(key);
    if (it == object.end()) throw Refusal{where + ": no \"" + key + "\""};
    return *it;
}

std::string text_field(const Json& object, const char* key, const std::string& where) {
    const Json& v = member(object, key, where);
    if (!v.is_string()) throw Refusal{where + ": \"" + key + "\" expects a string, found " + show(v)};
    return v.get<std::string>();
}

bool flag_field(const Json& object, const char* key, const std::string& where) {
    const Json& v = member(object, key, where);
    if (!v.is_boolean()) throw Refusal{where + ": \"" + key + "\" expects true or false, found " + show(v)};
    return v.get<bool>();
}

std::int64_t integer_field(const Json& object, const char* key, const std::string& where, std::int64_t min,
                           std::int64_t max) {
    const Json& v = member(object, key, where);
    const std::string range = std::to_string(min) + ".." + std::to_string(max);
    const auto out_of_range = [&] { return Refusal{where + ": \"" + key + "\" is " + show(v) + ", out of " + range}; };
    if (v.is_number_unsigned()) {
        if (v.get<std::uint64_t>() > static_cast<std::uint64_t>(max)) throw out_of_range();
    } else if (v.is_number_integer()) {
        const auto x = v.get<std::int64_t>();
        if (x < min || x > max) throw out_of_range();
        return x;
    } else if (v.is_number_float()) {
        const double x = v.get<double>();
        if (x != std::floor(x)) throw Refusal{where + ": \"" + key + "\" expects a whole number, found " + show(v)};
        if (!(x >= static_cast<double>(min) && x <= static_cast<double>(max))) throw out_of_range();
        return static_cast<std::int64_t>(x);
    } else {
        throw Refusal{where + ": \"" + key + "\" expects a whole number " + range + ", found " + show(v)};
    }
    const auto x = static_cast<std::int64_t>(v.get<std::uint64_t>());
    if (x < min) throw out_of_range();
    return x;
}

}  // namespace sudoku::formats::lemon
