// The journal file: a {"journal", "fingerprint"} line per run that changed the inputs (a shard's
// journal opens with a {"shard": {...}} line), then JSON
// lines {"compile": {...}, "inputs": H} and {"test": {...}, "inputs": H}; the last line for a key wins.
#include "sudoku/judge/output/journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "sudoku/common/bounded_file.hpp"
#include "sudoku/judge/contest/grading_inputs.hpp"
#include "sudoku/judge/files/durable_file.hpp"
#include "sudoku/judge/files/no_follow.hpp"

namespace sudoku::judge {

namespace {
// Reasons quote contestants' bytes (file names, tokens): never let them make the JSON invalid.
constexpr auto kReplaceInvalidUtf8 = nlohmann::json::error_handler_t::replace;
std::string key(const std::string& a, const std::string& b, const std::string& c = "") {
    return a + '\0' + b + '\0' + c;
}

// The journal's bytes (none when it does not exist yet); one that is not a regular file, or is
// larger than any grading writes, is refused before it is read.
std::string journal_text(const std::filesystem::path& file) {
    struct stat st {};
    if (lstat(file.c_str(), &st) != 0 && errno == ENOENT) return "";
    auto text = read_text_file(file, kMaxDataBytes);
    if (auto* refusal = std::get_if<Diagnostic>(&text)) throw OutputError(refusal->to_string());
    return std::move(std::get<std::string>(text));
}
}  // namespace

Journal::Journal(std::filesystem::path file, JournalAccess access) : file_(std::move(file)) {
    const std::string text = journal_text(file_);
    // The lines that end with a newline, every record written whole; a last line without its
    // newline was cut short by a kill or a full disk and is not read.
    std::size_t complete_bytes = 0;
    for (std::size_t end; (end = text.find('\n', complete_bytes)) != std::string::npos; complete_bytes = end + 1) {
        const std::string line = text.substr(complete_bytes, end - complete_bytes);
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object()) continue;  // an older judge's line cut short
        try {
            const std::string inputs = j.value("inputs", "");
            if (j.contains("fingerprint")) {
                fingerprint_ = j["fingerprint"].get<std::string>();
            } else if (j.contains("shard")) {
                shard_ = j["shard"];
            } else if (j.contains("test")) {
                TestResult t = test_result_from_json(j["test"]);
                tests_[key(t.contestant, t.problem, t.test)] = {t, inputs};
            } else if (j.contains("compile")) {
                CompileRecord c = compile_record_from_json(j["compile"]);
                compiles_[key(c.contestant, c.problem)] = {c, inputs};
            }
        } catch (const nlohmann::json::exception&) {}
    }
    for (const auto& [k, entry] : tests_) records_without_inputs_ += entry.inputs.empty();
    for (const auto& [k, entry] : compiles_) records_without_inputs_ += entry.inputs.empty();
    if (access == JournalAccess::read_only) return;
    fd_ = open_no_follow(file_, O_WRONLY | O_CREAT | O_APPEND, 0644);  // never a file a planted link names
    if (fd_ < 0) throw_output_error(file_, "cannot open the journal");
    // The next record starts where the last whole one ended.
    if (ftruncate(fd_, static_cast<off_t>(complete_bytes)) != 0)
        throw_output_error(file_, "cannot cut the journal's unfinished last line");
}

Journal::~Journal() {
    if (fd_ >= 0) close(fd_);
}

std::optional<Journaled<TestResult>> Journal::test_entry(const std::string& c, const std::string& p,
                                                         const std::string& t) const {
    std::lock_guard lock(mutex_);
    auto it = tests_.find(key(c, p, t));
    if (it == tests_.end()) return std::nullopt;
    return it->second;
}

std::optional<Journaled<CompileRecord>> Journal::compile_entry(const std::string& c, const std::string& p) const {
    std::lock_guard lock(mutex_);
    auto it = compiles_.find(key(c, p));
    if (it == compiles_.end()) return std::nullopt;
    return it->second;
}

std::optional<TestResult> Journal::test(const std::string& c, const std::string& p, const std::string& t) const {
    auto entry = test_entry(c, p, t);
    return entry ? std::optional(entry->record) : std::nullopt;
}

std::optional<CompileRecord> Journal::compile(const std::string& c, const std::string& p) const {
    auto entry = compile_entry(c, p);
    return entry ? std::optional(entry->record) : std::nullopt;
}

void Journal::write_line(const std::string& line) {
    if (fd_ < 0) throw std::logic_error(file_.string() + ": the journal was opened read-only");
    std::string_view text = line;
    const off_t before = lseek(fd_, 0, SEEK_END);
    bool written = before >= 0;
    for (std::string_view rest = text; written && !rest.empty();) {
        const ssize_t n = ::write(fd_, rest.data(), rest.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = ENOSPC;
            written = false;
            break;
        }
        rest.remove_prefix(static_cast<size_t>(n));
    }
    if (written) return;
    // A full disk may take part of a line: cut it off so that the journal stays whole records.
    const int saved = errno;
    if (before >= 0) (void)!ftruncate(fd_, before);
    errno = saved;
    throw_output_error(file_, "cannot append to the journal");
}

namespace {
std::string record_line(const char* kind, const nlohmann::json& record, const std::string& inputs) {
    nlohmann::json line{{kind, record}};
    if (!inputs.empty()) line["inputs"] = inputs;
    return line.dump(-1, ' ', false, kReplaceInvalidUtf8) + "\n";
}
}  // namespace

void Journal::append(const TestResult& result, const std::string& inputs) {
    std::lock_guard lock(mutex_);
    write_line(record_line("test", to_json(result), inputs));
    tests_[key(result.contestant, result.problem, result.test)] = {result, inputs};
}

void Journal::append(const CompileRecord& record, const std::string& inputs) {
    std::lock_guard lock(mutex_);
    write_line(record_line("compile", to_json(record), inputs));
    compiles_[key(record.contestant, record.problem)] = {record, inputs};
}

void Journal::append_fingerprint(const std::string& fingerprint) {
    std::lock_guard lock(mutex_);
    write_line(nlohmann::json{{"journal", kRecordRules}, {"fingerprint", fingerprint}}.dump() + "\n");
    fingerprint_ = fingerprint;
}

void Journal::append_shard(const nlohmann::json& shard) {
    std::lock_guard lock(mutex_);
    write_line(nlohmann::json{{"shard", shard}}.dump(-1, ' ', false, kReplaceInvalidUtf8) + "\n");
    shard_ = shard;
}

}  // namespace sudoku::judge
