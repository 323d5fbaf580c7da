// A DOMjudge package: a Kattis package with domjudge-problem.ini, .timelimit and tagged
// submissions (sudoku/formats/domjudge.hpp).
#include "sudoku/formats/domjudge.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "domjudge_parts.hpp"
#include "kattis_parts.hpp"
#include "sudoku/formats/kattis.hpp"
#include "sudoku/problem/scoring.hpp"

namespace sudoku::formats {

namespace fs = std::filesystem;
using problem::Judgement;
using problem::Problem;

namespace {

// domjudge-problem.ini: `key = value` lines, values optionally quoted.
struct Ini {
    std::map<std::string, std::pair<std::string, int>> values;  // key -> value, line
};

std::string trimmed(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

Ini read_ini(const PackageFiles& files, const fs::path& file, Refusals& refusals) {
    Ini ini;
    auto text = files.text(file, refusals);
    if (!text) return ini;
    std::istringstream in(*text);
    int line = 0;
    for (std::string l; std::getline(in, l);) {
        ++line;
        l = trimmed(l);
        if (l.empty() || l[0] == ';' || l[0] == '#' || l[0] == '[') continue;
        const auto eq = l.find('=');
        if (eq == std::string::npos) {
            refusals.add(file, line, "expected key = value, found '" + l + "'");
            continue;
        }
        std::string value = trimmed(l.substr(eq + 1));
        if (value.size() >= 2 && (value[0] == '\'' || value[0] == '"') && value.back() == value[0])
            value = value.substr(1, value.size() - 2);
        ini.values[trimmed(l.substr(0, eq))] = {value, line};
    }
    return ini;
}

std::optional<double> positive(const std::string& text) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !(v > 0) || v > 1e6) return std::nullopt;
    return v;
}

void apply_ini(const PackageFiles& files, Problem& problem, kattis::Metadata& meta, Refusals& refusals) {
    const fs::path file = files.root() / "domjudge-problem.ini";
    if (!files.exists(file)) return;
    const Ini ini = read_ini(files, file, refusals);
    for (const auto& [key, entry] : ini.values) {
        const auto& [value, line] = entry;
        if (key == "name") {
            problem.title = value;
        } else if (key == "timelimit") {
            auto v = positive(value);
            if (!v || *v > 300)
                refusals.add(file, line, "'timelimit' expects seconds, 0 to 300, found '" + value + "'");
            else
                problem.limits.time_s = *v, problem.time_rule.derived = false;
        } else if (key == "points") {
            auto v = positive(value);
            if (!v)
                refusals.add(file, line, "'points' expects a positive number, found '" + value + "'");
            else if (!problem.groups.empty())
                problem.groups[0].max_score = *v;
        } else if (key == "special_compare") {
            if (!value.empty()) meta.special_compare = value, meta.custom_validator = true;
        } else if (key == "special_run") {
            if (!value.empty())
                refusals.add(file, line, "'special_run' (an interactive or run script) is not supported");
        } else if (key != "probid" && key != "allow_submit" && key != "allow_judge" && key != "color" &&
                   key != "externalid" && key != "short-name") {
            refusals.add(file, line, "unknown key '" + key + "'");
        }
    }
}

void apply_timelimit_file(const PackageFiles& files, Problem& problem, Refusals& refusals) {
    const fs::path file = files.root() / ".timelimit";
    if (!files.exists(file)) return;
    auto text = files.text(file, refusals, 64);
    if (!text) return;
    auto v = positive(trimmed(*text));
    if (!v || *v > 300)
        return refusals.add(file, 1, "expected the time limit in seconds, found '" + trimmed(*text) + "'");
    problem.limits.time_s = *v;
    problem.time_rule.derived = false;
}

std::optional<Judgement> domjudge_word(std::string w) {
    std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return c == '_' ? '-' : std::toupper(c); });
    if (w == "CORRECT" || w == "ACCEPTED") return Judgement::accepted;
    if (w == "WRONG-ANSWER" || w == "NO-OUTPUT") return Judgement::wrong_answer;
    if (w == "TIMELIMIT" || w == "TIME-LIMIT-EXCEEDED") return Judgement::time_limit_exceeded;
    if (w == "RUN-ERROR" || w == "RUN-TIME-ERROR") return Judgement::run_time_error;
    if (w == "COMPILER-ERROR" || w == "COMPILE-ERROR") return Judgement::compile_error;
    if (w == "OUTPUT-LIMIT") return Judgement::output_limit_exceeded;
    if (w == "MEMORY-LIMIT") return Judgement::run_time_error;
    return std::nullopt;
}

// What follows `tag` on its line in the first of a submission's files that carries it (the tag
// sits in a comment: what closes the comment is not part of it); nothing when none does.
std::optional<std::string> tag_text(const problem::Program& program, const std::string& tag) {
    std::vector<fs::path> files = {program.path};
    std::error_code ec;
    if (fs::is_directory(program.path, ec)) {
        files.clear();
        for (fs::directory_iterator it(program.path, ec), end; !ec && it != end; it.increment(ec))
            if (it->is_regular_file(ec)) files.push_back(it->path());
    }
    for (const auto& f : files) {
        std::ifstream in(f, std::ios::binary);
        std::string head(64 << 10, '\0');
        in.read(head.data(), static_cast<std::streamsize>(head.size()));
        head.resize(static_cast<size_t>(in.gcount()));
        const auto at = head.find(tag);
        if (at == std::string::npos) continue;
        std::string line = head.substr(at + tag.size(), head.find('\n', at) - at - tag.size());
        if (const auto close = line.find("*/"); close != std::string::npos) line.resize(close);
        return line;
    }
    return std::nullopt;
}

// The @EXPECTED_RESULTS@ tag of a submission's files; `found` false when none carries one.
std::vector<Judgement> expected_results(const problem::Program& program, bool& found, std::string& problem_text) {
    std::vector<Judgement> out;
    auto line = tag_text(program, "@EXPECTED_RESULTS@:");
    if (!line) return out;
    found = true;
    std::replace(line->begin(), line->end(), ',', ' ');
    for (const auto& w : kattis::split_words(*line)) {
        if (auto j = domjudge_word(w))
            out.push_back(*j);
        else if (w != "CHECK-MANUALLY")
            problem_text = "unknown result '" + w + "' in @EXPECTED_RESULTS@";
    }
    return out;
}

// The @EXPECTED_SCORE@ tag (a scoring problem's submission): the score it must get; a tag that is
// not one number is `problem_text`.
std::optional<problem::ScoreRange> expected_score(const problem::Program& program, std::string& problem_text) {
    const auto line = tag_text(program, "@EXPECTED_SCORE@:");
    if (!line) return std::nullopt;
    const auto words = kattis::split_words(*line);
    char* end = nullptr;
    const double v = words.size() == 1 ? std::strtod(words[0].c_str(), &end) : 0;
    if (words.size() != 1 || *end != '\0' || !(v >= 0 && v <= 1e9)) {
        problem_text = "@EXPECTED_SCORE@ is not one number 0 .. 1e9";
        return std::nullopt;
    }
    return problem::ScoreRange{v, v};
}

bool domjudge_folder(const std::string& folder, problem::Expectation& e) {
    if (folder == "compiler_error")
        e.overall = {Judgement::compile_error};
    else if (folder == "no_output")
        e.overall = {Judgement::wrong_answer};
    else if (folder == "output_limit")
        e.overall = {Judgement::output_limit_exceeded};
    else
        return kattis::folder_rules(folder, e);
    return true;
}

void read_tagged_submissions(const PackageFiles& files, Problem& problem, Refusals& refusals) {
    const fs::path dir = files.root() / "submissions";
    if (!files.is_dir(dir)) return;
    for (const auto& folder : files.list(dir, refusals)) {
        const std::string name = folder.filename().string();
        if (!files.is_dir(folder)) continue;
        if (name == "check_manually") {
            problem.notes.push_back("submissions/check_manually/: never verified, not imported");
            continue;
        }
        for (const auto& entry : files.list(folder, refusals)) {
            problem::Expectation e;
            e.folder = name;
            e.submission.path = entry;
            e.submission.language = kattis::language_of(entry);
            if (files.is_dir(entry))
                for (const auto& f : files.list(entry, refusals))
                    if (e.submission.language.empty()) e.submission.language = kattis::language_of(f);
            bool tagged = false;
            std::string bad;
            const auto tags = expected_results(e.submission, tagged, bad);
            if (!bad.empty()) {
                // DOMjudge's own test results for submissions it must refuse (NONE-INVALID-SUBMISSION).
                problem.notes.push_back(files.relative(entry) + ": " + bad + ": not imported");
                continue;
            }
            if (tagged)
                e.overall = tags;
            else if (!domjudge_folder(name, e)) {
                problem.notes.push_back("submissions/" + name + "/" + entry.filename().string() +
                                        ": no @EXPECTED_RESULTS@ tag and not a verdict folder: not imported");
                continue;
            }
            if (tagged && tags.empty()) continue;  // CHECK-MANUALLY only
            if (problem.type == problem::ProblemType::scoring) e.score = expected_score(e.submission, bad);
            if (!bad.empty()) {
                problem.notes.push_back(files.relative(entry) + ": " + bad + ": not imported");
                continue;
            }
            e.contestant = kattis::contestant_name(name, entry, problem);
            problem.expectations.push_back(std::move(e));
        }
    }
}

}  // namespace

bool is_domjudge_package(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / "domjudge-problem.ini", ec) ||
           (fs::is_regular_file(dir / ".timelimit", ec) && fs::is_directory(dir / "data", ec));
}

// The Kattis reader's note that the time limit will be derived, when DOMjudge's files give it.
void drop_derived_note(Problem& problem) {
    if (problem.time_rule.derived) return;
    std::erase_if(problem.notes,
                  [](const std::string& n) { return n.rfind("problem.yaml gives no time_limit", 0) == 0; });
}

std::variant<Problem, std::vector<Diagnostic>> read_domjudge(const fs::path& dir) {
    const PackageFiles files(dir);
    Refusals refusals;
    Problem problem;
    problem.format = problem::PackageFormat::domjudge;
    problem.source = files.root();
    problem.name = files.root().filename().string();
    problem.title = problem.name;
    problem.memory_is_run_time_error = true;
    kattis::Metadata meta;
    if (files.exists(files.root() / "problem.yaml"))
        meta = kattis::read_problem_yaml(files, problem, refusals);
    else
        kattis::default_limits(problem, meta);
    apply_timelimit_file(files, problem, refusals);
    kattis::read_data(files, meta, problem, refusals);
    apply_ini(files, problem, meta, refusals);
    kattis::read_validators(files, meta, problem, refusals);
    domjudge::apply_scoring(files, problem, refusals);
    drop_derived_note(problem);
    read_tagged_submissions(files, problem, refusals);
    for (const auto& why : problem::model_problems(problem)) refusals.add(files.root(), 0, why);
    if (!refusals.empty()) return refusals.list;
    return problem;
}

}  // namespace sudoku::formats
