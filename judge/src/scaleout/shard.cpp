// Scale-out: shards grade their part of the plan; merge checks and assembles their journals.
#include "sudoku/judge/scaleout/shard.hpp"

#include <sys/stat.h>

#include <charconv>
#include <nlohmann/json.hpp>
#include <set>

#include "grading/program_digest.hpp"
#include "sudoku/common/bounded_file.hpp"
#include "sudoku/common/version.hpp"
#include "sudoku/judge/contest/grading_inputs.hpp"
#include "sudoku/judge/files/durable_file.hpp"
#include "sudoku/judge/files/no_follow.hpp"
#include "sudoku/judge/output/journal.hpp"
#include "sudoku/judge/output/report.hpp"
#include "sudoku/judge/scaleout/merge_folder.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

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

std::string shard_name(Shard s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

// The build directory grade() uses for a submission (judge/src/grading/grader.cpp: out/build/<c>/<p>/<p>).
fs::path binary_of(const fs::path& out, const Submission& s) {
    return out / "build" / s.contestant / s.problem / s.problem;
}

// A finished shard whose kept program is not the one its tagged records say it compiled and ran:
// its folder was changed afterwards. A shard folder copied without build/ has nothing to compare.
std::optional<MergeRefusal> swapped_program(const ShardSurvey& survey) {
    for (const auto& f : survey.shards)
        for (const auto& c : f.records.compiles) {
            const fs::path program = binary_of(f.dir, {c.record.contestant, c.record.problem});
            struct stat st {};
            if (c.record.program_sha256.empty() || lstat(program.c_str(), &st) != 0) continue;
            if (program_sha256(program) != c.record.program_sha256)
                return MergeRefusal{program.string() + " is not the program shard " + shard_name(f.shard) +
                                        " compiled and ran (its SHA-256 differs from the tagged record): grade "
                                        "the shard again with --fresh",
                                    {ShardRerun{f.shard, f.dir, true}}};
        }
    return std::nullopt;
}

void write_shard_json(const fs::path& out, const Contest& contest, const nlohmann::json& identity,
                      const PlannedShard& planned, const std::optional<std::string>& records_mac) {
    nlohmann::json j = identity;
    j["schema"] = kShardSchema;
    j["judge_version"] = toolkit_version();
    j["contest"] = contest.name;
    j["estimate_s"] = planned.estimate_s;
    j["finished"] = records_mac.has_value();
    if (records_mac) j["records_hmac_sha256"] = *records_mac;
    write_file_durably(out / "shard.json", j.dump(2, ' ', false, kInvalidUtf8) + "\n");
}

// Copies each finished shard's records into out/journal.jsonl (the contest's fingerprint first, so
// that the merged folder resumes like a single run's), and the binaries of its compiles.
void merge_journals(const ShardSurvey& survey, const GradingInputs& inputs, const fs::path& out) {
    Journal merged(out / "journal.jsonl");
    merged.append_fingerprint(inputs.fingerprint());
    for (const auto& f : survey.shards) {
        for (const auto& c : f.records.compiles) {
            merged.append(c.record, c.inputs);
            if (c.record.status != CompileStatus::ok) continue;
            const Submission s{c.record.contestant, c.record.problem};
            fs::create_directories(binary_of(out, s).parent_path());
            std::error_code ignored;  // a binary only saves a later resume a compile
            fs::copy_file(binary_of(fs::absolute(f.dir), s), binary_of(out, s), fs::copy_options::overwrite_existing,
                          ignored);
        }
        for (const auto& t : f.records.tests) merged.append(t.record, t.inputs);
    }
}

std::string refusal_text(const ShardSurvey& survey) {
    std::string text = "not merged: the shards are not complete and consistent";
    for (const auto& c : survey.conflicts) text += "\n  " + c;
    for (const auto& f : survey.shards) {
        if (f.state == ShardState::finished) continue;
        text += "\n  " + std::string(to_string(f.state)) + ": " + (f.dir.empty() ? "" : f.dir.string() + ": ") + f.why;
        if (!f.submissions.empty()) {
            text += "; its submissions not merged: ";
            for (size_t k = 0; k < f.submissions.size() && k < 3; ++k)
                text += (k ? ", " : "") + f.submissions[k].contestant + " " + f.submissions[k].problem;
            if (f.submissions.size() > 3) text += ", ... (" + std::to_string(f.submissions.size()) + ")";
        }
    }
    return text;
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
    std::optional<std::string> index = var("SLURM_ARRAY_TASK_ID");
    std::string index_name = "SLURM_ARRAY_TASK_ID";
    if (!index) index = var("JOB_COMPLETION_INDEX"), index_name = "JOB_COMPLETION_INDEX";
    if (!index) return std::string("--shard auto: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set");
    auto count = var(kShardCountVariable);
    if (!count)
        return "--shard auto: " + index_name + " is set but " + kShardCountVariable +
               " (the number of shards) is not: the scheduler's own count changes with stepped or partial arrays, "
               "so the judge never takes it";
    return make_shard(to_int(*index), to_int(*count),
                      index_name + "=" + *index + " of " + kShardCountVariable + "=" + *count);
}

std::vector<Submission> shard_submissions(const Contest& contest, Shard shard) {
    return plan_shards(contest, shard.count)[static_cast<size_t>(shard.index)].submissions;
}

ContestResults grade_selected(const Contest& contest, const GradeOptions& options,
                              const std::function<bool(const Submission&)>& selected) {
    GradeOptions only = options;
    only.selected = [&](const std::string& contestant, const std::string& problem) {
        return selected(Submission{contestant, problem});
    };
    return grade(contest, only);
}

std::optional<std::string> shard_out_problem(const Contest& contest, Shard shard, const fs::path& out) {
    std::error_code ec;
    const bool has_journal = fs::exists(out / "journal.jsonl", ec);
    struct stat st {};
    if (lstat((out / "shard.json").c_str(), &st) != 0)
        return has_journal
                   ? std::optional("--out " + out.string() + " holds a journal that is no shard's: give shard " +
                                   shard_name(shard) + " its own --out, or --fresh to discard that journal")
                   : std::nullopt;
    const auto text = read_text_file(out / "shard.json", kMaxConfigBytes);
    if (const auto* refusal = std::get_if<Diagnostic>(&text)) return refusal->to_string();
    const nlohmann::json j = nlohmann::json::parse(std::get<std::string>(text), nullptr, false);
    const bool same = j.is_object() && j.value("schema", "") == kShardSchema && j.value("index", -1) == shard.index &&
                      j.value("count", 0) == shard.count &&
                      j.value("fingerprint", "") == GradingInputs(contest).fingerprint();
    if (same) return std::nullopt;
    std::string theirs =
        j.is_object() ? "shard " + std::to_string(j.value("index", -1)) + "/" + std::to_string(j.value("count", 0))
                      : "a shard";
    if (j.is_object() && j.value("fingerprint", "") != GradingInputs(contest).fingerprint())
        theirs += " of another version of the contest";
    return "--out " + out.string() + " holds the work of " + theirs + ", not of shard " + shard_name(shard) +
           ": give each shard its own --out, or --fresh to discard that work";
}

void discard_shard_work(const fs::path& out) {
    fs::remove(out / "journal.jsonl");
    fs::remove(out / "shard.json");
}

std::variant<ContestResults, std::string> grade_shard(const Contest& contest, Shard shard, const GradeOptions& options,
                                                      const ShardKey& key) {
    if (auto why = shard_out_problem(contest, shard, options.out_dir)) return *why;
    if (auto why = key_inside_shards(key.file, {options.out_dir})) return *why;
    const GradingInputs inputs(contest);
    const PlannedShard planned = plan_shards(contest, shard.count)[static_cast<size_t>(shard.index)];
    const nlohmann::json identity = shard_identity(shard, inputs.fingerprint(), planned.submissions);
    fs::create_directories(options.out_dir);
    write_shard_json(options.out_dir, contest, identity, planned, std::nullopt);
    const fs::path journal_file = own_folder(options.out_dir) / "journal.jsonl";
    {
        Journal journal(journal_file);  // closed before grade() opens it again
        if (journal.shard() != identity) journal.append_shard(identity);
    }
    const std::set<Submission> mine(planned.submissions.begin(), planned.submissions.end());
    ContestResults results = grade_selected(contest, options, [&](const Submission& s) { return mine.count(s) > 0; });

    const Journal journal(journal_file, JournalAccess::read_only);
    auto records = shard_records(contest, inputs, journal, planned.submissions);
    if (auto* r = std::get_if<ShardRecords>(&records))
        write_shard_json(options.out_dir, contest, identity, planned, r->mac(key, identity));
    return results;
}

std::variant<ContestResults, MergeRefusal> merge_shards(const Contest& contest, const std::vector<fs::path>& shard_dirs,
                                                        const fs::path& out, const ShardKey& key) {
    if (auto why = key_inside_shards(key.file, shard_dirs)) return MergeRefusal{*why, {}};
    const ShardSurvey survey = survey_shards(contest, shard_dirs, key);
    if (!survey.complete()) return MergeRefusal{refusal_text(survey), survey.reruns()};
    if (auto why = merge_target_problem(out, shard_dirs)) return MergeRefusal{*why, {}};
    if (auto swapped = swapped_program(survey)) return *swapped;

    // Built aside and renamed into place: a merge that fails leaves nothing, one that succeeds
    // replaces an earlier merge at once.
    MergeFolder folder(out);
    const GradingInputs inputs(contest);
    merge_journals(survey, inputs, folder.temp());
    const Journal merged(folder.temp() / "journal.jsonl", JournalAccess::read_only);
    std::vector<std::pair<int, Protections>> shard_protections;
    for (const auto& f : survey.shards) {
        std::vector<TestResult> tests;
        for (const auto& t : f.records.tests) tests.push_back(t.record);
        if (auto p = weakest_of(tests)) shard_protections.emplace_back(f.shard.index, *p);
    }
    // No run journaled at all (every submission missing or CE): no shard's probe is known, so the
    // contest claims no protection.
    ContestResults results = assemble_results(contest, merged, Protections{});
    results.shard_protections = std::move(shard_protections);
    write_reports(results, folder.temp());
    folder.commit();
    return results;
}

}  // namespace sudoku::judge
