// sudoku-judge grade CONTEST.yaml [--out DIR] [--jobs N] [--fresh] [--shard I/N | --shard auto]
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>

#include "judge_commands.hpp"
#include "stop_signals.hpp"
#include "sudoku/judge/scaleout/shard.hpp"

namespace sudoku::judge_cli {

namespace fs = std::filesystem;

namespace {

const char* kDescription =
    R"(Compiles every contestant's submission (contestants/<name>/<problem>.cpp|.c|binary, or inside
<problem>/), runs every test in a sandbox under the problem's limits, checks, scores, and writes
DIR/results.json, DIR/results.csv and DIR/report.html. Results are journaled in DIR/journal.jsonl:
run the same command again after an interruption and it continues where it stopped (--fresh starts
over). The sandbox's options, result record and verdict rules: docs/judge.md.

--shard i/n grades shard i (0-based) of n into DIR (default judge-shard-i next to CONTEST.yaml):
its part of a plan every shard computes alike from the contest, the (contestant, problem) pairs
dealt longest first (estimated work: tests x time limit) to the shard with the least work, so
the shards take about as long. It prints its estimate. DIR holds shard.json and the journal, both
naming the contest's fingerprint and the shard's pairs: a DIR holding another shard's work (other
i/n, or another version of the contest) is refused unless --fresh discards it. `sudoku-judge
status` lists which shards are finished; `sudoku-judge merge` combines the n shard directories.
--shard auto takes i from the scheduler (SLURM_ARRAY_TASK_ID of an array numbered 0..n-1, or
JOB_COMPLETION_INDEX) and n from SUDOKU_SHARD_COUNT, never from the scheduler's own count, so
stepped, partial and single-index re-runs grade the same shards.
Shared storage, Slurm and Kubernetes: docs/scale-out.md.
)";

const char* kFooter = R"(Example:
  sudoku-judge grade examples/contest/contest.yaml --out /tmp/results --jobs 2
  sudoku-judge grade examples/contest/contest.yaml --shard 0/3 --out /tmp/shard-0   # 1/3, 2/3 elsewhere
  SUDOKU_SHARD_COUNT=3 sudoku-judge grade examples/contest/contest.yaml --shard auto --out /tmp/shard-$SLURM_ARRAY_TASK_ID

Exit status: 0 graded, 3 graded but some results are FAIL (the judge's fault, counted on the last
line), 2 bad input or setup (contest file, test data, --out in use or misplaced, shard) or usage,
1 internal error, 143 / 130 stopped by SIGTERM / SIGINT (the runs in progress stopped, the journal
whole, no report: run the same command again to resume).)";

struct GradeCommand {
    std::string contest_file;
    judge::GradeOptions options;
    std::optional<fs::path> out;
    bool fresh = false;
    std::optional<std::string> shard;  // "i/n" or "auto"
    std::optional<fs::path> key;       // the shard key file
};

int grade_all(GradeCommand& c, const judge::Contest& contest) {
    c.options.out_dir = c.out.value_or(fs::path(c.contest_file).parent_path() / "judge-out");
    const auto lock = claim_out_dir(contest, c.options.out_dir, "grade");
    if (!lock) return cli::exit_bad_input;
    if (c.fresh) fs::remove(c.options.out_dir / "journal.jsonl");
    return report_results(judge::grade(contest, c.options), c.options.out_dir);
}

int grade_shard(GradeCommand& c, const judge::Contest& contest) {
    auto parsed = *c.shard == "auto" ? judge::shard_from_environment([](const char* n) { return std::getenv(n); })
                                     : judge::parse_shard(*c.shard);
    if (auto* why = std::get_if<std::string>(&parsed)) {
        std::cerr << "sudoku-judge grade: " << *why << " (see --help)\n";
        return cli::exit_bad_input;
    }
    const judge::Shard shard = std::get<judge::Shard>(parsed);
    c.options.out_dir =
        c.out.value_or(fs::path(c.contest_file).parent_path() / ("judge-shard-" + std::to_string(shard.index)));
    const auto lock = claim_out_dir(contest, c.options.out_dir, "grade");
    if (!lock) return cli::exit_bad_input;
    if (c.fresh) judge::discard_shard_work(c.options.out_dir);
    if (auto why = judge::shard_out_problem(contest, shard, c.options.out_dir)) {
        std::cerr << "sudoku-judge grade: " << *why << "\n";
        return cli::exit_bad_input;
    }
    const judge::PlannedShard planned = judge::plan_shards(contest, shard.count)[static_cast<size_t>(shard.index)];
    std::cerr << "shard " << shard.index << "/" << shard.count << ": " << planned.submissions.size() << " of "
              << judge::all_submissions(contest).size() << " submissions, estimated work " << planned.estimate_s
              << " s (tests x time limit)\n";
    const auto key = shard_key_or_report(contest, c.key, true, "grade");
    if (!key) return cli::exit_bad_input;
    auto graded = judge::grade_shard(contest, shard, c.options, *key);
    if (auto* why = std::get_if<std::string>(&graded)) {
        std::cerr << "sudoku-judge grade: " << *why << "\n";
        return cli::exit_bad_input;
    }
    const int faults = judge::count_judge_faults(std::get<judge::ContestResults>(graded));
    std::cout << "shard " << shard.index << "/" << shard.count << " done: " << c.options.out_dir.string()
              << "\nwhen every shard is done, merge them with: " << judge_path() << " merge " << c.contest_file
              << " --out DIR SHARD_DIR...\n";
    if (faults == 0) return cli::exit_done;
    std::cout << "judge faults: " << faults << " result(s) of this shard are FAIL (the judge's fault): exit status 3\n";
    return cli::exit_done_with_caveat;
}

// "auto" or i/n as parse_shard reads it, checked while parsing so that the message names --shard.
CLI::Validator shard_text() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            if (text == "auto") return "";
            if (text.find('/') == std::string::npos) return "expected i/n (e.g. 0/3) or auto, found '" + text + "'";
            auto parsed = judge::parse_shard(text);
            auto* why = std::get_if<std::string>(&parsed);  // "--shard 3/3: the shard index must be in 0..2"
            return why ? "found '" + text + "'" + why->substr(why->find(':')) : "";
        },
        "", "shard");
}

}  // namespace

Command add_grade_command(CLI::App& judge) {
    auto c = std::make_shared<GradeCommand>();
    CLI::App* app = cli::add_command(
        judge, {.name = "grade",
                .summary = "compile, run, check and score every submission; write the reports",
                .usage = "sudoku-judge grade CONTEST.yaml [--out DIR] [--jobs N] [--fresh] [--no-namespaces]\n"
                         "                          [--no-cgroups] [--shard I/N | --shard auto]",
                .description = kDescription,
                .footer = kFooter});
    app->add_option("CONTEST.yaml", c->contest_file, "the contest file")->required();
    app->add_option("--out", c->out, "the results folder (default: judge-out next to CONTEST.yaml)")->type_name("DIR");
    add_run_options(*app, c->options);
    app->add_flag("--fresh", c->fresh, "discard DIR/journal.jsonl and grade everything again");
    app->add_option("--shard", c->shard, "grade only shard I of N (0-based), or the scheduler's shard (auto)")
        ->type_name("I/N|auto")
        ->check(shard_text());
    app->add_option("--key", c->key, kKeyOptionHelp)->type_name("FILE");
    return {app, [c] {
                auto contest = load_contest_or_report(c->contest_file);
                if (!contest) return int(cli::exit_bad_input);
                show_progress(c->options);
                c->options.stop = &stop_on_signals();
                try {
                    return c->shard ? grade_shard(*c, *contest) : grade_all(*c, *contest);
                } catch (const judge::GradingInterrupted& e) {
                    return interrupted(e);
                }
            }};
}

}  // namespace sudoku::judge_cli
