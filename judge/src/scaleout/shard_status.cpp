// Checking shard folders against the contest (sudoku/judge/scaleout/shard_status.hpp): one folder at a time, then
// the set (every index once, every submission once).
#include "sudoku/judge/scaleout/shard_status.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <map>

#include "sudoku/common/bounded_file.hpp"
#include "sudoku/common/path_within.hpp"
#include "sudoku/common/sha256.hpp"
#include "sudoku/common/version.hpp"

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

// Whether shard.json's record `j` (read from `file`) is this judge's for this contest: its schema,
// a shard index within its count (f.shard, reset when not), the judge's version and the contest's
// fingerprint. When it is not, f.why says why.
bool record_matches(ShardFolder& f, const nlohmann::json& j, const fs::path& file, const Contest& contest,
                    const GradingInputs& inputs) {
    if (j.value("schema", "") != kShardSchema) {
        f.why = file.string() + ": a shard record of schema '" + j.value("schema", "") + "', not " + kShardSchema +
                " (an older judge's): grade the shard again";
        return false;
    }
    if (f.shard.count < 1 || f.shard.count > kMostShards || f.shard.index < 0 || f.shard.index >= f.shard.count) {
        f.why = file.string() + ": index " + std::to_string(f.shard.index) + " of count " +
                std::to_string(f.shard.count) + " is no shard";
        f.shard = {-1, 0};
        return false;
    }
    // One judge's rules and measurements per contest: a shard graded by another build is graded again.
    if (const std::string version = j.value("judge_version", "unknown"); version != toolkit_version()) {
        f.why = file.string() + ": " + shard_name(f.shard) + " was graded by sudoku-judge " + version +
                ", this is sudoku-judge " + toolkit_version() + ": grade it again with this judge";
        return false;
    }
    if (j.value("fingerprint", "") != inputs.fingerprint()) {
        f.why = file.string() + ": " + shard_name(f.shard) +
                " was graded for another version of the contest (its contestants, submissions, problems, tests "
                "or settings differ from " +
                contest.source.string() + ")";
        return false;
    }
    return true;
}

// The folder's state from shard.json and journal.jsonl; `plan` is the contest's plan for the
// folder's count (computed by the caller once per count).
void inspect(ShardFolder& f, const Contest& contest, const GradingInputs& inputs,
             const std::map<int, std::vector<PlannedShard>>& plans, const ShardKey& key) {
    const fs::path file = f.dir / "shard.json";
    std::error_code ec;
    struct stat st {};
    if (lstat(file.c_str(), &st) != 0) {
        f.state = ShardState::unfinished;
        f.why = file.string() + " is absent: the shard did not finish (" +
                (fs::exists(f.dir, ec) ? "it stopped before grading began" : "the folder does not exist") + ")";
        return;
    }
    const auto text = read_text_file(file, kMaxConfigBytes);
    if (const auto* refusal = std::get_if<Diagnostic>(&text)) {
        f.state = ShardState::mismatched;
        f.why = refusal->to_string();
        return;
    }
    const nlohmann::json j = nlohmann::json::parse(std::get<std::string>(text), nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        f.state = ShardState::mismatched;
        f.why = file.string() + ": not JSON";
        return;
    }
    f.shard = {j.value("index", -1), j.value("count", 0)};
    f.state = ShardState::mismatched;
    if (!record_matches(f, j, file, contest, inputs)) return;
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
    if (journal.shard() != identity ||
        !equal_in_constant_time(f.records.mac(key, identity), j.value("records_hmac_sha256", ""))) {
        f.state = ShardState::mismatched;
        f.why = (f.dir / "journal.jsonl").string() + ": its records are not those " + shard_name(f.shard) +
                " finished with under the key " + key.file.string() +
                " (the journal or shard.json was changed afterwards, or the shard was graded with another key)";
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

std::string ShardRecords::mac(const ShardKey& key, const nlohmann::json& identity) const {
    std::string all = identity.dump(-1, ' ', false, kInvalidUtf8) + "\n";
    for (const auto& c : compiles)
        all += nlohmann::json{{"compile", to_json(c.record)}, {"inputs", c.inputs}}.dump(-1, ' ', false, kInvalidUtf8) +
               "\n";
    for (const auto& t : tests)
        all +=
            nlohmann::json{{"test", to_json(t.record)}, {"inputs", t.inputs}}.dump(-1, ' ', false, kInvalidUtf8) + "\n";
    return hmac_sha256_hex(key.secret, all);
}

namespace {

// The key file's text: 64 hex digits of 32 bytes from the kernel's random source.
std::optional<std::string> new_key_text() {
    unsigned char bytes[32];
    for (size_t got = 0; got < sizeof bytes;) {
        const ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
        if (n < 0 && errno != EINTR) return std::nullopt;
        if (n > 0) got += static_cast<size_t>(n);
    }
    static const char* hex = "0123456789abcdef";
    std::string text;
    for (unsigned char b : bytes) text += {hex[b >> 4], hex[b & 15]};
    return text + "\n";
}

// Writes a new key to a private temporary beside `file`, then links it in: link() fails when
// `file` already exists, so two shards creating it at once both end up reading the one that won.
std::optional<std::string> create_key(const fs::path& file) {
    const auto text = new_key_text();
    if (!text) return "cannot draw random bytes for " + file.string() + ": " + std::strerror(errno);
    std::string temp = (file.parent_path() / (file.filename().string() + ".new-XXXXXX")).string();
    const int fd = mkostemp(temp.data(), O_CLOEXEC);  // mode 0600
    if (fd < 0) return "cannot create " + file.string() + ": " + std::strerror(errno);
    const bool written = write(fd, text->data(), text->size()) == static_cast<ssize_t>(text->size()) &&
                         fchmod(fd, 0600) == 0 && fsync(fd) == 0;
    const int error = errno;
    close(fd);
    const bool linked = written && (link(temp.c_str(), file.c_str()) == 0 || errno == EEXIST);
    const int link_error = errno;
    unlink(temp.c_str());
    if (!written) return "cannot write " + file.string() + ": " + std::strerror(error);
    if (!linked) return "cannot create " + file.string() + ": " + std::strerror(link_error);
    return std::nullopt;
}

}  // namespace

// A key file holds 64 hex digits and a newline; a longer one is still read (at least 32
// characters are asked), but nothing near this.
constexpr std::uintmax_t kMaxKeyBytes = 4096;

std::variant<ShardKey, std::string> load_shard_key(const fs::path& file, bool create) {
    struct stat st {};
    if (lstat(file.c_str(), &st) != 0 && errno == ENOENT) {
        if (!create)
            return "the shard key " + file.string() +
                   " does not exist: it is made by the first `grade --shard` of the contest (give its file with "
                   "--key FILE)";
        if (auto why = create_key(file)) return *why;
    }
    auto opened = open_bounded_file(file, kMaxKeyBytes, Links::refuse);
    if (const auto* refusal = std::get_if<Diagnostic>(&opened)) return "the shard key " + refusal->to_string();
    const OpenedFile& key = std::get<OpenedFile>(opened);
    // Whoever owns the key can rewrite it, and with it tag falsified records: only the judge's own.
    if (key.owner() != geteuid())
        return "the shard key " + file.string() + " is owned by uid " + std::to_string(key.owner()) +
               ", expected the judge's own (uid " + std::to_string(geteuid()) + "): chown it or make a new one";
    if ((key.mode() & 077) != 0)
        return "the shard key " + file.string() + " is readable or writable by others than its owner: chmod 600 it";
    auto read = read_opened_file(key, file.string(), kMaxKeyBytes);
    if (const auto* refusal = std::get_if<Diagnostic>(&read)) return "the shard key " + refusal->to_string();
    std::string text = std::move(std::get<std::string>(read));
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    if (text.size() < 32)
        return "the shard key " + file.string() + " holds " + std::to_string(text.size()) +
               " characters: a key has at least 32";
    return ShardKey{text, file};
}

std::optional<std::string> key_inside_shards(const fs::path& key_file, const std::vector<fs::path>& shard_dirs) {
    for (const auto& dir : shard_dirs)
        if (is_within(key_file, dir))
            return "the shard key " + key_file.string() + " lies inside the shard folder " + dir.string() +
                   ": whoever writes a shard's folder could read it; keep it beside the contest";
    return std::nullopt;
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

ShardSurvey survey_shards(const Contest& contest, const std::vector<fs::path>& dirs, const ShardKey& key) {
    const GradingInputs inputs(contest);
    std::map<int, std::vector<PlannedShard>> plans;
    std::vector<ShardFolder> folders;
    std::map<int, int> counts;  // count -> folders that say it
    for (const auto& dir : dirs) {
        ShardFolder f;
        f.dir = dir;
        // The plan of whatever count shard.json names, computed once per count.
        const auto text = read_text_file(dir / "shard.json", kMaxConfigBytes);
        const auto* bytes = std::get_if<std::string>(&text);
        const nlohmann::json j = nlohmann::json::parse(bytes ? *bytes : "", nullptr, false);
        const int n = j.is_object() ? j.value("count", 0) : 0;
        if (n >= 1 && n <= kMostShards && !plans.count(n)) plans[n] = plan_shards(contest, n);
        inspect(f, contest, inputs, plans, key);
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
