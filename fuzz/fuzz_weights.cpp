// libFuzzer target: the target-weights parser (parse_weights of sudoku/solver/formats.hpp).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "sudoku/solver/formats.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = sudoku::parse_weights(text, "fuzz.weights");
    if (auto* d = std::get_if<sudoku::Diagnostic>(&parsed))
        if (d->file != "fuzz.weights") std::abort();
    return 0;
}
