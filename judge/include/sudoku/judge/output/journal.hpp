// The journal: every result appended as one JSON line the moment it exists, so that a judge
// killed at any moment and started again continues where it stopped. Lines cut short by a kill
// are cut off when the journal is opened again (and a line a full disk cut short is cut at once).
//
// Each record carries the hash of the inputs that decided it (sudoku/judge/contest/grading_inputs.hpp): a run
// reuses a record only when its inputs are unchanged. The format is in docs/judge.md, "Journal".
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "sudoku/judge/output/results.hpp"

namespace sudoku::judge {

// A journaled record and the hash of the inputs that decided it ("" for a journal of a judge that
// did not record them: never equal to a hash, so the record is graded again).
template <class Record>
struct Journaled {
    Record record;
    std::string inputs;
};

// read_only: a shard's journal read by merge, left exactly as it is (not created, not cut).
enum class JournalAccess { append, read_only };

class Journal {
public:
    // Reads what an earlier run left in `file` (nothing if absent) and opens it for appending.
    explicit Journal(std::filesystem::path file, JournalAccess access = JournalAccess::append);
    ~Journal();
    Journal(const Journal&) = delete;
    Journal& operator=(const Journal&) = delete;

    // The last record for the key, whatever its inputs.
    std::optional<TestResult> test(const std::string& contestant, const std::string& problem,
                                   const std::string& test) const;
    std::optional<CompileRecord> compile(const std::string& contestant, const std::string& problem) const;
    std::optional<Journaled<TestResult>> test_entry(const std::string& contestant, const std::string& problem,
                                                    const std::string& test) const;
    std::optional<Journaled<CompileRecord>> compile_entry(const std::string& contestant,
                                                          const std::string& problem) const;
    int loaded_tests() const { return static_cast<int>(tests_.size()); }
    // Current records (the last for their key) read without an inputs hash (an older judge's journal).
    int records_without_inputs() const { return records_without_inputs_; }
    // The fingerprint of the last run that wrote here ("" if none).
    const std::string& fingerprint() const { return fingerprint_; }
    // The shard this journal belongs to (sudoku/judge/scaleout/shard.hpp writes it), null when none.
    const nlohmann::json& shard() const { return shard_; }

    // Thread-safe; the line is written with one write(2) before the call returns.
    void append(const TestResult& result, const std::string& inputs = "");
    void append(const CompileRecord& record, const std::string& inputs = "");
    void append_fingerprint(const std::string& fingerprint);
    void append_shard(const nlohmann::json& shard);

private:
    void write_line(const std::string& line);

    std::filesystem::path file_;
    int fd_ = -1;
    mutable std::mutex mutex_;
    std::map<std::string, Journaled<TestResult>> tests_;
    std::map<std::string, Journaled<CompileRecord>> compiles_;
    std::string fingerprint_;
    nlohmann::json shard_;
    int records_without_inputs_ = 0;
};

}  // namespace sudoku::judge
