// sudoku-judge calibrate CONTEST.yaml --problem P --model NAME... --naive NAME... [--factor F]
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "judge_commands.hpp"
#include "sudoku/judge/grading/calibrate.hpp"

namespace sudoku::judge_cli {

namespace fs = std::filesystem;

namespace {

const char* kDescription =
    R"(Grades the model contestants' solutions of problem P under its configured limits, proposes a time
limit of F x the slowest model run, rounded up (0.1 s steps under 1 s, else 0.5 s), then grades the
naive contestants under that limit and says for each test whether it separates the models
(accepted) from the naive solutions (not accepted); tests that separate nothing are flagged.
)";

const char* kFooter = R"(Example:
  sudoku-judge calibrate examples/contest/contest.yaml --problem target --model alice --naive bob

Exit status: 0 done, 2 bad input (unknown problem or contestant, a model not accepted) or usage,
1 internal error.)";

struct CalibrateCommand {
    std::string contest_file;
    judge::CalibrationRequest request;
    judge::GradeOptions options;
    std::optional<fs::path> out;
};

// The proposed limit, then one row per test: the slowest model run and the naive verdicts.
void print_calibration(const judge::Calibration& c, const judge::CalibrationRequest& request, std::ostream& out) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "%s: slowest model run %.3f s; configured limit %.2f s; proposed %.2f s (%.3g x, rounded up)\n",
                  c.problem.c_str(), c.slowest_model_cpu_s, c.configured_limit_s, c.proposed_limit_s, request.factor);
    out << line;
    std::string naive_names;
    for (const auto& n : request.naive) naive_names += " " + n;
    out << "test  group                 model s  naive verdicts (" << naive_names.substr(1)
        << ") at the proposed limit\n";
    int idle = 0;
    for (const auto& t : c.tests) {
        std::string verdicts;
        for (judge::Verdict v : t.naive_verdicts) verdicts += std::string(judge::verdict_name(v)) + " ";
        std::snprintf(line, sizeof line, "%-5s %-20s %8.3f  %-20s %s\n", t.test.c_str(), t.group.c_str(),
                      t.slowest_model_cpu_s, verdicts.c_str(),
                      t.separates ? "separates" : "separates nothing (flagged)");
        out << line;
        idle += !t.separates;
    }
    out << idle << " of " << c.tests.size() << " tests separate nothing\n";
}

int calibrate(CalibrateCommand& c) {
    auto contest = load_contest_or_report(c.contest_file);
    if (!contest) return cli::exit_bad_input;
    c.options.out_dir = c.out.value_or(fs::path(c.contest_file).parent_path() / "judge-calibrate");
    show_progress(c.options);
    auto result = judge::calibrate(*contest, c.request, c.options);
    if (auto* why = std::get_if<std::string>(&result)) {
        std::cerr << "sudoku-judge " << *why << "\n";
        return cli::exit_bad_input;
    }
    print_calibration(std::get<judge::Calibration>(result), c.request, std::cout);
    return cli::exit_done;
}

}  // namespace

Command add_calibrate_command(CLI::App& judge) {
    auto c = std::make_shared<CalibrateCommand>();
    CLI::App* app = cli::add_command(
        judge, {.name = "calibrate",
                .summary = "propose a time limit from model and naive solutions",
                .usage = "sudoku-judge calibrate CONTEST.yaml --problem P --model NAME... --naive NAME...\n"
                         "                              [--factor F] [--out DIR] [--jobs N]",
                .description = kDescription,
                .footer = kFooter});
    app->add_option("CONTEST.yaml", c->contest_file, "the contest file")->required();
    app->add_option("--problem", c->request.problem, "the problem, by its config name")->type_name("P")->required();
    // One name per --model / --naive, repeated: a list would swallow CONTEST.yaml after it.
    app->add_option("--model", c->request.models, "a contestant whose solution is right and fast (repeatable)")
        ->type_name("NAME")
        ->allow_extra_args(false)
        ->required();
    app->add_option("--naive", c->request.naive, "a contestant whose solution is right but slow (repeatable)")
        ->type_name("NAME")
        ->allow_extra_args(false)
        ->required();
    app->add_option("--factor", c->request.factor, "proposed limit = F x the slowest model run (default 3)")
        ->type_name("F")
        ->check(cli::positive_number());
    app->add_option("--out", c->out, "work folders (default: judge-calibrate next to CONTEST.yaml)")->type_name("DIR");
    add_run_options(*app, c->options);
    return {app, [c] { return calibrate(*c); }};
}

}  // namespace sudoku::judge_cli
