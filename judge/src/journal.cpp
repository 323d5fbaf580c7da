// The journal file: JSON lines {"compile": {...}} and {"test": {...}}; the last line for a key wins.
#include "sudoku/journal.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "sudoku/durable_file.hpp"

namespace sudoku::judge {

namespace {
// Reasons quote contestants' bytes (file names, tokens): never let them make the JSON invalid.
constexpr auto kReplaceInvalidUtf8 = nlohmann::json::error_handler_t::replace;
std::string key(const std::string& a, const std::string& b, const std::string& c = "") {
    return a + '\0' + b + '\0' + c;
}
}  // namespace

Journal::Journal(std::filesystem::path file) : file_(std::move(file)) {
    std::ifstream in(file_, std::ios::binary);
    std::string line;
    off_t complete_bytes = 0;  // the lines that end with a newline: every record written whole
    while (std::getline(in, line)) {
        if (in.eof()) break;  // no newline: cut short by a kill or a full disk
        complete_bytes += static_cast<off_t>(line.size()) + 1;
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object()) continue;  // an older judge's line cut short
        try {
            if (j.contains("test")) {
                TestResult t = test_result_from_json(j["test"]);
                tests_[key(t.contestant, t.problem, t.test)] = t;
            } else if (j.contains("compile")) {
                CompileRecord c = compile_record_from_json(j["compile"]);
                compiles_[key(c.contestant, c.problem)] = c;
            }
        } catch (const nlohmann::json::exception&) {}
    }
    fd_ = open(file_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw_output_error(file_, "cannot open the journal");
    // The next record starts where the last whole one ended.
    if (ftruncate(fd_, complete_bytes) != 0) throw_output_error(file_, "cannot cut the journal's unfinished last line");
}

Journal::~Journal() {
    if (fd_ >= 0) close(fd_);
}

std::optional<TestResult> Journal::test(const std::string& c, const std::string& p, const std::string& t) const {
    std::lock_guard lock(mutex_);
    auto it = tests_.find(key(c, p, t));
    if (it == tests_.end()) return std::nullopt;
    return it->second;
}

std::optional<CompileRecord> Journal::compile(const std::string& c, const std::string& p) const {
    std::lock_guard lock(mutex_);
    auto it = compiles_.find(key(c, p));
    if (it == compiles_.end()) return std::nullopt;
    return it->second;
}

void Journal::write_line(const std::string& line) {
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

void Journal::append(const TestResult& result) {
    std::lock_guard lock(mutex_);
    write_line(nlohmann::json{{"test", to_json(result)}}.dump(-1, ' ', false, kReplaceInvalidUtf8) + "\n");
    tests_[key(result.contestant, result.problem, result.test)] = result;
}

void Journal::append(const CompileRecord& record) {
    std::lock_guard lock(mutex_);
    write_line(nlohmann::json{{"compile", to_json(record)}}.dump(-1, ' ', false, kReplaceInvalidUtf8) + "\n");
    compiles_[key(record.contestant, record.problem)] = record;
}

}  // namespace sudoku::judge
