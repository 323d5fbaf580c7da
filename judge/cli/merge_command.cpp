// sudoku-judge merge CONTEST.yaml --out DIR SHARD_DIR...
#include <filesystem>
#include <iostream>
#include <memory>
#include <variant>
#include <vector>

#include "judge_commands.hpp"
#include "sudoku/judge/scaleout/merge_folder.hpp"
#include "sudoku/judge/scaleout/shard.hpp"

namespace sudoku::judge_cli {

namespace fs = std::filesystem;

namespace {

const char* kDescription =
    R"(Combines the directories of all n shards of `sudoku-judge grade --shard i/n` into
DIR/results.json, DIR/results.csv and DIR/report.html, equal to a single run's. merge only
assembles: it never runs a test. It checks first, against CONTEST.yaml as it is now, that every
shard is given once and finished, that each was graded for this version of the contest (its
fingerprint) and its journal is as it finished it, so that every (contestant, problem) pair is
covered exactly once; otherwise it merges nothing, names the shard and the pairs, and prints the
command that grades each shard again (as `sudoku-judge status` does). Each shard's records must
carry the tag of the contest's shard key (--key, or .judge-key beside CONTEST.yaml). DIR is built aside and
renamed into place (an earlier merge there is replaced; a merge that fails leaves nothing); it may
not be, contain or lie inside a shard's folder. Shared storage, Slurm and Kubernetes:
docs/scale-out.md.
)";

const char* kFooter = R"(Example:
  sudoku-judge merge examples/contest/contest.yaml --out /tmp/merged /tmp/shard-0 /tmp/shard-1 /tmp/shard-2

Exit status: 0 merged, 3 merged but some results are FAIL (the judge's fault), 2 bad input
(contest, a missing, repeated, unfinished or mismatched shard, --out in use) or usage, 1 internal
error.)";

struct MergeCommand {
    std::string contest_file;
    std::vector<fs::path> shard_dirs;
    fs::path out;
    std::optional<fs::path> key;
};

int merge(MergeCommand& c) {
    auto contest = load_contest_or_report(c.contest_file);
    if (!contest) return cli::exit_bad_input;
    // Checked before the lock creates --out: a refused merge leaves no folder behind.
    if (auto why = judge::merge_target_problem(c.out, c.shard_dirs)) {
        std::cerr << "sudoku-judge merge: " << *why << "\n";
        return cli::exit_bad_input;
    }
    const bool out_existed = fs::exists(c.out);
    auto lock = claim_out_dir(*contest, c.out, "merge");
    if (!lock) return cli::exit_bad_input;
    // A merge that ends without its reports (refused, or a write failed: a full disk) leaves no
    // --out it created: that folder holds only the lock and the marker.
    const auto forget_out = [&] {
        lock.reset();
        std::error_code ignored;
        if (!out_existed) fs::remove_all(c.out, ignored);
    };
    const auto key = shard_key_or_report(*contest, c.key, false, "merge");
    if (!key) {
        forget_out();
        return cli::exit_bad_input;
    }
    std::variant<judge::ContestResults, judge::MergeRefusal> merged;
    try {
        merged = judge::merge_shards(*contest, c.shard_dirs, c.out, *key);
    } catch (...) {
        forget_out();
        throw;
    }
    if (auto* refusal = std::get_if<judge::MergeRefusal>(&merged)) {
        forget_out();
        std::cerr << "sudoku-judge merge: " << refusal->why << "\n";
        print_reruns(refusal->reruns, c.contest_file, std::cerr);
        return cli::exit_bad_input;
    }
    return print_results(std::get<judge::ContestResults>(merged), c.out);  // merge_shards wrote them
}

}  // namespace

Command add_merge_command(CLI::App& judge) {
    auto c = std::make_shared<MergeCommand>();
    CLI::App* app = cli::add_command(judge, {.name = "merge",
                                             .summary = "combine the shards' directories into the reports of one run",
                                             .usage = "sudoku-judge merge CONTEST.yaml --out DIR SHARD_DIR...",
                                             .description = kDescription,
                                             .footer = kFooter});
    app->add_option("CONTEST.yaml", c->contest_file, "the contest file")->required();
    app->add_option("SHARD_DIR", c->shard_dirs, "the --out directory of each shard")->required();
    app->add_option("--out", c->out, "the merged results folder")->type_name("DIR")->required();
    app->add_option("--key", c->key, kKeyOptionHelp)->type_name("FILE");
    return {app, [c] { return merge(*c); }};
}

}  // namespace sudoku::judge_cli
