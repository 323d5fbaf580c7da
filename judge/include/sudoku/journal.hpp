// The journal: every result appended as one JSON line the moment it exists, so that a judge
// killed at any moment and started again continues where it stopped. Lines cut short by a kill
// are cut off when the journal is opened again (and a line a full disk cut short is cut at once).
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "sudoku/results.hpp"

namespace sudoku::judge {

class Journal {
public:
    // Reads what an earlier run left in `file` (nothing if absent) and opens it for appending.
    explicit Journal(std::filesystem::path file);
    ~Journal();
    Journal(const Journal&) = delete;
    Journal& operator=(const Journal&) = delete;

    std::optional<TestResult> test(const std::string& contestant, const std::string& problem,
                                   const std::string& test) const;
    std::optional<CompileRecord> compile(const std::string& contestant, const std::string& problem) const;
    int loaded_tests() const { return static_cast<int>(tests_.size()); }

    // Thread-safe; the line is written with one write(2) before the call returns.
    void append(const TestResult& result);
    void append(const CompileRecord& record);

private:
    void write_line(const std::string& line);

    std::filesystem::path file_;
    int fd_ = -1;
    mutable std::mutex mutex_;
    std::map<std::string, TestResult> tests_;
    std::map<std::string, CompileRecord> compiles_;
};

}  // namespace sudoku::judge
