// Bounded memory: every puzzle parser reads a file in memory proportional to it with a small
// constant (before: 32 bytes a line, 4.3 GB for 100 MB of blank lines).
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>

#include "sudoku/solver/formats.hpp"
#include "support/peak_memory.hpp"

namespace fs = std::filesystem;

TEST_CASE("formats: every parser reads a 100 MB file of blank lines in under 300 MB of memory") {
    const fs::path file = fs::path(SUDOKU_BINARY_DIR) / ("blank-lines-" + std::to_string(getpid()) + ".txt");
    sudoku::testing::write_repeated(file.string(), "\n", 100LL << 20);
    for (sudoku::Format format : sudoku::all_formats()) {
        INFO(sudoku::format_name(format));
        const auto start = std::chrono::steady_clock::now();
        const long long peak = sudoku::testing::peak_mib_of([&] {
            auto parsed = sudoku::read_puzzle_file(format, file);
            // A file of blank lines is no puzzle file: the parser says so.
            if (!std::holds_alternative<sudoku::Diagnostic>(parsed)) _exit(3);
        });
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        INFO("peak " << peak << " MiB in " << seconds << " s");
        CHECK(peak > 0);
        CHECK(peak < 300);
    }
    fs::remove(file);
}

TEST_CASE("formats: 100 MB of blank lines after a puzzle are read in under 300 MB of memory") {
    const fs::path file = fs::path(SUDOKU_BINARY_DIR) / ("puzzle-then-blank-" + std::to_string(getpid()) + ".txt");
    {
        std::ofstream out(file, std::ios::binary);
        out << "000000010400000000020000000000050407008000300001090000300400200050100000000806000\n";
    }
    {
        std::ofstream out(file, std::ios::binary | std::ios::app);
        const std::string block(1 << 20, '\n');
        for (int i = 0; i < 100; ++i) out << block;
    }
    const long long peak = sudoku::testing::peak_mib_of([&] {
        auto parsed = sudoku::read_puzzle_file(sudoku::Format::line81, file);
        if (!std::holds_alternative<sudoku::PuzzleFile>(parsed)) _exit(3);
    });
    CHECK(peak > 0);
    CHECK(peak < 300);
    fs::remove(file);
}
