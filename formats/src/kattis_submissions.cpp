// A Kattis package's programs: its output and input validators, its own submissions and what
// submissions.yaml expects of them.
#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <string_view>

#include "kattis_parts.hpp"
#include "sudoku/common/yaml_reader.hpp"

namespace sudoku::formats::kattis {

namespace fs = std::filesystem;
using problem::Judgement;
using problem::Problem;

namespace {

constexpr Judgement AC = Judgement::accepted, WA = Judgement::wrong_answer, TLE = Judgement::time_limit_exceeded,
                    RTE = Judgement::run_time_error;

// A program of the package: a file, or a folder whose sources share one language.
problem::Program program_at(const PackageFiles& files, const fs::path& path, Refusals& refusals) {
    problem::Program p;
    p.path = path;
    if (!files.is_dir(path)) {
        files.regular(path, refusals);
        p.language = language_of(path);
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

// "{a,b}.py" as "a.py" and "b.py"; braces may repeat and nest.
std::vector<std::string> expand_braces(const std::string& pattern) {
    const size_t open = pattern.find('{');
    if (open == std::string::npos) return {pattern};
    int depth = 0;
    size_t close = open;
    std::vector<size_t> commas;
    for (size_t i = open; i < pattern.size(); ++i) {
        if (pattern[i] == '{') ++depth;
        if (pattern[i] == '}' && --depth == 0) {
            close = i;
            break;
        }
        if (pattern[i] == ',' && depth == 1) commas.push_back(i);
    }
    if (close == open) return {pattern};  // unbalanced: the text as it is
    std::vector<std::string> out;
    size_t from = open + 1;
    commas.push_back(close);
    for (size_t c : commas) {
        const std::string one = pattern.substr(0, open) + pattern.substr(from, c - from) + pattern.substr(close + 1);
        for (auto& e : expand_braces(one)) out.push_back(std::move(e));
        from = c + 1;
    }
    return out;
}

// One path component against one pattern component: '*' any run of characters.
bool component_matches(std::string_view pattern, std::string_view text) {
    if (pattern.empty()) return text.empty();
    if (pattern[0] == '*') {
        for (size_t skip = 0; skip <= text.size(); ++skip)
            if (component_matches(pattern.substr(1), text.substr(skip))) return true;
        return false;
    }
    return !text.empty() && pattern[0] == text[0] && component_matches(pattern.substr(1), text.substr(1));
}

std::vector<std::string> components(const std::string& path) {
    std::vector<std::string> out;
    for (const auto& part : fs::path(path)) out.push_back(part.string());
    return out;
}

// The spec's match: the submission's path under submissions/, or a folder above it, is the pattern.
bool glob_matches(const std::string& pattern, const std::string& path) {
    const auto have = components(path);
    for (const auto& one : expand_braces(pattern)) {
        const auto want = components(one);
        if (want.empty() || want.size() > have.size()) continue;
        bool all = true;
        for (size_t i = 0; i < want.size() && all; ++i) all = component_matches(want[i], have[i]);
        if (all) return true;
    }
    return false;
}

// What one key of submissions.yaml asks.
struct Rule {
    std::string pattern;
    std::optional<std::vector<Judgement>> permitted, required;
    std::optional<problem::ScoreRange> score;
    std::optional<std::string> message;
    std::optional<problem::TimeLimitUse> time_limit_use;  // use_for_time_limit false, lower or upper
};

std::vector<Judgement> verdict_list(const YamlReader& in, const YAML::Node& node, const std::string& key) {
    if (!node.IsSequence()) in.fail(node, "'" + key + "' expects a list of AC, WA, TLE, RTE");
    std::vector<Judgement> out;
    for (const auto& v : node) {
        const std::string word = in.text(v, key);
        const Judgement j = word == "AC"    ? AC
                            : word == "WA"  ? WA
                            : word == "TLE" ? TLE
                            : word == "RTE" ? RTE
                                            : Judgement::judge_error;
        if (j == Judgement::judge_error) in.fail(v, "'" + key + "' holds AC, WA, TLE or RTE, found '" + word + "'");
        if (std::find(out.begin(), out.end(), j) == out.end()) out.push_back(j);
    }
    return out;
}

Rule read_rule(const YamlReader& in, const std::string& pattern, const YAML::Node& node, const Problem& problem) {
    Rule r;
    r.pattern = pattern;
    if (pattern.find("**") != std::string::npos || pattern.find('[') != std::string::npos)
        in.fail(node, "'" + pattern + "': ** and [...] are not glob patterns of the format");
    if (!node.IsMap()) in.fail(node, "'" + pattern + "' expects a mapping (permitted, required, score, ...)");
    for (const auto& entry : node) {
        const std::string key = in.text(entry.first, pattern);
        if (key == "authors" || key == "model_solution") continue;  // descriptive
        if (key == "permitted") {
            r.permitted = verdict_list(in, entry.second, key);
        } else if (key == "required") {
            r.required = verdict_list(in, entry.second, key);
        } else if (key == "score") {
            if (problem.type != problem::ProblemType::scoring)
                in.fail(entry.second, "'score' is only for scoring problems");
            constexpr Bounds<double> kScore{-1e9, 1e9};
            if (entry.second.IsSequence()) {
                if (entry.second.size() != 2) in.fail(entry.second, "'score' expects a number or [min, max]");
                r.score = problem::ScoreRange{in.number(entry.second[0], key, kScore),
                                              in.number(entry.second[1], key, kScore)};
            } else {
                const double v = in.number(entry.second, key, kScore);
                r.score = problem::ScoreRange{v, v};
            }
        } else if (key == "message") {
            r.message = in.text(entry.second, key);
            if (r.message->empty()) in.fail(entry.second, "'message' expects the text a judge message must hold");
        } else if (key == "use_for_time_limit") {
            const std::string v = in.text(entry.second, key);
            if (v == "false")
                r.time_limit_use = problem::TimeLimitUse::none;
            else if (v == "lower")
                r.time_limit_use = problem::TimeLimitUse::lower;
            else if (v == "upper")
                r.time_limit_use = problem::TimeLimitUse::upper;
            else if (v != "true")  // true: the spec's own rule, as without the key
                in.fail(entry.second, "'use_for_time_limit' is true, false, lower or upper, found '" + v + "'");
        } else if (key == "language" || key == "entrypoint") {
            in.fail(entry.first, "'" + pattern + "': '" + key + "' is not supported here");
        } else {
            in.fail(entry.first, "'" + pattern + "': expectations for test group '" + key +
                                     "' are not supported here (only for the whole submission)");
        }
    }
    return r;
}

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
}

std::vector<Rule> read_submissions_yaml(const PackageFiles& files, const fs::path& yaml, const Problem& problem,
                                        Refusals& refusals) {
    std::vector<Rule> rules;
    auto text = files.text(yaml, refusals);
    if (!text) return rules;
    const YamlReader in(yaml.string(), *text);
    try {
        const YAML::Node root = in.root(*text);
        if (root.IsNull()) return rules;
        if (!root.IsMap()) in.fail(root, "expected a mapping of submission patterns");
        // Each pattern read on its own, so that every refusal is listed.
        for (const auto& entry : root) {
            try {
                rules.push_back(read_rule(in, in.text(entry.first, "submissions.yaml"), entry.second, problem));
            } catch (const YamlError& e) {
                refusals.list.push_back(e.diagnostic);
            }
        }
    } catch (const YamlError& e) {
        refusals.list.push_back(e.diagnostic);
    } catch (const YAML::Exception& e) {
        refusals.add(yaml, e.mark.line + 1, e.msg);
    }
    return rules;
}

}  // namespace

void read_included(const PackageFiles& files, Problem& problem, Refusals& refusals) {
    const fs::path dir = files.root() / "include";
    if (!files.is_dir(dir)) return;
    // The format's language codes for the judge's languages.
    const std::map<std::string, std::string> ours = {
        {"c", "c"}, {"cpp", "cpp"}, {"python3", "python"}, {"java", "java"}, {"pascal", "pascal"}};
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
            e.submission = program_at(files, entry, refusals);
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
