// The languages a submission may be written in: a compile command and a run command each.
//
//   languages:                          # CONTEST.yaml; each entry replaces or adds one language
//     python:
//       extensions: [.py]               # sources of this language (the first match decides)
//       compile: python3 -m py_compile {src}
//       run: python3 -B {main}
//       time_multiplier: 2              # the problem's time limit is multiplied by this (default 1)
//
// Placeholders, replaced word by word (a command is split at spaces; no shell, no quoting):
//   {src}   every source file of the submission, as separate words (compile only)
//   {main}  the main source: the one named after the problem (<problem>.py)
//   {exe}   the program the compile writes: "prog", in the box
//   {dir}   the box, as the program sees it (/box)
//   {class} the class the program starts from (a language named by its class: Java)
// Compile and run both happen in the sandbox (the compile with the compile limits, the run with
// the problem's). A run command that names {exe} runs the binary the compile wrote; one that does
// not runs from the sources (an interpreter), which the box then holds instead.
//
// Built in (docs/judge.md, "Languages"): c (.c), cpp (.cpp .cc .cxx), python (.py), pascal
// (.pas .pp) and java (.java: one file, compiled once by javac into the box, run from the class that declares
// main). C's and C++'s compile commands are
// CONTEST.yaml's `compile: c:` / `cpp:` (CompileSettings). A language whose compiler is not installed gives CE saying
// so.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace sudoku::judge {

struct Language {
    std::string name;
    std::vector<std::string> extensions;  // ".py"
    std::vector<std::string> companions;  // copied beside the sources but not compiled (".h")
    std::string compile, run;
    double time_multiplier = 1;
    // The main source is copied under the name its public class imposes (javac's rule), and the
    // compile writes the class to start from into the box (kMainClassFile) for {class}: Java.
    // Otherwise the main source takes the program's name.
    bool named_by_class = false;

    bool runs_binary() const { return run.find("{exe}") != std::string::npos; }
};

// CONTEST.yaml `compile:`: how the compile step runs, for every submission of the contest.
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
    // CONTEST.yaml `languages:`, over the built-in ones (contest_languages).
    std::vector<Language> languages;
};

// The languages of a contest: the built-in ones (C and C++ with `settings`' compile commands),
// then settings.languages, each replacing a built-in one of the same name or added after them.
std::vector<Language> contest_languages(const CompileSettings& settings);

// The language whose extensions include `file`'s, or null.
const Language* language_of(const std::vector<Language>& languages, const std::filesystem::path& file);
const Language* language_named(const std::vector<Language>& languages, const std::string& name);

struct CommandWords {
    std::vector<std::string> sources;  // {src}
    std::string main, exe, dir;        // {main}, {exe}, {dir}
    std::string main_class;            // {class}
};

// Where a language named by its class keeps the name of the class to start from, in its program's folder.
inline constexpr const char* kMainClassFile = "main-class";

// `command` split at spaces with its placeholders replaced ({src} alone in a word: one word per source).
std::vector<std::string> command_argv(const std::string& command, const CommandWords& words);

// Where argv[0] would be found in the sandbox (absolute, or on its PATH, or among read-only dirs
// the contest adds), or empty: then the language's toolchain is not installed here.
std::filesystem::path find_tool(const std::string& program, const std::vector<std::filesystem::path>& read_only_dirs);

}  // namespace sudoku::judge
