// The hashes of sudoku/judge/contest/grading_inputs.hpp, over the bytes the judge reads (sha256 of the generator,
// the one the manifests use).
#include "sudoku/judge/contest/grading_inputs.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "sudoku/common/sha256.hpp"
#include "sudoku/judge/contest/submission_sources.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

// Submissions above this are hashed by size and time rather than read (a sparse 1 GB "source").
constexpr long long kLargestHashedBytes = 256LL << 20;

std::string file_hash(const fs::path& file) {
    struct stat st;
    if (file.empty() || lstat(file.c_str(), &st) != 0) return "absent";
    if (!S_ISREG(st.st_mode) || st.st_size > kLargestHashedBytes)
        return "mode " + std::to_string(st.st_mode) + " size " + std::to_string(st.st_size) + " mtime " +
               std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec);
    // Streamed: a 100 MB test is hashed in a fixed buffer, never held whole.
    return sha256_file_hex(file).value_or("unreadable");
}

std::string number(double x) {
    std::ostringstream s;
    s.precision(17);
    s << x;
    return s.str();
}

// Every language's commands and multiplier: a changed run command or multiplier regrades its runs.
std::string languages_text(const std::vector<Language>& languages) {
    std::string text;
    for (const auto& l : languages) {
        text += "language " + l.name + " run=" + l.run + " compile=" + l.compile + " x" + number(l.time_multiplier);
        for (const auto& e : l.extensions) text += " " + e;
        for (const auto& e : l.companions) text += " +" + e;
        text += "\n";
    }
    return text;
}

std::string settings_text(const CompileSettings& s, const std::vector<Language>& languages) {
    return "cpp=" + s.cpp + "\nc=" + s.c + "\ntime_limit=" + number(s.time_limit_s) +
           "\nmessage_limit=" + std::to_string(s.message_limit_kib) + "\nmemory=" + std::to_string(s.memory_mib) +
           "\nbinary_limit=" + std::to_string(s.binary_limit_mib) + "\n" + languages_text(languages);
}

std::string problem_text(const ContestProblem& p, long long stack_mib) {
    std::string text = "config " + file_hash(p.config_file) + "\nchecker " + p.config.checker + " ";
    if (p.config.checker.find('/') != std::string::npos) text += file_hash(p.config.checker);
    // A plain problem without problem.yaml is decided by its defaults and its folder's tests (below).
    if (p.plain) text += "\nplain " + number(p.float_tolerance.absolute) + " " + number(p.float_tolerance.relative);
    return text + "\nstack " + std::to_string(stack_mib) + "\n";
}

std::string test_text(const TestCase& t) {
    return "test " + t.name + "\ngroup " + t.group + "\npoints " + number(t.points) + "\nin " + file_hash(t.input) +
           "\nans " + file_hash(t.answer) + "\n";
}

}  // namespace

namespace {

// The problem's files for the submission's language join its own, each over one of the same name.
void add_included_files(const ContestProblem& p, SubmissionFiles& s) {
    if (!s.language || !s.refusal.empty() || s.files.empty()) return;
    const auto it = p.included_files.find(s.language->name);
    if (it == p.included_files.end()) return;
    for (const auto& f : it->second) {
        const auto same = std::find_if(s.files.begin() + 1, s.files.end(),
                                       [&](const fs::path& g) { return g.filename() == f.filename(); });
        if (same != s.files.end())
            *same = f;
        else
            s.files.push_back(f);
    }
}

}  // namespace

FoundSubmissions find_submissions(const Contest& contest) {
    FoundSubmissions found;
    found.contestants = list_contestants(contest.contestants_dir);
    found.languages = contest_languages(contest.compile);
    for (const auto& name : found.contestants) {
        std::vector<SubmissionFiles>& own = found.files.emplace_back();
        for (const auto& p : contest.problems) {
            own.push_back(find_sources(contest.contestants_dir / name, p.config.name, found.languages));
            add_included_files(p, own.back());
        }
    }
    return found;
}

GradingInputs::GradingInputs(const Contest& contest) : GradingInputs(contest, find_submissions(contest)) {}

GradingInputs::GradingInputs(const Contest& contest, const FoundSubmissions& found) {
    std::string all = std::string(kRecordRules) + "\ncontest " + file_hash(contest.source) + "\n";
    const std::string settings = settings_text(contest.compile, found.languages);
    for (const auto& p : contest.problems) {
        const std::string problem = problem_text(p, contest.stack_mib);
        for (const auto& t : p.tests) problem_tests_[{p.config.name, t.name}] = sha256_hex(problem + test_text(t));
    }
    for (size_t c = 0; c < found.contestants.size(); ++c)
        for (size_t k = 0; k < contest.problems.size(); ++k) {
            const std::string& name = found.contestants[c];
            const ContestProblem& p = contest.problems[k];
            const SubmissionFiles& submission = found.files[c][k];
            std::string files = "submission " + submission.main.filename().string() + " " + file_hash(submission.main) +
                                "\nrefusal " + submission.refusal + "\n";
            for (const auto& f : submission.files) files += "file " + f.filename().string() + " " + file_hash(f) + "\n";
            const std::string hash =
                sha256_hex(std::string(kRecordRules) + "\n" + settings + "problem " + p.config.name + "\n" + files);
            compiles_[{name, p.config.name}] = hash;
            all += name + " " + p.config.name + " " + hash + "\n";
        }
    for (const auto& [key, hash] : problem_tests_) all += key.first + " " + key.second + " " + hash + "\n";
    fingerprint_ = sha256_hex(all);
}

std::string GradingInputs::of_compile(const std::string& contestant, const std::string& problem) const {
    auto it = compiles_.find({contestant, problem});
    return it == compiles_.end() ? "unknown" : it->second;
}

std::string GradingInputs::of_test(const std::string& contestant, const std::string& problem,
                                   const std::string& test) const {
    auto it = problem_tests_.find({problem, test});
    if (it == problem_tests_.end()) return "unknown";
    return sha256_hex(of_compile(contestant, problem) + " " + it->second);
}

}  // namespace sudoku::judge
