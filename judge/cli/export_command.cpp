// sudoku-judge export CONTEST.yaml --format F --out DIR: a thin command over the contest's
// mapping (sudoku/judge/contest/contest_export.hpp) and the format writers (sudoku/formats/export.hpp).
#include <iostream>
#include <memory>

#include "judge_commands.hpp"
#include "sudoku/judge/contest/contest_export.hpp"

namespace sudoku::judge_cli {

namespace {

const char* kDescription =
    R"(Writes every problem of the contest, sudoku test sets and plain problems alike, in another
judge's format into DIR, with the files that host's contest import reads beside them:
  kattis    DIR/<name>/ per problem, contest.yaml and problems.yaml (the ICPC contest package)
  domjudge  DIR/<name>.zip per problem, contest.yaml and problems.yaml (DOMjudge's contest import)
  hydro     DIR/<name>.zip per problem (Hydro's problem import)
  lemon     DIR/contest.cdf with a task per problem, DIR/data/<name>/, DIR/source/
  cms       DIR/<name>/ task per problem and contest.yaml (cmsImportContest, loader italy_yaml)
Each problem is written as `sudoku-gen export` writes one: its groups and points, limits, samples,
and a checker source when any valid sudoku completion is right. What a format cannot carry is
printed as a note; a problem that cannot be exported at all (a checker program of its own) is
left out with a note naming its file and line. The zips are the same bytes from one export to the
next. DIR must not exist or be empty, and appears whole or not at all.
The formats: docs/exporting.md.
)";

const char* kFooter = R"(Example:
  sudoku-judge export examples/contest/contest.yaml --format domjudge --out exports/domjudge

Exit status: 0 written (notes on stdout), 2 bad input (the message names the file) or usage,
or no problem could be exported, 1 internal error.)";

struct ExportCommand {
    std::string contest, format, out;
    std::string start = "2030-01-01T10:00:00+00:00";
    std::string duration = "5:00:00";
};

int run_export(const ExportCommand& c) {
    auto contest = load_contest_or_report(c.contest);
    if (!contest) return cli::exit_bad_input;
    const auto model = judge::export_model(*contest, c.start, c.duration);
    for (const auto& why : model.left_out) std::cout << "note: " << why << "\n";
    if (model.contest.problems.empty()) {
        std::cerr << "sudoku-judge export: " << c.contest << ": no problem of the contest can be exported\n";
        return cli::exit_bad_input;
    }
    const auto format = from_string<formats::ExportFormat>(c.format);
    auto written = formats::export_contest(model.contest, *format, c.out);
    if (auto* d = std::get_if<Diagnostic>(&written)) {
        std::cerr << "sudoku-judge export: " << d->to_string() << "\n";
        return cli::exit_bad_input;
    }
    const auto& result = std::get<formats::ContestExportResult>(written);
    for (const auto& note : result.notes) std::cout << "note: " << note << "\n";
    std::cout << "wrote " << result.directory.string() << " (" << model.contest.problems.size() << " problems)\n";
    return cli::exit_done;
}

}  // namespace

Command add_export_command(CLI::App& judge) {
    auto c = std::make_shared<ExportCommand>();
    CLI::App* app = cli::add_command(
        judge, {.name = "export",
                .summary = "write a whole contest in another judge's format",
                .usage = "sudoku-judge export CONTEST.yaml --format kattis|domjudge|hydro|lemon|cms --out DIR",
                .description = kDescription,
                .footer = kFooter});
    app->add_option("CONTEST.yaml", c->contest, "the contest file")->required();
    app->add_option("--format", c->format, "kattis, domjudge, hydro, lemon or cms")
        ->required()
        ->check(CLI::IsMember({"kattis", "domjudge", "hydro", "lemon", "cms"}));
    app->add_option("--out", c->out, "the folder to write (absent or empty)")->type_name("DIR")->required();
    app->add_option("--start", c->start, "contest.yaml's start-time, ISO 8601 with its offset (kattis, domjudge)")
        ->type_name("TIME")
        ->capture_default_str();
    app->add_option("--duration", c->duration, "contest.yaml's duration, H:MM:SS (kattis, domjudge)")
        ->type_name("H:MM:SS")
        ->capture_default_str();
    return {app, [c] { return run_export(*c); }};
}

}  // namespace sudoku::judge_cli
