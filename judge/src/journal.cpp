// The journal file: JSON lines {"compile": {...}} and {"test": {...}}; the last line for a key wins.
#include "sudoku/journal.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

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
    bool ends_with_newline = true;
    while (std::getline(in, line)) {
        ends_with_newline = !in.eof();
        auto j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded() || !j.is_object()) continue;  // cut short by a kill
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
    if (fd_ < 0) throw std::runtime_error(file_.string() + ": cannot open the journal: " + std::strerror(errno));
    if (!ends_with_newline) (void)!::write(fd_, "\n", 1);
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
    std::string text = line + "\n";
    if (::write(fd_, text.data(), text.size()) != static_cast<ssize_t>(text.size()))
        throw std::runtime_error(file_.string() + ": cannot append to the journal: " + std::strerror(errno));
}

void Journal::append(const TestResult& result) {
    std::lock_guard lock(mutex_);
    write_line(nlohmann::json{{"test", to_json(result)}}.dump(-1, ' ', false, kReplaceInvalidUtf8));
    tests_[key(result.contestant, result.problem, result.test)] = result;
}

void Journal::append(const CompileRecord& record) {
    std::lock_guard lock(mutex_);
    write_line(nlohmann::json{{"compile", to_json(record)}}.dump(-1, ' ', false, kReplaceInvalidUtf8));
    compiles_[key(record.contestant, record.problem)] = record;
}

}  // namespace sudoku::judge
