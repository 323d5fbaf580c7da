// The compile step: a contestant's sources become a program, or a CE with the message.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sudoku/judge/contest/languages.hpp"
#include "sudoku/judge/contest/submission_sources.hpp"

namespace sudoku::judge {

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
