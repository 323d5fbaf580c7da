// sudoku-judge merge CONTEST.yaml --out DIR SHARD_DIR...
#include <filesystem>
#include <iostream>
#include <memory>
#include <vector>

#include "judge_commands.hpp"
#include "stop_signals.hpp"
#include "sudoku/merge_folder.hpp"
#include "sudoku/shard.hpp"

namespace sudoku::judge_cli {

namespace fs = std::filesystem;

namespace {

const char* kDescription =
    R"(Combines the directories of all n shards of `sudoku-judge grade --shard i/n` into
DIR/results.json, DIR/results.csv and DIR/report.html, equal to a single run's. Every shard must be
given once and must have finished. DIR is built aside and renamed into place (an earlier merge there
is replaced; a merge that fails leaves nothing); it may not be, contain or lie inside a shard's
folder. Shared storage, Slurm and Kubernetes: docs/scale-out.md.
)";

const char* kFooter = R"(Example:
  sudoku-judge merge contest.yaml --out out/merged out/shard-0 out/shard-1 out/shard-2

Exit status: 0 merged, 3 merged but some results are FAIL (the judge's fault), 2 bad input
(contest, a missing, repeated or unfinished shard, --out in use) or usage, 1 internal error,
143 / 130 stopped by SIGTERM / SIGINT (no report written).)";

struct MergeCommand {
    std::string contest_file;
    std::vector<fs::path> shard_dirs;
    judge::GradeOptions options;
};

int merge(MergeCommand& c) {
    auto contest = load_contest_or_report(c.contest_file);
    if (!contest) return cli::exit_bad_input;
    // Checked before the lock creates --out: a refused merge leaves no folder behind.
    if (auto why = judge::merge_target_problem(c.options.out_dir, c.shard_dirs)) {
        std::cerr << "sudoku-judge merge: " << *why << "\n";
        return cli::exit_bad_input;
    }
    const bool out_existed = fs::exists(c.options.out_dir);
    auto lock = claim_out_dir(*contest, c.options.out_dir, "merge");
    if (!lock) return cli::exit_bad_input;
    // A merge that ends without its reports leaves no --out it created (it holds only the lock file).
    const auto give_back_out = [&](int status) {
        lock.reset();
        std::error_code ignored;
        if (!out_existed) fs::remove_all(c.options.out_dir, ignored);
        return status;
    };
    show_progress(c.options);
    c.options.stop = &stop_on_signals();
    std::variant<judge::ContestResults, std::string> merged;
    try {
        merged = judge::merge_shards(*contest, c.shard_dirs, c.options);
    } catch (const judge::GradingInterrupted& e) {
        return give_back_out(interrupted(e));
    }
    if (auto* why = std::get_if<std::string>(&merged)) {
        std::cerr << "sudoku-judge merge: " << *why << "\n";
        return give_back_out(cli::exit_bad_input);
    }
    return print_results(std::get<judge::ContestResults>(merged), c.options.out_dir);  // merge_shards wrote them
}

}  // namespace

Command add_merge_command(CLI::App& judge) {
    auto c = std::make_shared<MergeCommand>();
    CLI::App* app = judge.add_subcommand("merge", "combine the shards' directories into the reports of one run");
    cli::describe(*app, "sudoku-judge merge CONTEST.yaml --out DIR SHARD_DIR... [--jobs N]", kDescription);
    app->footer(kFooter);
    app->add_option("CONTEST.yaml", c->contest_file, "the contest file")->required();
    app->add_option("SHARD_DIR", c->shard_dirs, "the --out directory of each shard")->required();
    app->add_option("--out", c->options.out_dir, "the merged results folder")->type_name("DIR")->required();
    add_run_options(*app, c->options);
    return {app, [c] { return merge(*c); }};
}

}  // namespace sudoku::judge_cli
