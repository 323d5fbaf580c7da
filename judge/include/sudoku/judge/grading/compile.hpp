// The compile step: a contestant's sources become a program, or a CE with the message.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sudoku/judge/contest/languages.hpp"
#include "sudoku/judge/contest/submission_sources.hpp"

namespace sudoku::judge {

struct CompileSettings {
    // {src} and {exe} are replaced by the source and binary paths inside the build box.
    std::string cpp = "g++ -O2 -std=gnu++17 -pipe -o {exe} {src}";
    std::string c = "gcc -O2 -std=gnu11 -pipe -o {exe} {src} -lm";
    double time_limit_s = 10;
    long long message_limit_kib = 64;   // compiler messages kept (the rest is cut, and says so)
    long long memory_mib = 2048;        // CONTEST.yaml compile: memory_limit
    long long binary_limit_mib = 64;    // compile: output_limit: the largest file the compiler may write, and a
                                        // ready binary's cap
    long long source_limit_kib = 1024;  // a larger source is refused unread (CONTEST.yaml compile: source_limit)
    // Read-only in the compiler's root besides the system files (CONTEST.yaml read_only_dirs: a
    // toolchain under /opt). Nothing else of the host is there: `#include "/path/to/01.ans"` fails.
    std::vector<std::filesystem::path> read_only_dirs;
    // CONTEST.yaml `languages:`, over the built-in ones (sudoku/judge/contest/languages.hpp: contest_languages).
    std::vector<Language> languages;
};

struct CompileResult {
    bool ok = false;
    bool judge_fault = false;  // the sandbox failed: FAIL, not CE
    bool refused = false;      // the source is not a regular file or is over the source limit (message: why)
    std::filesystem::path binary;
    std::string message;  // compiler messages (CE) or the judge fault
    double cpu_s = 0;
    std::string language;  // the language's name
};

// Compiles `source` (language from its extension; one it does not know is C++) in `build_dir`
// (emptied first) under the sandbox; the binary is `build_dir/<name>`.
CompileResult compile_source(const std::filesystem::path& source, const std::filesystem::path& build_dir,
                             const std::string& name, const CompileSettings& settings);

// Compiles a submission's files (sudoku/judge/contest/submission_sources.hpp: files.language set) together in
// the sandbox. The program is `build_dir/<name>`: the binary, or, for a language that runs from
// its sources (sudoku/judge/contest/languages.hpp), a folder holding them. A compiler that is not installed is
// a CE that says so.
CompileResult compile_submission(const SubmissionFiles& files, const std::filesystem::path& build_dir,
                                 const std::string& name, const CompileSettings& settings);

}  // namespace sudoku::judge
