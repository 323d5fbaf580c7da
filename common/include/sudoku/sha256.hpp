// SHA-256 (FIPS 180-4) of a byte string, as 64 lowercase hex digits: the fingerprints the
// manifest records for every input and answer file.
#pragma once

#include <string>
#include <string_view>

namespace sudoku {

std::string sha256_hex(std::string_view bytes);

}  // namespace sudoku
