// sudoku-judge status CONTEST.yaml SHARD_DIR...
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "judge_commands.hpp"
#include "sudoku/judge/scaleout/shard_status.hpp"

namespace sudoku::judge_cli {

namespace fs = std::filesystem;

namespace {

const char* kDescription =
    R"(Lists each shard of a scaled-out contest as finished, unfinished (cancelled, failed, still running),
missing (no folder given for its index) or mismatched (graded for another version of the contest,
or its journal changed after it finished), checked against CONTEST.yaml as it is now, and prints
the exact command that grades each shard that is not finished. `merge` takes the same folders and
merges only when this says every shard is finished. docs/scale-out.md, "Recovery".
)";

const char* kFooter = R"(Example:
  sudoku-judge status examples/contest/contest.yaml /tmp/shard-0 /tmp/shard-1 /tmp/shard-2

Exit status: 0 every shard finished (ready to merge), 4 some shard to run again (the command for
each is printed), 2 bad input (contest, key) or usage, 1 internal error.)";

struct StatusCommand {
    std::string contest_file;
    std::vector<fs::path> shard_dirs;
    std::optional<fs::path> key;
};

int status(const StatusCommand& c) {
    auto contest = load_contest_or_report(c.contest_file);
    if (!contest) return cli::exit_bad_input;
    const auto key = shard_key_or_report(*contest, c.key, false, "status");
    if (!key) return cli::exit_bad_input;
    if (auto why = judge::key_inside_shards(key->file, c.shard_dirs)) {
        std::cerr << "sudoku-judge status: " << *why << "\n";
        return cli::exit_bad_input;
    }
    const judge::ShardSurvey survey = judge::survey_shards(*contest, c.shard_dirs, *key);
    print_shard_survey(survey, c.contest_file, std::cout);
    return survey.complete() ? cli::exit_done : cli::exit_found_wanting;
}

}  // namespace

std::string judge_path() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string("sudoku-judge") : self.string();
}

std::string rerun_command(const judge::ShardRerun& run, const std::string& contest_file) {
    return judge_path() + " grade " + contest_file + " --shard " + std::to_string(run.shard.index) + "/" +
           std::to_string(run.shard.count) + " --out " + (run.out.empty() ? "SHARD_DIR" : run.out.string()) +
           (run.fresh ? " --fresh" : "");
}

void print_reruns(const std::vector<judge::ShardRerun>& reruns, const std::string& contest_file, std::ostream& out) {
    if (reruns.empty()) return;
    std::string indexes;
    for (const auto& r : reruns) indexes += (indexes.empty() ? "" : ",") + std::to_string(r.shard.index);
    out << "shards to run again: " << indexes << "\n";
    for (const auto& r : reruns) out << "  " << rerun_command(r, contest_file) << "\n";
}

void print_shard_survey(const judge::ShardSurvey& survey, const std::string& contest_file, std::ostream& out) {
    for (const auto& f : survey.shards) {
        char head[64];
        if (f.shard.index >= 0)
            std::snprintf(head, sizeof head, "shard %d/%d  %-10s", f.shard.index, f.shard.count,
                          std::string(to_string(f.state)).c_str());
        else
            std::snprintf(head, sizeof head, "shard ?  %-10s", std::string(to_string(f.state)).c_str());
        out << head << " " << (f.dir.empty() ? "(no folder)" : f.dir.string()) << "  " << f.submissions.size()
            << " submissions, estimate " << f.estimate_s << " s";
        if (f.state != judge::ShardState::finished) out << "\n    " << f.why;
        out << "\n";
    }
    for (const auto& conflict : survey.conflicts) out << "conflict: " << conflict << "\n";
    if (survey.complete()) out << "every shard finished: ready to merge\n";
    print_reruns(survey.reruns(), contest_file, out);
}

Command add_status_command(CLI::App& judge) {
    auto c = std::make_shared<StatusCommand>();
    CLI::App* app =
        cli::add_command(judge, {.name = "status",
                                 .summary = "list the shards as finished, unfinished, missing or mismatched",
                                 .usage = "sudoku-judge status CONTEST.yaml SHARD_DIR...",
                                 .description = kDescription,
                                 .footer = kFooter});
    app->add_option("CONTEST.yaml", c->contest_file, "the contest file")->required();
    app->add_option("SHARD_DIR", c->shard_dirs, "the --out directory of each shard")->required();
    app->add_option("--key", c->key, kKeyOptionHelp)->type_name("FILE");
    return {app, [c] { return status(*c); }};
}

}  // namespace sudoku::judge_cli
