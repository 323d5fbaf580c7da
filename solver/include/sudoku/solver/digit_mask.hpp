// Sets of digits as 32-bit masks, the one convention of every candidate mask in the toolkit:
// bit d stands for digit d (1..n) and bit 0 is never set, so a 25x25 grid uses bits 1..25.
//
//   digits {1, 4, 9}  =  bit 9 | bit 4 | bit 1  =  0b10'0001'0010
#pragma once

#include <bit>
#include <cstdint>

namespace sudoku {

using DigitMask = std::uint32_t;

constexpr DigitMask digit_bit(int digit) { return DigitMask{1} << digit; }
// Every digit of a grid of side n: bits 1..n.
constexpr DigitMask all_digits(int side) { return ((DigitMask{1} << side) - 1) << 1; }
constexpr int digit_count(DigitMask mask) { return std::popcount(mask); }
// The smallest and the largest digit of a non-empty mask.
constexpr int lowest_digit(DigitMask mask) { return std::countr_zero(mask); }
constexpr int highest_digit(DigitMask mask) { return 31 - std::countl_zero(mask); }

}  // namespace sudoku
