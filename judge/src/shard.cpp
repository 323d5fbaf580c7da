// Scale-out: shards grade slices of the submissions; merge assembles them through grade() itself.
#include "sudoku/shard.hpp"

#include <charconv>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "sudoku/durable_file.hpp"
#include "sudoku/grading_inputs.hpp"
#include "sudoku/journal.hpp"
#include "sudoku/merge_folder.hpp"
#include "sudoku/report.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

constexpr const char* kShardSchema = "sudoku-judge-shard/1";

std::optional<int> to_int(std::string_view s) {
    int v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
    return v;
}

std::variant<Shard, std::string> make_shard(std::optional<int> index, std::optional<int> count,
                                            const std::string& what) {
    if (!index || !count) return what + ": expected whole numbers";
    if (*count < 1) return what + ": the shard count must be at least 1";
    if (*index < 0 || *index >= *count) return what + ": the shard index must be in 0.." + std::to_string(*count - 1);
    return Shard{*index, *count};
}

// The build directory grade() uses for a submission (judge/src/grader.cpp: out/build/<c>/<p>/<p>).
fs::path binary_of(const fs::path& out, const Submission& s) {
    return out / "build" / s.contestant / s.problem / s.problem;
}

// Copies each shard's own records (with the hashes of their inputs) into out/journal.jsonl, and
// the binaries grade() needs to reuse a compile; an error names an unfinished shard.
// Also collects each shard's weakest protections: a merged report shows what ran where.
std::optional<std::string> merge_journals(const Contest& contest, const std::map<int, fs::path>& by_index, int count,
                                          const fs::path& out, std::vector<std::pair<int, Protections>>& protections) {
    {  // closed before grade() opens it again
        Journal merged(out / "journal.jsonl");
        for (const auto& [index, dir] : by_index) {
            const Journal shard(fs::absolute(dir) / "journal.jsonl", JournalAccess::read_only);
            std::vector<TestResult> shard_tests;
            for (const Submission& s : shard_submissions(contest, Shard{index, count})) {
                std::string where = dir.string() + ": " + s.contestant + " " + s.problem;
                auto compiled = shard.compile_entry(s.contestant, s.problem);
                if (!compiled) return where + " was not graded (the shard did not finish: run it again)";
                merged.append(compiled->record, compiled->inputs);
                if (compiled->record.status != CompileStatus::ok) continue;
                // grade() reuses a journaled compile only when the binary is there.
                fs::create_directories(binary_of(out, s).parent_path());
                std::error_code ec;
                fs::copy_file(binary_of(fs::absolute(dir), s), binary_of(out, s), fs::copy_options::overwrite_existing,
                              ec);
                for (const auto& p : contest.problems) {
                    if (p.config.name != s.problem) continue;
                    for (const auto& t : p.tests) {
                        auto r = shard.test_entry(s.contestant, s.problem, t.name);
                        if (!r)
                            return where + " test " + t.name +
                                   " was not graded (the shard did not finish: run it again)";
                        merged.append(r->record, r->inputs);
                        shard_tests.push_back(r->record);
                    }
                }
            }
            if (auto p = weakest_of(shard_tests)) protections.emplace_back(index, *p);
        }
    }
    return std::nullopt;
}

}  // namespace

std::variant<Shard, std::string> parse_shard(std::string_view text) {
    auto slash = text.find('/');
    if (slash == std::string_view::npos) return "--shard " + std::string(text) + ": expected i/n, e.g. 0/3";
    return make_shard(to_int(text.substr(0, slash)), to_int(text.substr(slash + 1)), "--shard " + std::string(text));
}

std::variant<Shard, std::string> shard_from_environment(const std::function<const char*(const char*)>& getenv) {
    auto var = [&](const char* name) -> std::optional<std::string> {
        const char* v = getenv(name);
        return v ? std::optional<std::string>(v) : std::nullopt;
    };
    if (auto id = var("SLURM_ARRAY_TASK_ID")) {
        auto count = var("SLURM_ARRAY_TASK_COUNT");
        if (!count) return std::string("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not");
        // --array=1-3 numbers tasks from 1: the index is relative to the array's first task.
        std::optional<int> index = to_int(*id), min = to_int(var("SLURM_ARRAY_TASK_MIN").value_or("0"));
        if (index && min) index = *index - *min;
        return make_shard(index, to_int(*count), "SLURM_ARRAY_TASK_ID=" + *id + " of SLURM_ARRAY_TASK_COUNT=" + *count);
    }
    if (auto index = var("JOB_COMPLETION_INDEX")) {
        auto count = var("SUDOKU_SHARD_COUNT");
        if (!count)
            return std::string("JOB_COMPLETION_INDEX is set but SUDOKU_SHARD_COUNT (the Job's completions) is not");
        return make_shard(to_int(*index), to_int(*count),
                          "JOB_COMPLETION_INDEX=" + *index + " of SUDOKU_SHARD_COUNT=" + *count);
    }
    return std::string("--shard auto: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set");
}

std::vector<Submission> all_submissions(const Contest& contest) {
    std::vector<Submission> all;
    for (const auto& c : list_contestants(contest.contestants_dir))
        for (const auto& p : contest.problems) all.push_back({c, p.config.name});
    return all;
}

std::vector<Submission> shard_submissions(const Contest& contest, Shard shard) {
    std::vector<Submission> all = all_submissions(contest), mine;
    for (size_t k = 0; k < all.size(); ++k)
        if (static_cast<int>(k % shard.count) == shard.index) mine.push_back(all[k]);
    return mine;
}

ContestResults grade_selected(const Contest& contest, const GradeOptions& options,
                              const std::function<bool(const Submission&)>& selected) {
    fs::create_directories(options.out_dir);
    {
        // grade() skips what its journal already holds: a submission journaled as not submitted
        // is neither compiled nor run. The journal stays resumable like any other.
        Journal journal(fs::absolute(options.out_dir) / "journal.jsonl");
        const GradingInputs inputs(contest);
        for (const Submission& s : all_submissions(contest)) {
            const std::string decided_by = inputs.of_compile(s.contestant, s.problem);
            auto old = journal.compile_entry(s.contestant, s.problem);
            if (!selected(s) && !(old && old->inputs == decided_by))
                journal.append(
                    CompileRecord{s.contestant, s.problem, CompileStatus::missing, "not selected for this run"},
                    decided_by);
        }
    }
    return grade(contest, options);
}

ContestResults grade_shard(const Contest& contest, Shard shard, const GradeOptions& options) {
    std::vector<Submission> mine = shard_submissions(contest, shard);
    std::set<std::pair<std::string, std::string>> owned;
    for (const auto& s : mine) owned.insert({s.contestant, s.problem});
    ContestResults results = grade_selected(contest, options, [&](const Submission& s) {
        return owned.count({s.contestant, s.problem}) > 0;
    });

    nlohmann::json j;
    j["schema"] = kShardSchema;
    j["contest"] = contest.name;
    j["index"] = shard.index;
    j["count"] = shard.count;
    j["submissions"] = nlohmann::json::array();
    for (const auto& s : mine) j["submissions"].push_back({s.contestant, s.problem});
    write_file_durably(options.out_dir / "shard.json", j.dump(2) + "\n");
    return results;
}

std::variant<ContestResults, std::string> merge_shards(const Contest& contest, const std::vector<fs::path>& shard_dirs,
                                                       const GradeOptions& options) {
    std::map<int, fs::path> by_index;
    int count = -1;
    for (const auto& dir : shard_dirs) {
        fs::path file = dir / "shard.json";
        std::ifstream in(file);
        if (!in) return file.string() + ": cannot read (is this a shard's --out directory?)";
        nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
        if (j.is_discarded() || j.value("schema", "") != kShardSchema) return file.string() + ": not a shard record";
        if (j.value("contest", "") != contest.name)
            return file.string() + ": a shard of contest '" + j.value("contest", "") + "', not '" + contest.name + "'";
        int index = j.value("index", -1), n = j.value("count", -1);
        if (count != -1 && n != count)
            return file.string() + ": shard of " + std::to_string(n) + ", the others are of " + std::to_string(count);
        count = n;
        if (!by_index.emplace(index, dir).second)
            return file.string() + ": shard " + std::to_string(index) + " given twice (also " +
                   by_index[index].string() + ")";
    }
    if (count < 1 || static_cast<int>(by_index.size()) != count) {
        std::string missing;
        for (int i = 0; i < count; ++i)
            if (!by_index.count(i)) missing += (missing.empty() ? "" : ", ") + std::to_string(i);
        return "shards missing: " + (count < 1 ? std::string("all") : missing) + " (of " + std::to_string(count) + ")";
    }

    if (auto why = merge_target_problem(options.out_dir, shard_dirs)) return *why;
    // Built aside and renamed into place: a merge that fails leaves nothing, one that succeeds
    // replaces an earlier merge at once.
    MergeFolder folder(options.out_dir);
    std::vector<std::pair<int, Protections>> shard_protections;
    GradeOptions aside = options;
    aside.out_dir = folder.temp();
    if (auto why = merge_journals(contest, by_index, count, folder.temp(), shard_protections)) return *why;
    ContestResults results = grade(contest, aside);
    results.shard_protections = std::move(shard_protections);
    write_reports(results, folder.temp());
    folder.commit();
    return results;
}

}  // namespace sudoku::judge
