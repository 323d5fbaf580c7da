// expected.tsv: the hostile programs and what the judge must make of them (columns described in
// the file's header comment).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace hostile {

struct Row {
    int line = 0;  // in expected.tsv, for messages
    std::string program, setup, before;
    std::vector<std::string> expected;  // verdict names, any of which is right
    std::vector<std::string> checks;    // cpu<=S, cpu>=S, wall<=S, reason~TEXT, output<=B, message<=B
    std::string known_failure, notes;

    std::string title() const;  // "spin.c (sum) -> TLE"
};

// Throws std::runtime_error naming file:line on a malformed row.
std::vector<Row> read_table(const std::filesystem::path& tsv);

std::filesystem::path table_path();
std::filesystem::path programs_dir();
std::filesystem::path checkers_dir();  // the testlib checkers of the testlib:<file> setups

}  // namespace hostile
