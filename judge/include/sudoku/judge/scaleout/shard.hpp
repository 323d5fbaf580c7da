// Scale-out: grading a slice of a contest on each of n machines, and merging the slices into the
// results of one run.
//
// The plan (sudoku/judge/scaleout/shard_plan.hpp) gives each shard its (contestant, problem) pairs, balanced by
// estimated work. A shard grades its pairs with the judge's own grade() into its own directory
// (journal.jsonl, build/, shard.json: sudoku/judge/scaleout/shard_status.hpp); `merge` checks that the shards are
// finished, of this contest and cover every pair once, copies their records into one journal and
// assembles the results from it with the code of a single run. It never runs a test.
// docs/scale-out.md describes the shared storage this assumes.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sudoku/judge/grading/grader.hpp"
#include "sudoku/judge/scaleout/shard_plan.hpp"
#include "sudoku/judge/scaleout/shard_status.hpp"

namespace sudoku::judge {

// "i/n" with 0 <= i < n, or an error message naming what is wrong.
std::variant<Shard, std::string> parse_shard(std::string_view text);

// The variable that gives `--shard auto` its n, for every scheduler.
inline constexpr const char* kShardCountVariable = "SUDOKU_SHARD_COUNT";

// `--shard auto`: i from the scheduler, n from SUDOKU_SHARD_COUNT, never from the scheduler, so
// that a stepped, partial or single-index re-run grades the same shards. i is SLURM_ARRAY_TASK_ID
// (a Slurm job array numbered 0..n-1) or JOB_COMPLETION_INDEX (a Kubernetes Indexed Job).
// `getenv` is a parameter so that tests can give an environment.
std::variant<Shard, std::string> shard_from_environment(const std::function<const char*(const char*)>& getenv);

// The submissions shard `shard` grades (its part of the plan).
std::vector<Submission> shard_submissions(const Contest& contest, Shard shard);

// Grades only the submissions `selected` accepts into options.out_dir (the others stay "not
// graded").
ContestResults grade_selected(const Contest& contest, const GradeOptions& options,
                              const std::function<bool(const Submission&)>& selected);

// Why `out` cannot take shard `shard`'s work: it holds another shard's (another i/n, or another
// version of the contest) or a journal that is no shard's. Nothing when it is empty or this shard's.
std::optional<std::string> shard_out_problem(const Contest& contest, Shard shard, const std::filesystem::path& out);

// Removes what --fresh discards of a shard's folder: its journal and shard.json.
void discard_shard_work(const std::filesystem::path& out);

// Grades shard `shard` into options.out_dir: shard.json (unfinished) first, then the journal, then
// shard.json finished. Returns the shard's results (the other shards' submissions "not graded"),
// whose judge faults the CLI counts, or why options.out_dir cannot take this shard. The records are
// tagged with `key` (kept outside options.out_dir).
std::variant<ContestResults, std::string> grade_shard(const Contest& contest, Shard shard, const GradeOptions& options,
                                                      const ShardKey& key);

// Why a merge did not happen, and the shards to run again before it can.
struct MergeRefusal {
    std::string why;
    std::vector<ShardRerun> reruns;
};

// Merges shard directories into `out` (its journal and its reports results.json, results.csv,
// report.html built aside and renamed into place) and returns the results, equal to a single
// run's; refused (nothing written) unless every shard of the contest is given once and finished
// with the contest's current fingerprint and records tagged under `key`, or when `out` is, contains
// or lies inside a shard's folder.
std::variant<ContestResults, MergeRefusal> merge_shards(const Contest& contest,
                                                        const std::vector<std::filesystem::path>& shard_dirs,
                                                        const std::filesystem::path& out, const ShardKey& key);

}  // namespace sudoku::judge
