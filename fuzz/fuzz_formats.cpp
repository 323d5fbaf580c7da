// libFuzzer target: every puzzle format parser (sudoku/solver/formats.hpp). The first byte picks the
// format, the rest is the file. Besides "never crash", it checks the documented round trip:
// whatever parses must print and parse back to the same grids.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "sudoku/solver/formats.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const auto& formats = sudoku::all_formats();
    sudoku::Format format = formats[data[0] % formats.size()];
    std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    auto parsed = sudoku::parse_puzzle_file(format, text, "fuzz.in");
    auto* file = std::get_if<sudoku::PuzzleFile>(&parsed);
    if (!file) {
        if (std::get<sudoku::Diagnostic>(parsed).file != "fuzz.in") std::abort();  // messages name the file
        return 0;
    }
    if (file->first_lines.size() != file->puzzles.size()) std::abort();
    if (file->puzzles.empty() && format == sudoku::Format::target) std::abort();  // target holds one grid
    if (file->puzzles.empty()) return 0;
    std::string printed = sudoku::write_puzzles(format, file->puzzles);
    auto again = sudoku::parse_puzzles(format, printed, "printed.in");
    auto* grids = std::get_if<std::vector<sudoku::Grid>>(&again);
    if (!grids || *grids != file->puzzles) std::abort();
    return 0;
}
