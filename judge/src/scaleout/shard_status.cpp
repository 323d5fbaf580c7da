// Checking shard folders against the contest (sudoku/shard_status.hpp): one folder at a time, then
// the set (every index once, every submission once).
#include "sudoku/shard_status.hpp"

#include <cctype>
#include <fstream>
#include <map>

#include "sudoku/sha256.hpp"
#include "sudoku/version.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

// More shards than this is a damaged shard.json, not a plan.
constexpr int kMostShards = 1 << 20;

std::string named(const Submission& s) { return s.contestant + " " + s.problem; }

std::string shard_name(Shard s) { return "shard " + std::to_string(s.index) + "/" + std::to_string(s.count); }

nlohmann::json submissions_json(const std::vector<Submission>& submissions) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& s : submissions) list.push_back({s.contestant, s.problem});
    return list;
}

const ContestProblem* problem_named(const Contest& contest, const std::string& name) {
    for (const auto& p : contest.problems)
        if (p.config.name == name) return &p;
    return nullptr;
}

// How many of `submissions` the journal holds every current record of (for the progress status shows).
size_t graded_count(const Contest& contest, const GradingInputs& inputs, const Journal& journal,
                    const std::vector<Submission>& submissions) {
    size_t graded = 0;
    for (const auto& s : submissions)
        graded += std::holds_alternative<ShardRecords>(shard_records(contest, inputs, journal, {s}));
    return graded;
}

// The folder's state from shard.json and journal.jsonl; `plan` is the contest's plan for the
// folder's count (computed by the caller once per count).
void inspect(ShardFolder& f, const Contest& contest, const GradingInputs& inputs,
             const std::map<int, std::vector<PlannedShard>>& plans) {
    const fs::path file = f.dir / "shard.json";
    std::ifstream in(file);
    std::error_code ec;
    if (!in) {
        f.state = ShardState::unfinished;
        f.why = file.string() + " is absent: the shard did not finish (" +
                (fs::exists(f.dir, ec) ? "it stopped before grading began" : "the folder does not exist") + ")";
        return;
    }
    const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        f.state = ShardState::mismatched;
        f.why = file.string() + ": not JSON";
        return;
    }
    f.shard = {j.value("index", -1), j.value("count", 0)};
    f.state = ShardState::mismatched;
    if (j.value("schema", "") != kShardSchema) {
        f.why = file.string() + ": a shard record of schema '" + j.value("schema", "") + "', not " + kShardSchema +
                " (an older judge's): grade the shard again";
        return;
    }
    if (f.shard.count < 1 || f.shard.count > kMostShards || f.shard.index < 0 || f.shard.index >= f.shard.count) {
        f.why = file.string() + ": index " + std::to_string(f.shard.index) + " of count " +
                std::to_string(f.shard.count) + " is no shard";
        f.shard = {-1, 0};
        return;
    }
    // One judge's rules and measurements per contest: a shard graded by another build is graded again.
    if (const std::string version = j.value("judge_version", "unknown"); version != toolkit_version()) {
        f.why = file.string() + ": " + shard_name(f.shard) + " was graded by sudoku-judge " + version +
                ", this is sudoku-judge " + toolkit_version() + ": grade it again with this judge";
        return;
    }
    if (j.value("fingerprint", "") != inputs.fingerprint()) {
        f.why = file.string() + ": " + shard_name(f.shard) +
                " was graded for another version of the contest (its contestants, submissions, problems, tests "
                "or settings differ from " +
                contest.source.string() + ")";
        return;
    }
    const PlannedShard& planned = plans.at(f.shard.count)[static_cast<size_t>(f.shard.index)];
    f.estimate_s = planned.estimate_s;
    f.submissions = planned.submissions;
    const nlohmann::json identity = shard_identity(f.shard, inputs.fingerprint(), planned.submissions);
    if (j.value("submissions", nlohmann::json()) != identity["submissions"]) {
        f.why = file.string() + ": lists other submissions than the plan gives " + shard_name(f.shard);
        return;
    }
    const Journal journal(f.dir / "journal.jsonl", JournalAccess::read_only);
    if (!journal.shard().is_null() && journal.shard() != identity) {
        f.why = (f.dir / "journal.jsonl").string() + " is not " + shard_name(f.shard) +
                "'s journal (its first line names another shard)";
        return;
    }
    f.graded = graded_count(contest, inputs, journal, planned.submissions);
    f.state = ShardState::unfinished;
    auto records = shard_records(contest, inputs, journal, planned.submissions);
    if (!j.value("finished", false)) {
        f.why = shard_name(f.shard) +
                " did not finish (cancelled, failed or still running): " + std::to_string(f.graded) + " of " +
                std::to_string(f.submissions.size()) + " submissions graded";
        return;
    }
    if (auto* why = std::get_if<std::string>(&records)) {
        f.why = *why + " (the shard did not finish: run it again)";
        return;
    }
    f.records = std::get<ShardRecords>(std::move(records));
    if (journal.shard() != identity || f.records.sha256() != j.value("records_sha256", "")) {
        f.state = ShardState::mismatched;
        f.why = (f.dir / "journal.jsonl").string() + ": its records are not those " + shard_name(f.shard) +
                " finished with (the journal was changed afterwards)";
        f.records = {};
        return;
    }
    f.state = ShardState::finished;
}

// Where shard `index` would be: beside the others when their names end in their index (out/shard-0).
fs::path folder_of_missing(const std::vector<ShardFolder>& known, int index) {
    fs::path guess;
    for (const auto& f : known) {
        if (f.shard.index < 0 || f.state == ShardState::missing) continue;
        const std::string name = f.dir.filename().string(), suffix = std::to_string(f.shard.index);
        if (name.size() <= suffix.size() || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
            return "";
        fs::path mine = f.dir.parent_path() / (name.substr(0, name.size() - suffix.size()) + std::to_string(index));
        if (!guess.empty() && guess != mine) return "";
        guess = mine;
    }
    return guess;
}

// The folder's index when shard.json cannot say: the number its name ends with (out/shard-1).
int index_from_name(const fs::path& dir, int count) {
    const std::string name = dir.filename().string();
    size_t digits = name.size();
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1]))) --digits;
    if (digits == name.size() || name.size() - digits > 6) return -1;
    const int index = std::stoi(name.substr(digits));
    return index < count ? index : -1;
}

}  // namespace

std::string ShardRecords::sha256() const {
    std::string all;
    for (const auto& c : compiles)
        all += nlohmann::json{{"compile", to_json(c.record)}, {"inputs", c.inputs}}.dump(-1, ' ', false, kInvalidUtf8) +
               "\n";
    for (const auto& t : tests)
        all +=
            nlohmann::json{{"test", to_json(t.record)}, {"inputs", t.inputs}}.dump(-1, ' ', false, kInvalidUtf8) + "\n";
    return sha256_hex(all);
}

nlohmann::json shard_identity(Shard shard, const std::string& fingerprint, const std::vector<Submission>& submissions) {
    return {{"index", shard.index},
            {"count", shard.count},
            {"fingerprint", fingerprint},
            {"submissions", submissions_json(submissions)}};
}

std::variant<ShardRecords, std::string> shard_records(const Contest& contest, const GradingInputs& inputs,
                                                      const Journal& journal,
                                                      const std::vector<Submission>& submissions) {
    ShardRecords records;
    for (const auto& s : submissions) {
        const ContestProblem* problem = problem_named(contest, s.problem);
        auto compiled = journal.compile_entry(s.contestant, s.problem);
        if (!problem || !compiled || compiled->inputs != inputs.of_compile(s.contestant, s.problem))
            return named(s) + " was not graded";
        records.compiles.push_back(*compiled);
        if (compiled->record.status != CompileStatus::ok) continue;
        for (const auto& t : problem->tests) {
            auto r = journal.test_entry(s.contestant, s.problem, t.name);
            if (!r || r->inputs != inputs.of_test(s.contestant, s.problem, t.name))
                return named(s) + " test " + t.name + " was not graded";
            records.tests.push_back(*r);
        }
    }
    return records;
}

bool ShardSurvey::complete() const {
    if (count < 1 || !conflicts.empty()) return false;
    for (const auto& f : shards)
        if (f.state != ShardState::finished) return false;
    return true;
}

std::vector<ShardRerun> ShardSurvey::reruns() const {
    std::vector<ShardRerun> runs;
    for (const auto& f : shards)
        if (f.state != ShardState::finished && f.shard.index >= 0)
            runs.push_back({f.shard, f.dir, f.state == ShardState::mismatched});
    return runs;
}

ShardSurvey survey_shards(const Contest& contest, const std::vector<fs::path>& dirs) {
    const GradingInputs inputs(contest);
    std::map<int, std::vector<PlannedShard>> plans;
    std::vector<ShardFolder> folders;
    std::map<int, int> counts;  // count -> folders that say it
    for (const auto& dir : dirs) {
        ShardFolder f;
        f.dir = dir;
        // The plan of whatever count shard.json names, computed once per count.
        std::ifstream in(dir / "shard.json");
        const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
        const int n = j.is_object() ? j.value("count", 0) : 0;
        if (n >= 1 && n <= kMostShards && !plans.count(n)) plans[n] = plan_shards(contest, n);
        inspect(f, contest, inputs, plans);
        if (f.shard.count >= 1) ++counts[f.shard.count];
        folders.push_back(std::move(f));
    }

    ShardSurvey survey;
    for (const auto& [n, how_many] : counts)
        if (survey.count == 0 || how_many > counts[survey.count]) survey.count = n;
    for (const auto& f : folders)
        if (f.shard.count >= 1 && f.shard.count != survey.count)
            survey.conflicts.push_back(f.dir.string() + " is " + shard_name(f.shard) + ", the others are of " +
                                       std::to_string(survey.count) + ": the shards of one merge share one count");
    if (survey.count == 0) {
        survey.conflicts.push_back("no shard.json in any of the folders given: no shard is known to have started");
        survey.shards = std::move(folders);
        return survey;
    }
    if (!plans.count(survey.count)) plans[survey.count] = plan_shards(contest, survey.count);
    std::vector<std::vector<ShardFolder>> by_index(static_cast<size_t>(survey.count));
    std::vector<ShardFolder> unplaced;
    for (auto& f : folders) {
        if (f.shard.index < 0) {
            const int guess = index_from_name(f.dir, survey.count);
            if (guess >= 0) f.shard = {guess, survey.count};
        }
        if (f.shard.index >= 0 && f.shard.count == survey.count)
            by_index[static_cast<size_t>(f.shard.index)].push_back(std::move(f));
        else
            unplaced.push_back(std::move(f));
    }
    const auto& plan = plans.at(survey.count);
    std::map<Submission, std::vector<int>> covered;
    for (int i = 0; i < survey.count; ++i) {
        auto& given = by_index[static_cast<size_t>(i)];
        if (given.size() > 1)
            survey.conflicts.push_back("shard " + std::to_string(i) + "/" + std::to_string(survey.count) +
                                       " given twice: " + given[0].dir.string() + " and " + given[1].dir.string());
        if (given.empty()) {
            ShardFolder missing;
            missing.shard = {i, survey.count};
            missing.estimate_s = plan[static_cast<size_t>(i)].estimate_s;
            missing.submissions = plan[static_cast<size_t>(i)].submissions;
            missing.why = shard_name(missing.shard) + " is missing: no folder given holds it";
            given.push_back(std::move(missing));
        }
        for (const auto& f : given)
            if (f.state == ShardState::finished)
                for (const auto& s : plan[static_cast<size_t>(i)].submissions) covered[s].push_back(i);
    }
    for (const auto& s : all_submissions(contest)) {
        const auto& by = covered[s];
        if (by.size() > 1)
            survey.conflicts.push_back(named(s) + " is graded by more than one finished shard (" +
                                       std::to_string(by[0]) + " and " + std::to_string(by[1]) + ")");
    }
    std::vector<ShardFolder> placed;
    for (auto& given : by_index)
        for (auto& f : given) placed.push_back(std::move(f));
    // A missing shard's folder is guessed from the names of all the others.
    for (auto& f : placed)
        if (f.state == ShardState::missing) f.dir = folder_of_missing(placed, f.shard.index);
    for (auto& f : unplaced) placed.push_back(std::move(f));
    survey.shards = std::move(placed);
    return survey;
}

}  // namespace sudoku::judge
