// A Kattis package's programs: its output and input validators, its own submissions and what
// submissions.yaml expects of them.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <string_view>

#include "kattis_parts.hpp"
#include "kattis_rules.hpp"

namespace sudoku::formats::kattis {

namespace fs = std::filesystem;
using problem::Judgement;
using problem::Problem;

namespace {

constexpr Judgement AC = Judgement::accepted, WA = Judgement::wrong_answer, TLE = Judgement::time_limit_exceeded,
                    RTE = Judgement::run_time_error;

// Whether a Python source says it is Python 2 (`#!...python2` on its first line), as problemtools
// tells the two apart; a `.py2` file is too.
bool python2_source(const PackageFiles& files, const fs::path& path, Refusals& refusals) {
    if (path.extension() == ".py2") return true;
    if (path.extension() != ".py") return false;
    const auto text = files.text(path, refusals);
    if (!text || text->rfind("#!", 0) != 0) return false;
    const std::string first = text->substr(0, text->find('\n'));
    const size_t at = first.find("python2");
    if (at == std::string::npos) return false;
    const size_t after = at + std::string("python2").size();
    return after == first.size() || !(std::isalnum(static_cast<unsigned char>(first[after])) || first[after] == '_');
}

// A program of the package: a file, or a folder whose sources share one language.
problem::Program program_at(const PackageFiles& files, const fs::path& path, Refusals& refusals) {
    problem::Program p;
    p.path = path;
    if (!files.is_dir(path)) {
        files.regular(path, refusals);
        p.language = language_of(path);
        // Python 2, which the judge lacks: not run, saying which language it is.
        if (python2_source(files, path, refusals)) p.language.clear(), p.declared_language = "python2";
        return p;
    }
    for (const auto& f : files.list(path, refusals)) {
        if (files.is_dir(f)) continue;
        files.regular(f, refusals);
        if (p.language.empty()) p.language = language_of(f);
    }
    return p;
}

// A folder holding one program (legacy output_validators/<name>/), or the program itself.
fs::path single_program(const PackageFiles& files, const fs::path& dir, Refusals& refusals) {
    const auto entries = files.list(dir, refusals);
    if (entries.size() == 1) return entries[0];
    return dir;
}

double parse_tolerance(const std::vector<std::string>& flags, size_t& i, const fs::path& where, Refusals& refusals) {
    if (i + 1 >= flags.size()) {
        refusals.add(where, 0, "'" + flags[i] + "' expects a number after it");
        return 0;
    }
    char* end = nullptr;
    const double v = std::strtod(flags[i + 1].c_str(), &end);
    if (*end != '\0' || !(v >= 0) || v > 1e9)
        refusals.add(where, 0, "'" + flags[i] + "' expects a number, found '" + flags[i + 1] + "'");
    ++i;
    return v;
}

}  // namespace

// What a submissions/<folder>/ requires of its submissions. Legacy lets a time_limit_exceeded
// submission also answer wrong and a run_time_error one do anything else; 2025-09 permits only AC
// beside the folder's own verdict.
bool folder_rules(const std::string& folder, problem::Expectation& e, KattisVersion version) {
    const bool v2025 = version == KattisVersion::v2025_09;
    if (folder == "accepted") {
        e.permitted = {AC};
    } else if (folder == "wrong_answer") {
        e.permitted = {AC, WA}, e.required = {WA};
    } else if (folder == "time_limit_exceeded") {
        e.permitted = v2025 ? std::vector<Judgement>{AC, TLE} : std::vector<Judgement>{AC, WA, TLE};
        e.required = {TLE};
    } else if (folder == "run_time_error") {
        e.permitted = v2025 ? std::vector<Judgement>{AC, RTE} : std::vector<Judgement>{AC, WA, TLE, RTE};
        e.required = {RTE};
    } else if (folder == "rejected") {
        e.required = {WA, TLE, RTE};
    } else if (folder == "brute_force") {
        e.permitted = {AC, RTE, TLE}, e.required = {RTE, TLE};
    } else if (folder == "slow_accepted") {
        e.permitted = {AC, TLE};
    } else if (folder == "partially_accepted") {
        e.overall = {AC};
    } else {
        return false;
    }
    return true;
}

std::string contestant_name(const std::string& folder, const fs::path& entry, const Problem& problem) {
    std::string name = folder + "-" + entry.filename().string();
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') c = '_';
    // Two files whose names differ only in characters a name cannot hold ("a b.c", "a#b.c").
    const auto taken = [&](const std::string& n) {
        return std::any_of(problem.expectations.begin(), problem.expectations.end(),
                           [&](const problem::Expectation& e) { return e.contestant == n; });
    };
    const std::string base = name;
    for (int k = 2; taken(name); ++k) name = base + "-" + std::to_string(k);
    return name;
}

void apply_default_flags(const std::vector<std::string>& flags, problem::Checker& checker, const fs::path& where,
                         Refusals& refusals) {
    checker.case_sensitive = false;
    for (size_t i = 0; i < flags.size(); ++i) {
        const std::string& f = flags[i];
        if (f == "case_sensitive")
            checker.case_sensitive = true;
        else if (f == "space_change_sensitive")
            checker.space_change_sensitive = true;
        else if (f == "float_tolerance")
            checker.float_absolute = checker.float_relative = parse_tolerance(flags, i, where, refusals);
        else if (f == "float_absolute_tolerance")
            checker.float_absolute = parse_tolerance(flags, i, where, refusals);
        else if (f == "float_relative_tolerance")
            checker.float_relative = parse_tolerance(flags, i, where, refusals);
        else
            refusals.add(where, 0,
                         "the default output validator has no flag '" + f +
                             "' (case_sensitive, space_change_sensitive, float_tolerance, float_absolute_tolerance, "
                             "float_relative_tolerance)");
    }
    if (checker.float_absolute || checker.float_relative) checker.kind = problem::CheckerKind::floats;
}

void read_validators(const PackageFiles& files, const Metadata& meta, Problem& problem, Refusals& refusals) {
    const fs::path legacy_dir = files.root() / "output_validators", dir = files.root() / "output_validator";
    const bool custom = meta.custom_validator ||
                        (meta.version != KattisVersion::legacy && (files.is_dir(dir) || files.is_dir(legacy_dir)));
    // Every test's own arguments must agree when the default validator is used: it takes its
    // flags once per problem here.
    std::vector<std::string> test_args =
        problem.tests.empty() ? std::vector<std::string>{} : problem.tests[0].checker_arguments;
    if (custom) {
        fs::path where = files.is_dir(dir) ? dir : legacy_dir;
        const bool named = !meta.special_compare.empty();
        if (named) where = legacy_dir / meta.special_compare;
        if (!files.is_dir(where)) {
            refusals.add(files.root() / "problem.yaml", 0, "'validation: custom' but no output_validators/ folder");
        } else {
            problem.checker.kind = problem::CheckerKind::program;
            problem.checker.protocol = problem::CheckerProtocol::kattis;
            problem.checker.program =
                program_at(files, named ? where : single_program(files, where, refusals), refusals);
            problem.checker.arguments = meta.validator_flags;
            if (problem.checker.program.language.empty())
                refusals.add(
                    where, 0,
                    "the output validator's language is not one the judge compiles (C, C++, Python, Java, Pascal)");
        }
    } else {
        for (const auto& t : problem.tests)
            if (t.checker_arguments != test_args)
                refusals.add(files.root() / "data", 0,
                             "test " + t.name +
                                 " gives the default output validator other flags than the first test: one set per "
                                 "problem is supported");
        auto flags = meta.validator_flags;
        flags.insert(flags.end(), test_args.begin(), test_args.end());
        apply_default_flags(flags, problem.checker, files.root() / "problem.yaml", refusals);
        for (auto& t : problem.tests) t.checker_arguments.clear();
    }
    for (const char* name : {"input_validators", "input_format_validators"}) {
        const fs::path vdir = files.root() / name;
        if (!files.is_dir(vdir)) continue;
        for (const auto& entry : files.list(vdir, refusals)) {
            problem::InputValidator v;
            v.program = program_at(files, entry, refusals);
            problem.validators.push_back(std::move(v));
        }
    }
}

namespace {

// `rule` over `e`: a folder's own name replaces its defaults key by key; any other pattern adds to
// them (permitted sets intersect, score ranges too; a second, different required set cannot be
// held by one expectation).
void apply_rule(const Rule& rule, bool replaces, problem::Expectation& e, const fs::path& yaml, Refusals& refusals) {
    if (rule.permitted) {
        if (replaces || e.permitted.empty()) {
            e.permitted = *rule.permitted;
        } else {
            std::vector<Judgement> both;
            for (auto j : e.permitted)
                if (std::find(rule.permitted->begin(), rule.permitted->end(), j) != rule.permitted->end())
                    both.push_back(j);
            if (both.empty())
                refusals.add(yaml, 0,
                             "'" + rule.pattern + "' permits nothing " + e.contestant + " is otherwise permitted");
            e.permitted = both;
        }
    }
    if (rule.required) {
        auto sorted = [](std::vector<Judgement> v) { return std::sort(v.begin(), v.end()), v; };
        if (replaces || e.required.empty() || sorted(e.required) == sorted(*rule.required))
            e.required = *rule.required;
        else
            refusals.add(yaml, 0,
                         "'" + rule.pattern + "' adds a second 'required' set for " + e.contestant +
                             ": one per submission is graded here");
    }
    if (rule.message) {
        if (!e.message.empty() && e.message != *rule.message)
            refusals.add(yaml, 0,
                         "'" + rule.pattern + "' asks a second 'message' of " + e.contestant +
                             ": one per submission is checked here");
        e.message = *rule.message;
    }
    if (rule.score) {
        if (replaces || !e.score) {
            e.score = rule.score;
        } else {
            e.score->min = std::max(e.score->min, rule.score->min);
            e.score->max = std::min(e.score->max, rule.score->max);
        }
    }
    // Each key naming a test group or test is a condition of its own, beside the others.
    e.groups.insert(e.groups.end(), rule.groups.begin(), rule.groups.end());
}

}  // namespace

const std::map<std::string, std::string>& language_codes() {
    static const std::map<std::string, std::string> codes = {
        {"c", "c"}, {"cpp", "cpp"}, {"python3", "python"}, {"java", "java"}, {"pascal", "pascal"}};
    return codes;
}

void read_included(const PackageFiles& files, Problem& problem, Refusals& refusals) {
    const fs::path dir = files.root() / "include";
    if (!files.is_dir(dir)) return;
    const auto& ours = language_codes();
    std::map<std::string, std::vector<fs::path>> own;
    std::vector<fs::path> fallback;
    for (const auto& sub : files.list(dir, refusals)) {
        const std::string code = sub.filename().string();
        if (!files.is_dir(sub)) {
            refusals.add(sub, 0, "include/ holds a folder per language (include/<language>/), not files");
            continue;
        }
        std::vector<fs::path> list;
        for (const auto& f : files.list(sub, refusals)) {
            if (files.is_dir(f))
                refusals.add(f, 0, "a folder in include/" + code + "/: only files are added to submissions here");
            else if (auto file = files.regular(f, refusals); file && file->filename() != f.filename())
                refusals.add(f, 0, "a link in include/" + code + "/ to a file of another name: the name is kept here");
            else if (file)
                list.push_back(*file);
        }
        if (code == "default") {
            fallback = list;
        } else if (const auto it = ours.find(code); it != ours.end()) {
            own[it->second] = list;
        } else {
            problem.notes.push_back("include/" + code + "/: no language of the judge has that code, not used");
        }
    }
    for (const auto& [code, language] : ours) {
        if (own.count(language))
            problem.included_files[language] = own[language];
        else if (!fallback.empty())
            problem.included_files[language] = fallback;
    }
}

namespace {

// The spec's use of a submission for the derived time limit, from what it must get: 2025-09 bounds
// the limit from below by every submission not permitted to time out and from above by those
// required to (required: [TLE]); the earlier versions from below by the accepted ones alone.
problem::TimeLimitUse time_limit_use(const problem::Expectation& e, KattisVersion version) {
    const bool may_time_out = std::find(e.permitted.begin(), e.permitted.end(), TLE) != e.permitted.end();
    if (e.required == std::vector<Judgement>{TLE}) return problem::TimeLimitUse::upper;
    if (version == KattisVersion::v2025_09 ? !e.permitted.empty() && !may_time_out
                                           : e.permitted == std::vector<Judgement>{AC})
        return problem::TimeLimitUse::lower;
    return problem::TimeLimitUse::none;
}

// use_for_time_limit of the rules matching a submission (after its permitted and required are
// settled): false opts out, lower and upper opt in as the spec's equivalent constraints, which
// must agree with what the submission may get.
void apply_time_limit_use(const std::vector<const Rule*>& matched, KattisVersion version, problem::Expectation& e,
                          const fs::path& yaml, Refusals& refusals) {
    e.time_limit_use = time_limit_use(e, version);
    for (const Rule* r : matched) {
        if (!r->time_limit_use) continue;
        const auto use = *r->time_limit_use;
        const bool may_time_out =
            e.permitted.empty() || std::find(e.permitted.begin(), e.permitted.end(), TLE) != e.permitted.end();
        if (use == problem::TimeLimitUse::upper && !may_time_out)
            refusals.add(yaml, 0,
                         "'" + r->pattern + "': use_for_time_limit: upper, but " + e.contestant +
                             " is not permitted to time out");
        if (use == problem::TimeLimitUse::lower &&
            std::find(e.required.begin(), e.required.end(), TLE) != e.required.end() && e.required.size() == 1)
            refusals.add(yaml, 0,
                         "'" + r->pattern + "': use_for_time_limit: lower, but " + e.contestant + " must time out");
        e.time_limit_use = use;
    }
}

// The one value the rules matching a submission give a key (language, entrypoint); nullopt when
// none does. Two different ones cannot both hold.
std::optional<std::string> one_value(const std::vector<const Rule*>& matched, std::optional<std::string> Rule::*key,
                                     const char* name, const std::string& contestant, const fs::path& yaml,
                                     Refusals& refusals) {
    std::optional<std::string> value;
    for (const Rule* r : matched) {
        const auto& v = r->*key;
        if (!v || v == value) continue;
        if (value)
            refusals.add(yaml, 0,
                         "'" + r->pattern + "' gives " + contestant + " the " + name + " '" + *v + "' beside '" +
                             *value + "': a submission has one");
        value = v;
    }
    return value;
}

// submissions.yaml's `language` over the program's extensions: the judge's language of that
// code, or none (the format's code kept, to say which). A folder is compiled by its files'
// extensions, so it may only confirm theirs.
void declare_language(const PackageFiles& files, const std::string& code, problem::Program& p, const fs::path& yaml,
                      Refusals& refusals) {
    const auto it = language_codes().find(code);
    const std::string ours = it == language_codes().end() ? "" : it->second;
    if (files.is_dir(p.path) && !p.language.empty() && ours != p.language)
        refusals.add(yaml, 0,
                     "language '" + code + "' for " + files.relative(p.path) + ", a folder of " + p.language +
                         " sources: only a single file is compiled in another language than its extension's here");
    p.language = ours;
    p.declared_language = code;
}

bool java_class_name(const std::string& name) {
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; };
    return !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
           std::all_of(name.begin(), name.end(), word);
}

// Whether a Java source declares `name` as a class (or interface, enum, record: "class" suffices
// for the one holding main).
bool declares_class(const std::string& source, const std::string& name) {
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; };
    for (size_t at = source.find("class"); at != std::string::npos; at = source.find("class", at + 5)) {
        if (at > 0 && word(source[at - 1])) continue;
        size_t i = at + 5;
        if (i >= source.size() || !std::isspace(static_cast<unsigned char>(source[i]))) continue;
        while (i < source.size() && std::isspace(static_cast<unsigned char>(source[i]))) ++i;
        if (source.compare(i, name.size(), name) == 0 &&
            (i + name.size() == source.size() || !word(source[i + name.size()])))
            return true;
    }
    return false;
}

// The file of `p` its entry point names: Python's a file of it, Java's the class's own file or
// one declaring it. Empty when none.
fs::path entry_file(const PackageFiles& files, const std::vector<fs::path>& sources, const problem::Program& p,
                    const std::string& entry, Refusals& refusals) {
    for (const auto& f : sources)
        if (p.language == "python" ? f.filename() == entry : f.stem() == entry && f.extension() == ".java") return f;
    if (p.language == "java")
        for (const auto& f : sources)
            if (f.extension() == ".java")
                if (auto text = files.text(f, refusals); text && declares_class(*text, entry)) return f;
    return {};
}

// Where a folder program starts (Program::entry): the file its entrypoint names, else the file of
// the language's default entry point (Python's __main__ module, Java's Main) when it has one, else its
// first source. A single file must be what its entrypoint names. Only Python and Java have a
// choice: another language's entrypoint is noted and not used.
fs::path entry_point(const PackageFiles& files, const problem::Program& p, const std::optional<std::string>& entrypoint,
                     const fs::path& yaml, Problem& problem, Refusals& refusals) {
    const bool folder = files.is_dir(p.path);
    std::vector<fs::path> sources;
    for (const auto& f : folder ? files.list(p.path, refusals) : std::vector<fs::path>{p.path})
        if (!files.is_dir(f)) sources.push_back(f);
    const std::string where = files.relative(p.path);
    if (p.language != "python" && p.language != "java") {
        if (entrypoint && !p.language.empty())
            problem.notes.push_back(where + ": entrypoint '" + *entrypoint + "' not used: a " + p.language +
                                    " program starts at its main");
    } else if (entrypoint && p.language == "java" && !java_class_name(*entrypoint)) {
        refusals.add(yaml, 0, "entrypoint '" + *entrypoint + "' for " + where + ": a Java entry point is a class name");
    } else if (const fs::path named = entry_file(
                   files, sources, p, entrypoint.value_or(p.language == "python" ? "__main__.py" : "Main"), refusals);
               !named.empty()) {
        return folder ? named : fs::path();
    } else if (entrypoint) {
        refusals.add(yaml, 0,
                     "entrypoint '" + *entrypoint + "' for " + where + ": " +
                         (p.language == "python" ? "no file of it has that name"
                                                 : "no Java file of it is named after that class or declares it"));
    }
    if (!folder) return {};
    for (const auto& f : sources)
        if (language_of(f) == p.language) return f;
    return {};
}

// Consistency of a submission's conditions (the spec asks tools to check it): a group's permitted
// set must leave something its whole permitted set allows.
void check_groups(const problem::Expectation& e, const fs::path& yaml, Refusals& refusals) {
    for (const auto& g : e.groups) {
        if (g.permitted.empty() || e.permitted.empty()) continue;
        const bool any = std::any_of(g.permitted.begin(), g.permitted.end(), [&](Judgement j) {
            return std::find(e.permitted.begin(), e.permitted.end(), j) != e.permitted.end();
        });
        if (!any)
            refusals.add(yaml, 0,
                         "'" + g.path + "' permits nothing " + e.contestant + " is permitted on all its tests");
    }
}

}  // namespace

void read_submissions(const PackageFiles& files, const Metadata& meta, Problem& problem, Refusals& refusals) {
    const fs::path dir = files.root() / "submissions";
    if (!files.is_dir(dir)) return;
    const fs::path yaml = dir / "submissions.yaml";
    const std::vector<Rule> rules =
        files.exists(yaml) ? read_submissions_yaml(files, yaml, problem, refusals) : std::vector<Rule>{};
    for (const auto& folder : files.list(dir, refusals)) {
        if (!files.is_dir(folder)) continue;
        problem::Expectation defaults;
        const std::string name = folder.filename().string();
        const bool known = folder_rules(name, defaults, meta.version);
        size_t imported = 0;
        for (const auto& entry : files.list(folder, refusals)) {
            const std::string path = name + "/" + entry.filename().string();
            problem::Expectation e = defaults;
            e.folder = name;
            e.contestant = contestant_name(name, entry, problem);
            std::vector<const Rule*> matched;
            // The folder's own name replaces its defaults; every other pattern adds to them.
            for (const auto& r : rules)
                if (r.pattern == name) apply_rule(r, true, e, yaml, refusals), matched.push_back(&r);
            for (const auto& r : rules)
                if (r.pattern != name && glob_matches(r.pattern, path))
                    apply_rule(r, false, e, yaml, refusals), matched.push_back(&r);
            if (!known && matched.empty()) continue;
            apply_time_limit_use(matched, meta.version, e, yaml, refusals);
            check_groups(e, yaml, refusals);
            e.submission = program_at(files, entry, refusals);
            if (auto code = one_value(matched, &Rule::language, "language", e.contestant, yaml, refusals))
                declare_language(files, *code, e.submission, yaml, refusals);
            e.submission.entry = entry_point(
                files, e.submission, one_value(matched, &Rule::entrypoint, "entrypoint", e.contestant, yaml, refusals),
                yaml, problem, refusals);
            problem.expectations.push_back(std::move(e));
            ++imported;
        }
        if (!known && imported == 0)
            problem.notes.push_back("submissions/" + name +
                                    "/: not a verdict folder of the format nor named in submissions.yaml, its "
                                    "submissions are not imported");
    }
}

}  // namespace sudoku::formats::kattis
