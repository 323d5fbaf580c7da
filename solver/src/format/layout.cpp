// The table of formats: every layout of sudoku/solver/formats.hpp, as data.
#include "format/layout.hpp"

#include <stdexcept>

namespace sudoku::text {

namespace {

constexpr std::string_view nine_digits = "123456789";
constexpr std::string_view sixteen_letters = "ABCDEFGHIJKLMNOP";

Layout make(int box, bool packed, bool one_line, Alphabet alphabet, PuzzleCount count, Between between,
            bool comments = false) {
    Layout layout;
    layout.box = box;
    layout.packed = packed;
    layout.grid_on_one_line = one_line;
    layout.alphabet = alphabet;
    layout.count = count;
    layout.between = between;
    layout.comments = comments;
    return layout;
}

}  // namespace

const Layout& input_layout(Format format) {
    using C = PuzzleCount;
    using B = Between;
    static const Alphabet zero_blank{"a digit 0-9", "0", nine_digits};
    static const Layout target = make(3, false, false, zero_blank, C::one, B::nothing);
    static const Layout poj2676 = make(3, true, false, zero_blank, C::header_t, B::optional_empty_lines);
    static const Layout qmark =
        make(3, false, false, {"a digit 1-9 or '?'", "?", nine_digits}, C::until_eof, B::empty_line);
    static const Layout poj3074 =
        make(3, true, true, {"a digit 1-9 or '.'", ".", nine_digits}, C::until_end_line, B::nothing);
    static const Layout uva1309 =
        make(4, true, false, {"a letter A-P or '-'", "-", sixteen_letters}, C::until_eof, B::empty_line);
    static const Layout sudogob = make(3, false, false, zero_blank, C::header_t, B::optional_empty_lines);
    static const Layout line81 =
        make(3, true, true, {"a digit 1-9, '.' or '0'", ".0", nine_digits}, C::until_eof, B::nothing, true);
    switch (format) {
        case Format::target:
            return target;
        case Format::poj2676:
            return poj2676;
        case Format::qmark:
            return qmark;
        case Format::poj3074:
            return poj3074;
        case Format::uva1309:
            return uva1309;
        case Format::sudogob:
            return sudogob;
        case Format::line81:
            return line81;
    }
    throw std::invalid_argument("unknown format");
}

Layout answer_layout(Format format) {
    Layout layout = input_layout(format);
    layout.alphabet.blanks = "";
    layout.alphabet.what = layout.box == 4 ? "a letter A-P" : "a digit 1-9";
    layout.count = PuzzleCount::until_eof;
    layout.comments = false;
    return layout;
}

}  // namespace sudoku::text
