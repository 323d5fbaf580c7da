// How every checker shows a piece of an output in its message (testlib's compress()): quoted,
// cut to a fixed length, control and non-ASCII bytes escaped, so a message stays short printable
// UTF-8 whatever the contestant wrote.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace sudoku::judge {

inline constexpr size_t kShownTokenBytes = 24;

inline std::string shown_token(std::string_view token) {
    std::string s = "'";
    for (size_t i = 0; i < token.size() && i < kShownTokenBytes; ++i) {
        const auto c = static_cast<unsigned char>(token[i]);
        if (c < 32 || c >= 127) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
            s += escaped;
        } else {
            s += static_cast<char>(c);
        }
    }
    return s + (token.size() > kShownTokenBytes ? "...'" : "'");
}

}  // namespace sudoku::judge
