// YamlReader: see sudoku/common/yaml_reader.hpp.
#include "sudoku/common/yaml_reader.hpp"

#include <cmath>
#include <cstdio>
#include <map>

namespace sudoku {

YamlReader::YamlReader(std::string file, const std::string& text) : file_(std::move(file)) {
    std::size_t start = 0;
    for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
        lines_.push_back(text.substr(start, end - start));
    lines_.push_back(text.substr(start));
}

YAML::Node YamlReader::root(const std::string& text) const {
    try {
        return YAML::Load(text);
    } catch (const YAML::Exception& e) {
        throw YamlError{{file_, e.mark.line + 1, e.mark.column + 1, e.msg}};
    }
}

void YamlReader::fail(const YAML::Node& node, const std::string& message) const {
    const YAML::Mark mark = node.Mark();
    throw YamlError{{file_, mark.line >= 0 ? mark.line + 1 : 0, mark.column >= 0 ? mark.column + 1 : 0, message}};
}

void YamlReader::only_keys(const YAML::Node& map, const std::set<std::string>& known, const std::string& where) const {
    if (!map.IsMap()) fail(map, where + " must be a mapping of keys to values");
    std::map<std::string, int> seen;  // key -> its line
    for (const auto& entry : map) {
        if (!entry.first.IsScalar()) fail(entry.first, "a key in " + where + " must be a plain name");
        const auto key = entry.first.as<std::string>();
        if (!known.count(key)) {
            std::string list;
            for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
            fail(entry.first, "unknown key '" + key + "' in " + where + " (known: " + list + ")");
        }
        const auto [first, fresh] = seen.emplace(key, entry.first.Mark().line + 1);
        if (!fresh)
            fail(entry.first, "key '" + key + "' is written twice in " + where + " (first at line " +
                                  std::to_string(first->second) + ")");
    }
}

std::string YamlReader::text(const YAML::Node& node, const std::string& key) const {
    if (!node.IsScalar()) fail(node, "'" + key + "' must be a single value");
    return node.as<std::string>();
}

double YamlReader::number(const YAML::Node& node, const std::string& key, Bounds<double> bounds) const {
    const std::string s = text(node, key);
    double value = 0;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    const bool digits_only = s.find_first_not_of("+-.0123456789eE") == std::string::npos;
    if (s.empty() || end != s.data() + s.size() || !digits_only ||
        (error != std::errc() && error != std::errc::result_out_of_range))
        fail(node, "'" + key + "' expects a finite number (e.g. 1.5), found '" + s + "'");
    const auto shown = [](double x) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%g", x);
        return std::string(buffer);
    };
    if (error == std::errc::result_out_of_range || !std::isfinite(value) || value < bounds.min || value > bounds.max)
        out_of_bounds(node, key, shown(bounds.min), shown(bounds.max), s);
    return value;
}

void YamlReader::out_of_bounds(const YAML::Node& node, const std::string& key, const std::string& min,
                               const std::string& max, const std::string& found) const {
    fail(node, "'" + key + "' must be in " + min + ".." + max + ", found " + found);
}

void YamlReader::fail_inside(const YAML::Node& block, const Diagnostic& inner) const {
    const YAML::Mark mark = block.Mark();
    const std::string& line = mark.line < static_cast<int>(lines_.size()) ? lines_[mark.line] : lines_.back();
    const char style = mark.column < static_cast<int>(line.size()) ? line[mark.column] : ' ';
    if (style == '|' || style == '>')  // a block scalar's text starts on the line after its `|`
        throw YamlError{{file_, mark.line + 1 + inner.line, inner.column, inner.message}};
    // An inline value: its first line is the key's line, its columns shifted by the key.
    const int line_no = mark.line + std::max(1, inner.line);
    const int column = inner.line <= 1 && inner.column > 0 ? mark.column + inner.column : inner.column;
    throw YamlError{{file_, line_no, column, inner.message}};
}

}  // namespace sudoku
