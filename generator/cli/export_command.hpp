// sudoku-gen export: a built test set written in another judge's format.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sudoku::cli {

struct ExportCommand {
    std::string test_set;
    std::string format;
    std::string kattis_version = "legacy";
    std::string out;
};

void add_export_command(CLI::App& gen, ExportCommand& c);
int run_export(const ExportCommand& c);

}  // namespace sudoku::cli
