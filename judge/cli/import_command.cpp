// sudoku-judge import-lemon CONTEST.cdf --out DIR
#include <iostream>
#include <memory>

#include "judge_commands.hpp"
#include "sudoku/judge/import/lemon_import.hpp"

namespace sudoku::judge_cli {

namespace {

const char* kDescription =
    R"(Writes DIR/CONTEST.yaml and DIR/<task>/problem.yaml for a LemonLime contest, pointing at its
data/ and source/ folders beside the .cdf (left untouched); `sudoku-judge grade DIR/CONTEST.yaml`
then grades it with LemonLime's rules: its comparison modes and special judges, its per-test-case
limits and whole points, its clock (user CPU time) and memory rule (the address space). Traditional
tasks only; everything that cannot be mapped (another task type, sources in subfolders, a disabled
compiler, a checker or test file outside data/, a number out of range) is listed at once, each
with its place in the .cdf and what to do, and nothing is written: DIR appears whole or not at all
(it must not exist, or be an empty folder). The mapping:
sudoku/judge/import/lemon_import.hpp and docs/judge.md, "LemonLime contests".
)";

const char* kFooter = R"(Example:
  sudoku-judge import-lemon ~/lemon/noip/noip.cdf --out noip-here
  sudoku-judge grade noip-here/CONTEST.yaml --out noip-results

Exit status: 0 written, 2 bad input (not a .cdf, something that cannot be mapped) or usage,
1 internal error.)";

struct ImportCommand {
    std::string cdf;
    std::string out;
};

int import(const ImportCommand& c) {
    auto written = judge::import_lemon(c.cdf, c.out);
    if (auto* d = std::get_if<Diagnostic>(&written)) {
        std::cerr << "sudoku-judge import-lemon: " << d->to_string() << "\n";
        return cli::exit_bad_input;
    }
    std::cout << "wrote " << std::get<std::filesystem::path>(written).string() << "\n";
    return cli::exit_done;
}

}  // namespace

Command add_import_command(CLI::App& judge) {
    auto c = std::make_shared<ImportCommand>();
    CLI::App* app =
        cli::add_command(judge, {.name = "import-lemon",
                                 .summary = "write CONTEST.yaml and problem.yaml files for a LemonLime contest",
                                 .usage = "sudoku-judge import-lemon CONTEST.cdf --out DIR",
                                 .description = kDescription,
                                 .footer = kFooter});
    app->add_option("CONTEST.cdf", c->cdf, "the LemonLime contest file")->required();
    app->add_option("--out", c->out, "where CONTEST.yaml and the problem folders are written")
        ->type_name("DIR")
        ->required();
    return {app, [c] { return import(*c); }};
}

}  // namespace sudoku::judge_cli
