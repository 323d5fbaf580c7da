// Scale-out: grading a deterministic slice of a contest on each of n machines, and merging the
// slices into the results of one run.
//
// The unit of work is a submission, a (contestant, problem) pair: contestants sorted by name,
// problems in contest order, pair k belongs to shard k mod n. A shard grades its pairs with the
// judge's own grade() into its own directory (journal.jsonl, build/, shard.json); `merge` takes
// each shard's own pairs from its journal into one journal and lets grade() assemble the results
// from it, so results.json, results.csv and report.html come from the same code as a single run.
// docs/scale-out.md describes the shared storage this assumes.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sudoku/grader.hpp"

namespace sudoku::judge {

struct Shard {
    int index = 0;  // 0-based
    int count = 1;
};

// "i/n" with 0 <= i < n, or an error message naming what is wrong.
std::variant<Shard, std::string> parse_shard(std::string_view text);

// The shard of this process from a scheduler's environment: a Slurm job array
// (SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN, of SLURM_ARRAY_TASK_COUNT) or a Kubernetes Indexed
// Job (JOB_COMPLETION_INDEX, of SUDOKU_SHARD_COUNT, which the manifest sets to its completions).
// `getenv` is a parameter so that tests can give an environment.
std::variant<Shard, std::string> shard_from_environment(const std::function<const char*(const char*)>& getenv);

struct Submission {
    std::string contestant, problem;
    bool operator==(const Submission&) const = default;
};

// Every submission of the contest in shard order (contestants sorted, problems in contest order).
std::vector<Submission> all_submissions(const Contest& contest);

// The submissions shard `shard` grades.
std::vector<Submission> shard_submissions(const Contest& contest, Shard shard);

// Grades only the submissions `selected` accepts (the others are journaled as not submitted, so
// grade() skips them) into options.out_dir. Used by shards and by calibration.
ContestResults grade_selected(const Contest& contest, const GradeOptions& options,
                              const std::function<bool(const Submission&)>& selected);

// Grades shard `shard` into options.out_dir and writes out_dir/shard.json (index, count, its
// submissions): what `merge` reads. Returns the shard's results (the other shards' submissions
// "not selected"), whose judge faults the CLI counts.
ContestResults grade_shard(const Contest& contest, Shard shard, const GradeOptions& options);

// Merges shard directories (all n of them, each once) into options.out_dir, its journal and its
// reports (results.json, results.csv, report.html) built aside and renamed into place, and returns
// the results, equal to a single run's; an error message (and nothing written) when a shard is
// missing, duplicated, from another contest, or unfinished, or when options.out_dir is, contains
// or lies inside a shard's folder.
std::variant<ContestResults, std::string> merge_shards(const Contest& contest,
                                                       const std::vector<std::filesystem::path>& shard_dirs,
                                                       const GradeOptions& options);

}  // namespace sudoku::judge
