// One name table per state enum: the enum's header specialises EnumNames<E> right beside the enum
// (names in declaration order), and to_string / from_string are the only ways between the enum
// and the words that journals, records and reports hold.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku {

template <class E>
struct EnumNames;  // specialised beside each enum: static constexpr std::string_view names[]

template <class E>
concept NamedEnum = requires {
    EnumNames<E>::names;
};

template <NamedEnum E>
constexpr std::string_view to_string(E value) {
    return EnumNames<E>::names[static_cast<std::size_t>(value)];
}

// The enum value written `text`, or nothing for a word the table does not hold.
template <NamedEnum E>
constexpr std::optional<E> from_string(std::string_view text) {
    std::size_t i = 0;
    for (std::string_view name : EnumNames<E>::names) {
        if (name == text) return static_cast<E>(i);
        ++i;
    }
    return std::nullopt;
}

// Every name of the enum in declaration order, `separator` between them: for usages and messages
// that list what is accepted.
template <NamedEnum E>
std::string joined_names(std::string_view separator) {
    std::string text;
    for (std::string_view name : EnumNames<E>::names) {
        if (!text.empty()) text += separator;
        text += name;
    }
    return text;
}

}  // namespace sudoku

// Most named enums are the judge's states; its code names them unqualified from its own namespace.
namespace sudoku::judge {
using sudoku::EnumNames;
using sudoku::from_string;
using sudoku::to_string;
}  // namespace sudoku::judge
