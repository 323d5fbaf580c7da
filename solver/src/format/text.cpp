#include "format/text.hpp"

#include <algorithm>
#include <cstdio>

namespace sudoku::text {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

std::string_view trim_end(std::string_view s) {
    while (!s.empty() && (is_blank(s.back()) || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

}  // namespace

constexpr std::string_view kLineBlanks = " \t\r\n";

LineReader::LineReader(std::string_view text, std::string file_name, bool lenient)
    : file_(std::move(file_name)), text_(text), lenient_(lenient) {
    blank_file_ = text.find_first_not_of(kLineBlanks) == std::string_view::npos;
    if (!text.empty()) {  // just after the last character: on a line of its own after a final newline
        const std::size_t last_line = text.rfind('\n') == std::string_view::npos ? 0 : text.rfind('\n') + 1;
        end_line_ = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
        end_column_ = static_cast<int>(text.size() - last_line) + 1;
    }
    cut_line();
}

void LineReader::cut_line() {
    if (!has_line()) return;
    line_end_ = text_.find('\n', next_);
    if (line_end_ == std::string_view::npos) line_end_ = text_.size();
    line_ = Line{line_.number + 1, trim_end(text_.substr(next_, line_end_ - next_)), 0};
    if (lenient_)
        while (!line_.text.empty() && is_blank(line_.text.front())) {
            line_.text.remove_prefix(1);
            ++line_.indent;
        }
}

Line LineReader::next() {
    Line line = line_;
    next_ = line_end_ + 1;
    cut_line();
    return line;
}

bool LineReader::only_empty_lines_left() const {
    return !has_line() || text_.find_first_not_of(kLineBlanks, next_) == std::string_view::npos;
}

void LineReader::skip_empty_lines() {
    while (has_line() && peek().text.empty()) next();
}

void LineReader::fail(int line, int column, const std::string& message) const {
    throw ParseError{Diagnostic{file_, line, column, message}};
}

void LineReader::fail(const Line& line, std::size_t index, const std::string& expected,
                      const std::string& found) const {
    fail(line.number, line.column_of(index), "expected " + expected + ", found " + found);
}

void LineReader::fail_at_end(const std::string& expected) const {
    fail(end_line_, end_column_, "expected " + expected + ", found end of file");
}

void LineReader::fail_line(const Line& line, const std::string& expected) const {
    if (line.text.empty()) fail(line.number, 1, "expected " + expected + ", found an empty line");
    auto tokens = split_tokens(line);
    fail(line, 0, expected, quote(tokens.empty() ? line.text : tokens.front().text));
}

int Alphabet::value(char symbol) const {
    if (blanks.find(symbol) != std::string_view::npos) return 0;
    auto at = digits.find(symbol);
    return at == std::string_view::npos ? -1 : static_cast<int>(at) + 1;
}

char Alphabet::symbol(int value) const { return value == 0 ? blanks.front() : digits[value - 1]; }

std::vector<Token> split_tokens(const Line& line) {
    std::vector<Token> tokens;
    std::string_view s = line.text;
    std::size_t i = 0;
    while (i < s.size()) {
        if (is_blank(s[i])) {
            ++i;
            continue;
        }
        std::size_t start = i;
        while (i < s.size() && !is_blank(s[i])) ++i;
        tokens.push_back({line.column_of(start), s.substr(start, i - start)});
    }
    return tokens;
}

std::string quote(std::string_view text) {
    if (text == " ") return "a space";
    if (text == "\t") return "a tab";
    std::string out = "'";
    const std::size_t shown = text.size() > 20 ? 20 : text.size();
    for (std::size_t i = 0; i < shown; ++i) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\t') {
            out += "\\t";
        } else if (c < 0x20 || c >= 0x7f) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", c);
            out += hex;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + (shown < text.size() ? "...'" : "'");
}

namespace {

void read_packed_row(const LineReader& reader, const Line& line, const Alphabet& alphabet, int width,
                     std::uint8_t* cells) {
    const std::string_view s = line.text;
    for (int i = 0; i < width; ++i) {
        if (static_cast<std::size_t>(i) >= s.size())
            reader.fail(
                line, i, std::string(alphabet.what),
                "end of line (the line has " + std::to_string(s.size()) + " of " + std::to_string(width) + " cells)");
        int v = alphabet.value(s[i]);
        if (v < 0) reader.fail(line, i, std::string(alphabet.what), quote(s.substr(i, 1)));
        cells[i] = static_cast<std::uint8_t>(v);
    }
    if (s.size() > static_cast<std::size_t>(width))
        reader.fail(line, width, "end of line after " + std::to_string(width) + " cells", quote(s.substr(width, 1)));
}

void read_spaced_row(const LineReader& reader, const Line& line, const Alphabet& alphabet, int width,
                     std::uint8_t* cells) {
    if (!line.text.empty() && is_blank(line.text.front()))
        reader.fail(line, 0, std::string(alphabet.what), quote(line.text.substr(0, 1)));
    auto tokens = split_tokens(line);
    for (int i = 0; i < width; ++i) {
        if (static_cast<std::size_t>(i) >= tokens.size())
            reader.fail(line.number, line.column_of(line.text.size()),
                        "expected " + std::string(alphabet.what) + ", found end of line (the line has " +
                            std::to_string(tokens.size()) + " of " + std::to_string(width) + " numbers)");
        const Token& token = tokens[i];
        int v = token.text.size() == 1 ? alphabet.value(token.text[0]) : -1;
        if (v < 0)
            reader.fail(line.number, token.column,
                        "expected " + std::string(alphabet.what) + ", found " + quote(token.text));
        cells[i] = static_cast<std::uint8_t>(v);
    }
    if (tokens.size() > static_cast<std::size_t>(width))
        reader.fail(
            line.number, tokens[width].column,
            "expected end of line after " + std::to_string(width) + " numbers, found " + quote(tokens[width].text));
}

// The integer spelled by `token`, or false when it is not one (or too long to be meaningful).
bool parse_integer(std::string_view token, long long& value) {
    bool negative = !token.empty() && token.front() == '-';
    std::string_view digits = negative ? token.substr(1) : token;
    if (digits.empty() || digits.size() > 15) return false;
    value = 0;
    for (char c : digits) {
        if (c < '0' || c > '9') return false;
        value = value * 10 + (c - '0');
    }
    if (negative) value = -value;
    return true;
}

}  // namespace

void read_row(const LineReader& reader, const Line& line, const Alphabet& alphabet, bool packed, int width,
              std::uint8_t* cells) {
    if (packed)
        read_packed_row(reader, line, alphabet, width, cells);
    else
        read_spaced_row(reader, line, alphabet, width, cells);
}

void write_row(std::string& out, const Alphabet& alphabet, bool packed, const std::uint8_t* cells, int width) {
    for (int i = 0; i < width; ++i) {
        if (!packed && i > 0) out += ' ';
        out += alphabet.symbol(cells[i]);
    }
    out += '\n';
}

std::vector<long long> read_integer_row(const LineReader& reader, const Line& line, int width, long long min,
                                        long long max, const std::string& what) {
    if (!line.text.empty() && is_blank(line.text.front())) reader.fail(line, 0, what, quote(line.text.substr(0, 1)));
    auto tokens = split_tokens(line);
    std::vector<long long> values;
    for (int i = 0; i < width; ++i) {
        if (static_cast<std::size_t>(i) >= tokens.size())
            reader.fail(line.number, line.column_of(line.text.size()),
                        "expected " + what + ", found end of line (the line has " + std::to_string(tokens.size()) +
                            " of " + std::to_string(width) + " numbers)");
        long long v = 0;
        if (!parse_integer(tokens[i].text, v) || v < min || v > max)
            reader.fail(line.number, tokens[i].column, "expected " + what + ", found " + quote(tokens[i].text));
        values.push_back(v);
    }
    if (tokens.size() > static_cast<std::size_t>(width))
        reader.fail(line.number, tokens[width].column,
                    "expected end of line after " + std::to_string(width) + (width == 1 ? " number" : " numbers") +
                        ", found " + quote(tokens[width].text));
    return values;
}

long long read_integer_line(const LineReader& reader, const Line& line, long long min, long long max,
                            const std::string& what) {
    if (line.text.empty()) reader.fail(line.number, 1, "expected " + what + ", found an empty line");
    return read_integer_row(reader, line, 1, min, max, what).front();
}

}  // namespace sudoku::text
