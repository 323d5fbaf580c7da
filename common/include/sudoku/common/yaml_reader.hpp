// Reading a YAML file the setter or host wrote, value by value, trusting nothing: the one place
// where the toolkit's YAML files (problem configs, CONTEST.yaml) become strings and numbers.
//
// Every complaint is a Diagnostic at the node it is about (yaml-cpp marks are 0-based, ours
// 1-based), thrown as YamlError. What it refuses that yaml-cpp lets through:
//   - a key written twice in one mapping (yaml-cpp keeps both and lookups see the first);
//   - numbers yaml-cpp converts loosely: ".inf", "nan", "1e308" for a limit, "-1" for an unsigned
//     seed, "0x10", "2abc"; integers are decimal digits with an optional '-', numbers are finite;
//   - any value outside the documented bounds of its key (see the Bounds beside each config).
#pragma once

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <cstdint>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "sudoku/common/bounds.hpp"
#include "sudoku/common/diagnostic.hpp"

namespace sudoku {

struct YamlError {
    Diagnostic diagnostic;
};

class YamlReader {
public:
    // `text` is the file's content: messages about embedded blocks need its lines.
    YamlReader(std::string file, const std::string& text);

    // The document's root node; a syntax error throws YamlError at its place.
    YAML::Node root(const std::string& text) const;

    [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const;

    // `map` is a mapping whose keys are all in `known`, each written once.
    void only_keys(const YAML::Node& map, const std::set<std::string>& known, const std::string& where) const;

    std::string text(const YAML::Node& node, const std::string& key) const;

    template <class Int>
    Int integer(const YAML::Node& node, const std::string& key, Bounds<Int> bounds) const {
        const std::string s = text(node, key);
        if constexpr (std::is_unsigned_v<Int>) {
            if (s.size() > 1 && s[0] == '-' && s.find_first_not_of("0123456789", 1) == std::string::npos)
                out_of_bounds(node, key, std::to_string(bounds.min), std::to_string(bounds.max), s);
        }
        Int value{};
        const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
        if (error == std::errc::result_out_of_range && s.find_first_not_of("-0123456789") == std::string::npos)
            out_of_bounds(node, key, std::to_string(bounds.min), std::to_string(bounds.max), s);
        if (error != std::errc() || end != s.data() + s.size() || s.empty())
            fail(node, "'" + key + "' expects a whole number, found '" + s + "'");
        if (value < bounds.min || value > bounds.max)
            out_of_bounds(node, key, std::to_string(bounds.min), std::to_string(bounds.max), s);
        return value;
    }

    // A finite decimal number within `bounds` (e.g. 1, 0.5, 2e-3).
    double number(const YAML::Node& node, const std::string& key, Bounds<double> bounds) const;

    // Reports a Diagnostic of an embedded text block at its place in the YAML file.
    [[noreturn]] void fail_inside(const YAML::Node& block, const Diagnostic& inner) const;

    const std::string& file() const { return file_; }

private:
    [[noreturn]] void out_of_bounds(const YAML::Node& node, const std::string& key, const std::string& min,
                                    const std::string& max, const std::string& found) const;

    std::string file_;
    std::vector<std::string> lines_;
};

}  // namespace sudoku
