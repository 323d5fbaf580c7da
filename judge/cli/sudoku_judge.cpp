// sudoku-judge: grade contestants' programs in a sandbox, score, report.
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <string>

#include "sudoku/calibrate.hpp"
#include "sudoku/contest.hpp"
#include "sudoku/grader.hpp"
#include "sudoku/report.hpp"
#include "sudoku/shard.hpp"

namespace fs = std::filesystem;
using namespace sudoku::judge;

namespace {

const char* kHelp = R"(usage: sudoku-judge grade CONTEST.yaml [--out DIR] [--jobs N] [--fresh]
                          [--no-namespaces] [--no-cgroups] [--shard I/N | --shard auto]
       sudoku-judge merge CONTEST.yaml --out DIR SHARD_DIR...
       sudoku-judge calibrate CONTEST.yaml --problem P --model NAME... --naive NAME...
       (each command answers --help with its own options)

Compiles every contestant's submission (contestants/<name>/<problem>.cpp|.c|binary, or inside
<problem>/), runs every test in a sandbox under the problem's limits, checks, scores, and writes
DIR/results.json, DIR/results.csv and DIR/report.html (DIR defaults to judge-out next to
CONTEST.yaml). Results are journaled in DIR/journal.jsonl: run the same command again after an
interruption and it continues where it stopped (--fresh starts over).

  --jobs N          parallel runs, one per core, pinned (default: the contest's `jobs`, else 1)
  --no-namespaces   --no-cgroups   switch a protection off (for machines without the rights)

The sandbox's options, result record and verdict rules: docs/judge.md.

Example:
  sudoku-judge grade examples/contest.yaml --out /tmp/results --jobs 2

Exit status: 0 graded, 2 bad input (contest file, test data), 1 internal error.
)";

int usage_error(const std::string& message) {
    std::cerr << "sudoku-judge: " << message << " (see --help)\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    // merge, calibrate and sharded grading live with their own option parsing (shard.hpp, calibrate.hpp).
    if (argc > 1 && std::string(argv[1]) == "merge") return run_merge_command(argc, argv);
    if (argc > 1 && std::string(argv[1]) == "calibrate") return run_calibrate_command(argc, argv);
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) == "--shard") return run_shard_command(argc, argv);
    std::string command, contest_file;
    GradeOptions options;
    bool out_given = false, fresh = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
        if (a == "--help" || a == "-h") {
            std::cout << kHelp;
            return 0;
        } else if (a == "--out") {
            options.out_dir = value();
            out_given = true;
        } else if (a == "--jobs") {
            try {
                options.jobs = std::stoi(value());
            } catch (const std::exception&) {
                return usage_error("--jobs needs a number");
            }
            if (options.jobs < 1) return usage_error("--jobs needs a number >= 1");
        } else if (a == "--fresh") fresh = true;
        else if (a == "--no-namespaces") options.namespaces = false;
        else if (a == "--no-cgroups") options.cgroups = false;
        else if (a.rfind("--", 0) == 0) return usage_error("unknown option " + a);
        else if (command.empty()) command = a;
        else if (contest_file.empty()) contest_file = a;
        else return usage_error("unexpected argument " + a);
    }
    if (command != "grade") return usage_error(command.empty() ? "no command given" : "unknown command " + command);
    if (contest_file.empty()) return usage_error("grade needs CONTEST.yaml");

    auto loaded = load_contest(contest_file);
    if (auto* d = std::get_if<sudoku::Diagnostic>(&loaded)) {
        std::cerr << d->to_string() << "\n";
        return 2;
    }
    const Contest& contest = std::get<Contest>(loaded);
    if (!out_given) options.out_dir = fs::path(contest_file).parent_path() / "judge-out";
    try {
        if (fresh) fs::remove(options.out_dir / "journal.jsonl");
        options.progress = &std::cerr;
        options.progress_is_terminal = isatty(2);
        ContestResults results = grade(contest, options);
        write_results_json(results, options.out_dir / "results.json");
        write_results_csv(results, options.out_dir / "results.csv");
        write_report_html(results, options.out_dir / "report.html");
        print_summary(results, std::cout);
        std::cout << "\nwritten: " << (options.out_dir / "results.json").string() << ", "
                  << (options.out_dir / "results.csv").string() << ", " << (options.out_dir / "report.html").string()
                  << "\n";
    } catch (const std::exception& e) {
        std::cerr << "sudoku-judge: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
