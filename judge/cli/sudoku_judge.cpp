// sudoku-judge: grade contestants' programs in a sandbox, score, report. The commands live in
// grade_command.cpp, merge_command.cpp, status_command.cpp, calibrate_command.cpp and
// import_command.cpp; the work in the judge library.
#include <iostream>
#include <vector>

#include "judge_commands.hpp"
#include "sudoku/judge/files/durable_file.hpp"

using namespace sudoku;

namespace {

const char* kDescription =
    R"(Compiles every contestant's submission, runs every test in a sandbox under the problem's limits,
checks, scores, and writes DIR/results.json, DIR/results.csv and DIR/report.html. Each command
answers --help with its own options.
)";

const char* kFooter = R"(Example:
  sudoku-judge grade examples/contest/contest.yaml --out /tmp/results --jobs 2
  sudoku-judge calibrate examples/contest/contest.yaml --problem target --model alice --naive bob

Exit status: 0 done, 1 internal error, 2 bad input or setup (contest file, test data, --out) or
usage, 3 graded but some results are FAIL (the judge's fault), 4 found wanting (status: a shard to
run again; doctor: a protection missing), 130 or 143 stopped by SIGINT or SIGTERM (run it again to
resume).)";

}  // namespace

int main(int argc, char** argv) {
    return cli::run_guarded("sudoku-judge", [&] {
        CLI::App app("", "sudoku-judge");
        cli::use_help_layout(app);
        cli::add_version_flag(app);
        cli::describe(app,
                      "sudoku-judge grade CONTEST.yaml [--out DIR] [--jobs N] [--fresh] [--shard I/N | auto]\n"
                      "       sudoku-judge merge CONTEST.yaml --out DIR SHARD_DIR...\n"
                      "       sudoku-judge status CONTEST.yaml SHARD_DIR...\n"
                      "       sudoku-judge calibrate CONTEST.yaml --problem P --model NAME... --naive NAME...\n"
                      "       sudoku-judge import-lemon CONTEST.cdf --out DIR\n"
                      "       sudoku-judge import SOURCE --out DIR [--format kattis|domjudge|polygon|lemon]\n"
                      "       sudoku-judge verify DIR\n"
                      "       sudoku-judge doctor [CONTEST.yaml] [--out DIR] [--json]",
                      kDescription);
        app.footer(kFooter);
        app.require_subcommand(1);
        const std::vector<judge_cli::Command> commands = {
            judge_cli::add_grade_command(app),          judge_cli::add_merge_command(app),
            judge_cli::add_status_command(app),         judge_cli::add_calibrate_command(app),
            judge_cli::add_import_command(app),         judge_cli::add_doctor_command(app),
            judge_cli::add_package_import_command(app), judge_cli::add_verify_command(app),
            judge_cli::add_export_command(app)};
        if (auto status = cli::parse(app, argc, argv)) return *status;
        for (const auto& command : commands)
            if (command.app->parsed()) try {
                    return command.run();
                } catch (const judge::OutputError& error) {  // e.g. "DIR/journal.jsonl: ...: No space left on device"
                    std::cerr << "sudoku-judge: " << error.what() << "\n";
                    return int(cli::exit_internal_error);
                }
        return int(cli::exit_internal_error);
    });
}
