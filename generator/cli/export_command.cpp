// sudoku-gen export: a thin command over the format writers (sudoku/formats/export.hpp).
#include "export_command.hpp"

#include <iostream>

#include "command_line.hpp"
#include "sudoku/generator/test_set_problem.hpp"

namespace sudoku::cli {

void add_export_command(CLI::App& gen, ExportCommand& c) {
    CLI::App* app = add_command(
        gen, {"export", "write a built test set in another judge's format",
              "sudoku-gen export DIR/<name> --format kattis|domjudge|hydro|lemon|cms --out DIR",
              "Writes OUT/<name>/ in the format's own layout (and OUT/<name>.zip of it for DOMjudge and Hydro,\n"
              "which import a zip): limits, groups and their points, samples, and a\n"
              "checker source in the format's protocol when any valid completion is right. What the format\n"
              "cannot carry is printed as a note. Nothing is written when the test set's files do not match\n"
              "their manifest's sha256, and an existing OUT/<name> is never replaced.",
              R"(Example:
  sudoku-gen export testdata/poj2676 --format kattis --out exports/kattis

Exit status: 0 written (notes on stdout), 2 bad input (the message names the file) or usage,
1 internal error)"});
    app->add_option("DIR", c.test_set, "a test set sudoku-gen build wrote")->required();
    app->add_option("--format", c.format, "kattis, domjudge, hydro, lemon or cms")
        ->required()
        ->check(CLI::IsMember({"kattis", "domjudge", "hydro", "lemon", "cms"}));
    app->add_option("--kattis-version", c.kattis_version,
                    "the Kattis package's version: legacy (testdata.yaml, what DOMjudge reads) or 2025-09 "
                    "(test_group.yaml); one package cannot hold both")
        ->check(CLI::IsMember({"legacy", "2025-09"}))
        ->type_name("VERSION");
    app->add_option("--out", c.out, "the folder to write OUT/<name> in")->required()->type_name("OUT");
}

int run_export(const ExportCommand& c) {
    auto read = read_test_set_problem(c.test_set);
    if (auto* d = std::get_if<Diagnostic>(&read)) {
        std::cerr << d->to_string() << "\n";
        return exit_bad_input;
    }
    const auto format = from_string<formats::ExportFormat>(c.format);
    std::filesystem::create_directories(c.out);
    formats::ExportOptions options;
    options.kattis = *from_string<formats::KattisExportVersion>(c.kattis_version);
    auto written = formats::export_problem(std::get<formats::ExportProblem>(read), *format, c.out, options);
    if (auto* d = std::get_if<Diagnostic>(&written)) {
        std::cerr << d->to_string() << "\n";
        return exit_bad_input;
    }
    const auto& result = std::get<formats::ExportResult>(written);
    for (const auto& note : result.notes) std::cout << "note: " << note << "\n";
    std::cout << "wrote " << result.directory.string() << "\n";
    if (!result.archive.empty()) std::cout << "wrote " << result.archive.string() << "\n";
    return exit_done;
}

}  // namespace sudoku::cli
