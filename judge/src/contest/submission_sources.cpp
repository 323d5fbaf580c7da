// find_sources: see sudoku/judge/contest/submission_sources.hpp.
#include "sudoku/judge/contest/submission_sources.hpp"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>

#include "sudoku/common/config_paths.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

bool present(const fs::path& p, struct stat& st) { return lstat(p.c_str(), &st) == 0; }

bool listed(const std::vector<std::string>& exts, const std::string& ext) {
    return std::find(exts.begin(), exts.end(), ext) != exts.end();
}

// The rest of a submission folder: every entry with the language's extensions or companions.
void add_folder(const fs::path& folder, SubmissionFiles& s) {
    DIR* d = opendir(folder.c_str());
    if (!d) {
        s.refusal = folder.filename().string() + " cannot be listed";
        return;
    }
    std::vector<std::string> names;
    for (dirent* e; (e = readdir(d));) {
        const std::string name = e->d_name;
        if (name == "." || name == ".." || name == s.main.filename().string()) continue;
        const std::string ext = fs::path(name).extension().string();
        if (!listed(s.language->extensions, ext) && !listed(s.language->companions, ext)) continue;
        if (names.size() + 1 >= static_cast<size_t>(kMaxSubmissionFiles)) {  // + 1: the main source
            s.refusal = folder.filename().string() + "/ holds more than " + std::to_string(kMaxSubmissionFiles) +
                        " source files";
            break;
        }
        names.push_back(name);
    }
    closedir(d);
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
        if (auto why = box_file_name_problem(name); !why.empty() && s.refusal.empty())
            s.refusal = "a file name in " + folder.filename().string() + "/ " + why;
        s.files.push_back(folder / name);
    }
}

struct Candidate {
    fs::path file;
    const Language* language;  // null: a ready binary
};

// What in `dir` could be the submission for `problem`: a source in each language's extensions,
// in the languages' order, then a ready binary.
std::vector<Candidate> candidates(const fs::path& dir, const std::string& problem,
                                  const std::vector<Language>& languages) {
    std::vector<Candidate> found;
    struct stat st {};
    for (const auto& language : languages)
        for (const auto& ext : language.extensions)
            if (present(dir / (problem + ext), st) && !S_ISDIR(st.st_mode))
                found.push_back({dir / (problem + ext), &language});
    const fs::path binary = dir / problem;
    if (present(binary, st) && !S_ISDIR(st.st_mode) && (!S_ISREG(st.st_mode) || (st.st_mode & 0111)))
        found.push_back({binary, nullptr});
    // A source is what the judge compiles: it comes first, so the refusal goes through the compile
    // step that reports it.
    std::stable_partition(found.begin(), found.end(), [](const Candidate& c) { return c.language != nullptr; });
    return found;
}

// Grading one of several would be the judge's guess at what the contestant meant.
std::string ambiguity(const std::vector<Candidate>& found, const std::string& problem) {
    std::string names;
    for (const auto& c : found)
        names += (names.empty() ? "" : ", ") + c.file.filename().string() + (c.language ? "" : " (a binary)");
    return "more than one submission for " + problem + ": " + names + "; keep only the one to be graded";
}

}  // namespace

SubmissionFiles find_sources(const fs::path& contestant_dir, const std::string& problem,
                             const std::vector<Language>& languages) {
    SubmissionFiles s;
    // A contestant's folder or a problem's subfolder that is a link is not entered (lstat follows
    // every component but the last): it is handed back as the submission, and refused.
    for (const fs::path& folder : {contestant_dir, contestant_dir / problem}) {
        struct stat st {};
        if (present(folder, st) && S_ISLNK(st.st_mode)) {
            s.main = folder;
            s.files = {folder};
            return s;
        }
    }
    for (const fs::path& dir : {contestant_dir, contestant_dir / problem}) {
        const std::vector<Candidate> found = candidates(dir, problem, languages);
        if (found.empty()) continue;
        s.main = found[0].file;
        s.language = found[0].language;
        for (const auto& c : found) s.files.push_back(c.file);
        if (found.size() > 1) {
            s.refusal = ambiguity(found, problem);
            return s;
        }
        if (s.language && dir != contestant_dir) add_folder(dir, s);
        return s;
    }
    return s;
}

}  // namespace sudoku::judge
