// What a set of shard folders holds, checked against the contest as it is now: each shard finished,
// unfinished, missing or mismatched (graded for other inputs, or its journal changed after it
// finished), and what must be run again. `sudoku-judge status` prints it; `merge` assembles only
// when every shard is finished and the shards cover every submission exactly once.
//
// A shard folder holds shard.json (written when the shard starts, finished when it ends):
//   {"schema": "sudoku-judge-shard/2", "contest": name, "fingerprint": F, "index": i, "count": n,
//    "estimate_s": x, "submissions": [[contestant, problem], ...], "finished": true,
//    "records_hmac_sha256": M}
// and journal.jsonl, which opens with {"shard": {index, count, fingerprint, submissions}}.
// F is the contest's fingerprint (sudoku/judge/contest/grading_inputs.hpp); M is the HMAC-SHA-256, under the
// contest's shard key, of the shard's identity and the records it finished with: a journal edited
// afterwards is not taken, and without the key no one can make a tag for edited records (a plain
// hash anyone recomputes). The key and what it protects against: docs/scale-out.md.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sudoku/common/enum_names.hpp"
#include "sudoku/judge/contest/grading_inputs.hpp"
#include "sudoku/judge/output/journal.hpp"
#include "sudoku/judge/scaleout/shard_plan.hpp"

namespace sudoku::judge {

inline constexpr const char* kShardSchema = "sudoku-judge-shard/3";

// The secret that authenticates shard records: read from a key file that lives beside the contest
// (CONTEST_DIR/.judge-key, sudoku/judge/contest/contest.hpp: default_shard_key_file, or `--key FILE`),
// never inside a shard's folder.
struct ShardKey {
    std::string secret;
    std::filesystem::path file;
};

// The key in `file`; when it is absent and `create`, a new one (32 random bytes as hex, mode 0600,
// made atomically, so that shards starting together on shared storage agree on one). Otherwise why
// not: absent, a link, not a regular file, readable by others than its owner, or too short.
std::variant<ShardKey, std::string> load_shard_key(const std::filesystem::path& file, bool create);

// Why `key_file` cannot serve these shard folders: it lies inside one (whoever can write a shard's
// folder could then read the key), or nothing.
std::optional<std::string> key_inside_shards(const std::filesystem::path& key_file,
                                             const std::vector<std::filesystem::path>& shard_dirs);

enum class ShardState {
    finished,    // every record of its submissions, for the current inputs, as it finished them
    unfinished,  // cancelled, failed or still running (or never started grading): run it again
    missing,     // no folder given for this index
    mismatched,  // graded for other inputs, another shard's, or edited after it finished: run it --fresh
};
}  // namespace sudoku::judge

template <>
struct sudoku::EnumNames<sudoku::judge::ShardState> {
    static constexpr std::string_view names[] = {"finished", "unfinished", "missing", "mismatched"};
};

namespace sudoku::judge {

// The records a shard graded for its submissions, in submission order, as merge copies them.
struct ShardRecords {
    std::vector<Journaled<CompileRecord>> compiles;
    std::vector<Journaled<TestResult>> tests;
    // HMAC-SHA-256 under `key` of the shard's `identity` and these records, as hex.
    std::string mac(const ShardKey& key, const nlohmann::json& identity) const;
};

// {index, count, fingerprint, submissions}: what shard.json and the journal's first line both say.
nlohmann::json shard_identity(Shard shard, const std::string& fingerprint, const std::vector<Submission>& submissions);

// The records `journal` holds for `submissions`, each for the inputs of `inputs`; or why not
// (naming the first submission or test without one).
std::variant<ShardRecords, std::string> shard_records(const Contest& contest, const GradingInputs& inputs,
                                                      const Journal& journal,
                                                      const std::vector<Submission>& submissions);

struct ShardFolder {
    std::filesystem::path dir;  // where the shard's folder is (or would be, for a missing one)
    Shard shard{-1, 0};         // index -1: not known (the folder says nothing usable)
    ShardState state = ShardState::missing;
    std::string why;  // for all but finished: what is wrong, naming the file and the submission
    double estimate_s = 0;
    std::vector<Submission> submissions;  // the plan's for its index
    size_t graded = 0;                    // of them, how many have all their records
    ShardRecords records;                 // finished shards only
};

// Running this again makes the shard finished.
struct ShardRerun {
    Shard shard;
    std::filesystem::path out;  // "" when no folder name can be guessed
    bool fresh = false;         // its folder's work must be discarded first
};

struct ShardSurvey {
    int count = 0;                       // the shards' n (0: no shard says)
    std::vector<ShardFolder> shards;     // every index 0..n-1 (a missing one too), then folders of no index
    std::vector<std::string> conflicts;  // overlaps, gaps, disagreeing counts
    bool complete() const;               // every shard finished, no conflict
    std::vector<ShardRerun> reruns() const;
};

// Checks each folder of `dirs` against the contest and its plan of shards; a finished shard's
// records must carry the tag `key` makes.
ShardSurvey survey_shards(const Contest& contest, const std::vector<std::filesystem::path>& dirs, const ShardKey& key);

}  // namespace sudoku::judge
