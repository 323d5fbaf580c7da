// Java's top-level types read from a source's tokens (java_source.hpp).
#include "grading/java_source.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace sudoku::judge {

namespace {

struct Token {
    std::string text;
    int depth = 0;  // braces open around it; a brace counts outside the block it opens or closes
};

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

// The end of the literal opening at `at` ('"', '\'' or a """ text block), past its closing quote.
size_t literal_end(const std::string& s, size_t at) {
    if (s.compare(at, 3, "\"\"\"") == 0) {
        size_t end = at + 3;
        while (end < s.size() && s.compare(end, 3, "\"\"\"") != 0) end += s[end] == '\\' ? 2 : 1;
        return std::min(s.size(), end + 3);
    }
    const char quote = s[at];
    size_t end = at + 1;
    while (end < s.size() && s[end] != quote && s[end] != '\n') end += s[end] == '\\' ? 2 : 1;
    return std::min(s.size(), end + 1);
}

std::vector<Token> tokens_of(const std::string& s) {
    std::vector<Token> out;
    int depth = 0;
    for (size_t i = 0; i < s.size();) {
        const char c = s[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (s.compare(i, 2, "//") == 0) {
            i = s.find('\n', i);
        } else if (s.compare(i, 2, "/*") == 0) {
            const size_t end = s.find("*/", i + 2);
            i = end == std::string::npos ? end : end + 2;
        } else if (c == '"' || c == '\'') {
            i = literal_end(s, i);
        } else if (identifier_char(c)) {
            size_t end = i;
            while (end < s.size() && identifier_char(s[end])) ++end;
            out.push_back({s.substr(i, end - i), depth});
            i = end;
        } else {
            if (c == '}') depth = std::max(0, depth - 1);
            out.push_back({std::string(1, c), depth});
            if (c == '{') ++depth;
            ++i;
        }
    }
    return out;
}

bool declares_type(const std::string& word) {
    return word == "class" || word == "interface" || word == "enum" || word == "record";
}

}  // namespace

JavaClasses java_classes(const std::string& source) {
    const auto t = tokens_of(source);
    JavaClasses found;
    std::string first, current, with_main;
    bool is_public = false;  // `public` among the modifiers since the last declaration ended
    for (size_t i = 0; i < t.size(); ++i) {
        const std::string& word = t[i].text;
        if (t[i].depth == 0) {
            if (word == "package" && found.package.empty() && first.empty())
                for (size_t k = i + 1; k < t.size() && t[k].text != ";"; ++k) found.package += t[k].text;
            if (word == ";" || word == "}") is_public = false;
            if (word == "public") is_public = true;
            if (declares_type(word) && i + 1 < t.size() && identifier_char(t[i + 1].text[0]) &&
                (i == 0 || t[i - 1].text != ".")) {
                current = t[i + 1].text;
                if (first.empty()) first = current;
                if (is_public && found.public_class.empty()) found.public_class = current;
                is_public = false;
            }
        } else if (t[i].depth == 1 && word == "main" && i > 0 && t[i - 1].text == "void" && i + 1 < t.size() &&
                   t[i + 1].text == "(" && with_main.empty()) {
            with_main = current;
        }
    }
    found.main_class = !with_main.empty() ? with_main : !found.public_class.empty() ? found.public_class : first;
    found.declares_main = !with_main.empty();
    return found;
}

}  // namespace sudoku::judge
