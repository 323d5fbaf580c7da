// The language table (sudoku/judge/contest/languages.hpp).
#include "sudoku/judge/contest/languages.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <sstream>

namespace sudoku::judge {

namespace fs = std::filesystem;

std::vector<Language> contest_languages(const CompileSettings& settings) {
    // Python is "compiled" to bytecode only to report syntax errors as CE; it runs from its source.
    // Pascal: fpc without /etc/fpc.cfg (the sandbox's /etc does not have it), units from /usr/lib.
    // Java is compiled once into the box, which a run that names no {exe} gets whole, and runs from
    // the class that declares main: a public class may be in a file of another name (Main in
    // sol.java, or in the problem's name the contestant's file takes).
    // In the order a contestant's files are looked for: t.cpp before t.c, as it always was.
    std::vector<Language> table = {
        {"cpp", {".cpp", ".cc", ".cxx"}, {".h", ".hpp", ".hh"}, settings.cpp, "./{exe}", 1},
        {"c", {".c"}, {".h"}, settings.c, "./{exe}", 1},
        {"python", {".py"}, {}, "python3 -m py_compile {src}", "python3 -B {main}", 1},
        {"pascal",
         {".pas", ".pp"},
         {".inc"},
         "fpc -n -O2 -Fu/usr/lib/x86_64-linux-gnu/fpc/$fpcversion/units/$fpctarget/* -o{exe} {main}",
         "./{exe}",
         1},
        {"java",
         {".java"},
         {},
         "javac -encoding UTF-8 -d {dir} {src}",
         "java -XX:+UseSerialGC -Xss64m -Dfile.encoding=UTF-8 -cp {dir} {class}",
         1,
         true},
    };
    for (const auto& own : settings.languages) {
        auto same = std::find_if(table.begin(), table.end(), [&](const Language& l) { return l.name == own.name; });
        if (same != table.end())
            *same = own;
        else
            table.push_back(own);
    }
    return table;
}

const Language* language_of(const std::vector<Language>& languages, const fs::path& file) {
    const std::string ext = file.extension().string();
    if (ext.empty()) return nullptr;
    for (const auto& l : languages)
        if (std::find(l.extensions.begin(), l.extensions.end(), ext) != l.extensions.end()) return &l;
    return nullptr;
}

const Language* language_named(const std::vector<Language>& languages, const std::string& name) {
    for (const auto& l : languages)
        if (l.name == name) return &l;
    return nullptr;
}

std::vector<std::string> command_argv(const std::string& command, const CommandWords& words) {
    std::vector<std::string> argv;
    std::istringstream in(command);
    std::string word;
    while (in >> word) {
        if (word == "{src}") {
            argv.insert(argv.end(), words.sources.begin(), words.sources.end());
            continue;
        }
        std::string joined_sources;
        for (const auto& s : words.sources) joined_sources += (joined_sources.empty() ? "" : " ") + s;
        const std::pair<std::string, const std::string*> keys[] = {{"{src}", &joined_sources},
                                                                   {"{main}", &words.main},
                                                                   {"{exe}", &words.exe},
                                                                   {"{dir}", &words.dir},
                                                                   {"{class}", &words.main_class}};
        // One pass, left to right: what a placeholder put in is never read again (a file "{exe}.c").
        std::string expanded;
        for (size_t at = 0; at < word.size();) {
            const auto key = std::find_if(std::begin(keys), std::end(keys), [&](const auto& k) {
                return word.compare(at, k.first.size(), k.first) == 0;
            });
            if (key == std::end(keys)) {
                expanded += word[at++];
            } else {
                expanded += *key->second;
                at += key->first.size();
            }
        }
        word = expanded;
        argv.push_back(word);
    }
    return argv;
}

fs::path find_tool(const std::string& program, const std::vector<fs::path>& read_only_dirs) {
    const auto executable = [](const fs::path& p) {
        struct stat st {};
        return stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(p.c_str(), X_OK) == 0;
    };
    // What the sandbox's root shows of the host: the system directories, and read_only_dirs.
    const auto visible = [&](const fs::path& p) {
        for (const char* system : {"/usr", "/bin", "/lib", "/lib64", "/sbin"})
            if (p.string().rfind(std::string(system) + "/", 0) == 0) return true;
        return std::any_of(read_only_dirs.begin(), read_only_dirs.end(),
                           [&](const fs::path& d) { return p.string().rfind(d.string() + "/", 0) == 0; });
    };
    if (program.find('/') != std::string::npos)
        return program[0] == '/' && visible(program) && executable(program) ? fs::path(program) : fs::path();
    for (const char* dir : {"/usr/local/bin", "/usr/bin", "/bin"})
        if (executable(fs::path(dir) / program)) return fs::path(dir) / program;
    return {};
}

}  // namespace sudoku::judge
