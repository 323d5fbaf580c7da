// Reading a folder of tests and its problem.yaml (format in sudoku/judge/contest/plain_problem.hpp).
#include "sudoku/judge/contest/plain_problem.hpp"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <map>

#include "score_tree.hpp"
#include "sudoku/common/bounded_file.hpp"
#include "sudoku/common/config_paths.hpp"
#include "sudoku/common/yaml_reader.hpp"
#include "sudoku/judge/checkers/lemon_checkers.hpp"
#include "sudoku/solver/formats.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

bool natural_less(const std::string& a, const std::string& b) {
    size_t i = 0, j = 0;
    const auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
    while (i < a.size() && j < b.size()) {
        if (digit(a[i]) && digit(b[j])) {
            size_t i_end = i, j_end = j;
            while (i_end < a.size() && digit(a[i_end])) ++i_end;
            while (j_end < b.size() && digit(b[j_end])) ++j_end;
            // Numbers without their leading zeros: the longer is larger, else the digits decide.
            size_t i_lead = i, j_lead = j;
            while (i_lead + 1 < i_end && a[i_lead] == '0') ++i_lead;
            while (j_lead + 1 < j_end && b[j_lead] == '0') ++j_lead;
            const std::string_view x(a.data() + i_lead, i_end - i_lead), y(b.data() + j_lead, j_end - j_lead);
            if (x.size() != y.size()) return x.size() < y.size();
            if (x != y) return x < y;
            i = i_end;
            j = j_end;
        } else {
            if (a[i] != b[j]) return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    if (a.size() - i != b.size() - j) return a.size() - i < b.size() - j;
    return a < b;  // "01" and "1": a total order all the same
}

bool name_matches(const std::string& pattern, const std::string& name) {
    // Iterative glob with one backtrack point: linear enough for names, no recursion to blow.
    size_t p = 0, n = 0, star = std::string::npos, resume = 0;
    while (n < name.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
            ++p;
            ++n;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = n;
        } else if (star != std::string::npos) {
            p = star + 1;
            n = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') ++p;
    return p == pattern.size();
}

std::string plain_name(const std::string& name) {
    std::string out = name;
    for (char& c : out)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-')) c = '-';
    return out;
}

namespace {

// YAML::Node's assignment allocates: a bad_alloc while reading a config ends the command, as anywhere.
// NOLINTNEXTLINE(bugprone-exception-escape)
struct FoundTest {
    std::string name;
    fs::path input, answer;
    double time_limit_s = 0;  // 0: the problem's
    long long memory_limit_mib = 0;
    std::vector<std::string> checker_arguments = {};
    YAML::Node arguments_node = {};  // where they were given, for a message (a list; none: null)
    std::string group = {};          // its closest group of `score_tree`
    YAML::Node group_node = {};
};

// A listed test's file: a regular file (never a link), relative to problem.yaml.
fs::path listed_file(const YamlReader& in, const YAML::Node& node, const std::string& key, const fs::path& base) {
    if (!node) in.fail(node, "a listed test needs '" + key + "'");
    const fs::path file = (base / in.text(node, key)).lexically_normal();
    struct stat st {};
    if (lstat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        in.fail(node, "'" + key + "': " + file.string() + " is not a regular file (a link is not followed)");
    return file;
}

// `tests:` in problem.yaml: the tests named one by one, in order, with their files anywhere and
// their own limits (an imported LemonLime task); files beside them that are not listed are no tests.
std::vector<FoundTest> listed_tests(const YamlReader& in, const YAML::Node& list, const fs::path& base) {
    if (!list.IsSequence() || list.size() == 0) in.fail(list, "'tests' expects a list of {name, input, answer}");
    if (list.size() > static_cast<size_t>(plain_bounds::kMaxTests))
        in.fail(list, "more than " + std::to_string(plain_bounds::kMaxTests) + " tests");
    std::vector<FoundTest> tests;
    for (const auto& t : list) {
        if (!t.IsMap())
            in.fail(t, "a listed test is {name, input, answer, time_limit, memory_limit, checker_arguments, group}");
        in.only_keys(t, {"name", "input", "answer", "time_limit", "memory_limit", "checker_arguments", "group"},
                     "a listed test");
        FoundTest f;
        if (!t["name"]) in.fail(t, "a listed test needs 'name'");
        f.name = in.text(t["name"], "name");
        if (auto why = box_file_name_problem(f.name); !why.empty())
            in.fail(t["name"], "test name '" + f.name + "' " + why);
        for (const auto& other : tests)
            if (other.name == f.name) in.fail(t["name"], "test " + f.name + " is listed twice");
        f.input = listed_file(in, t["input"], "input", base);
        f.answer = listed_file(in, t["answer"], "answer", base);
        if (t["time_limit"]) f.time_limit_s = in.number(t["time_limit"], "time_limit", config_bounds::kTimeLimitS);
        if (t["memory_limit"])
            f.memory_limit_mib = in.integer(t["memory_limit"], "memory_limit", config_bounds::kMemoryLimitMib);
        if (const YAML::Node args = t["checker_arguments"]) {
            if (!args.IsSequence()) in.fail(args, "'checker_arguments' expects a list of words");
            for (const auto& a : args) f.checker_arguments.push_back(in.text(a, "checker_arguments"));
            f.arguments_node = args;
        }
        if (t["group"]) {
            f.group = in.text(t["group"], "group");
            f.group_node.reset(t["group"]);
        }
        tests.push_back(std::move(f));
    }
    return tests;
}

// The NAME.in / NAME.ans|.out pairs of `dir`, naturally ordered; never follows a link.
std::variant<std::vector<FoundTest>, Diagnostic> find_tests(const fs::path& dir) {
    const auto fault = [&](const std::string& m) { return Diagnostic{dir.string(), 0, 0, m}; };
    std::map<std::string, unsigned char> entries;  // name -> d_type-like kind from lstat
    DIR* d = opendir(dir.c_str());
    if (!d) return fault("cannot open the test folder");
    for (dirent* e; (e = readdir(d));) {
        const std::string name = e->d_name;
        if (name == "." || name == "..") continue;
        struct stat st {};
        if (lstat((dir / name).c_str(), &st) != 0) continue;
        entries[name] = S_ISREG(st.st_mode) ? 'f' : S_ISLNK(st.st_mode) ? 'l' : 'o';
        if (entries.size() > 4 * static_cast<size_t>(plain_bounds::kMaxTests)) break;
    }
    closedir(d);
    // The listing stops there: pairing a cut listing would name an answer "missing" that is only
    // beyond the cut, so the folder is refused for its size.
    if (entries.size() > 4 * static_cast<size_t>(plain_bounds::kMaxTests))
        return fault("more than " + std::to_string(plain_bounds::kMaxTests) + " tests: the folder holds more than " +
                     std::to_string(4 * plain_bounds::kMaxTests) + " files");
    std::vector<FoundTest> tests;
    for (const auto& [name, kind] : entries) {
        if (name.size() <= 3 || name.compare(name.size() - 3, 3, ".in") != 0) continue;
        const std::string test = name.substr(0, name.size() - 3);
        if (kind != 'f') return fault(name + " is not a regular file (a link in the test folder is not followed)");
        if (!box_file_name_problem(test).empty() && test != kBoxProgramName)
            return fault("test name '" + test + "' " + box_file_name_problem(test));
        std::string answer;
        for (const char* ext : {".ans", ".out"})
            if (entries.count(test + ext)) {
                answer = test + ext;
                break;
            }
        if (answer.empty())
            return fault("test " + test + " has " + name + " but no " + test + ".ans or " + test + ".out");
        if (entries[answer] != 'f') return fault(answer + " is not a regular file (a link is not followed)");
        tests.push_back({test, dir / name, dir / answer});
    }
    if (tests.empty()) return fault("no tests: expected NAME.in with NAME.ans (or NAME.out)");
    if (tests.size() > static_cast<size_t>(plain_bounds::kMaxTests))
        return fault("more than " + std::to_string(plain_bounds::kMaxTests) + " tests");
    std::sort(tests.begin(), tests.end(),
              [](const FoundTest& a, const FoundTest& b) { return natural_less(a.name, b.name); });
    return tests;
}

struct GroupSpec {
    std::string name;
    std::vector<std::string> patterns;
    double points = 0;
    std::vector<std::string> depends;
    std::string scoring;  // per-test | per-group | max: this group's own rule; empty: the problem's
    YAML::Node node;
};

// NOLINTNEXTLINE(bugprone-easily-swappable-parameters): the key, then its standard stream's name, at both calls
std::string io_name(const YamlReader& in, const YAML::Node& node, const std::string& key, const std::string& stdio) {
    const std::string name = in.text(node, key);
    if (name == stdio) return name;
    if (auto why = box_file_name_problem(name); !why.empty()) in.fail(node, "'" + key + "': '" + name + "' " + why);
    return name;
}

std::string scoring_rule(const YamlReader& in, const YAML::Node& node) {
    const std::string rule = in.text(node, "scoring");
    if (rule != "per-test" && rule != "per-group")
        in.fail(node, "'scoring' is per-test or per-group, found '" + rule + "'");
    return rule;
}

// A group's own rule: the problem's two, or max, which only a group takes.
std::string group_scoring_rule(const YamlReader& in, const YAML::Node& node) {
    const std::string rule = in.text(node, "scoring");
    if (rule != "per-test" && rule != "per-group" && rule != "max")
        in.fail(node, "a group's 'scoring' is per-test, per-group or max, found '" + rule + "'");
    return rule;
}

// A Kattis package's rules (an imported problem): its output validator's arguments, and the
// default validator's case-insensitive comparison of tokens.
void read_kattis_rules(const YamlReader& in, const YAML::Node& root, ContestProblem& p) {
    if (const YAML::Node args = root["checker_arguments"]) {
        if (!args.IsSequence()) in.fail(args, "'checker_arguments' expects a list of words");
        for (const auto& a : args) p.checker_arguments.push_back(in.text(a, "checker_arguments"));
        if (p.checker_protocol != CheckerProtocol::kattis)
            in.fail(args, "'checker_arguments' is for a checker with checker_protocol: kattis");
    }
    if (const YAML::Node cs = root["case_sensitive"]) {
        const std::string v = in.text(cs, "case_sensitive");
        if (v != "true" && v != "false") in.fail(cs, "'case_sensitive' is true or false, found '" + v + "'");
        p.case_sensitive = v == "true";
        if (p.config.checker != "tokens" && p.config.checker != "float")
            in.fail(cs, "'case_sensitive' is for the tokens and float checkers, not '" + p.config.checker + "'");
    }
    if (const YAML::Node sc = root["space_change_sensitive"]) {
        const std::string v = in.text(sc, "space_change_sensitive");
        if (v != "true" && v != "false") in.fail(sc, "'space_change_sensitive' is true or false, found '" + v + "'");
        p.space_change_sensitive = v == "true";
        if (p.config.checker != "tokens" && p.config.checker != "float")
            in.fail(sc,
                    "'space_change_sensitive' is for the tokens and float checkers, not '" + p.config.checker + "'");
    }
}

bool is_lemon_checker(const std::string& name) {
    return name == "lemon-lines" || name == "lemon-ignore-spaces" || name == "lemon-real" || name == "lemon-diff";
}

// LemonLime's diff arguments, and how it times and bounds a run (sudoku/judge/runner_client/runner_contract.hpp).
void read_lemon_run_rules(const YamlReader& in, const YAML::Node& root, ContestProblem& p) {
    if (const YAML::Node args = root["diff_arguments"]) {
        if (p.config.checker != "lemon-diff") in.fail(args, "'diff_arguments' given but the checker is not lemon-diff");
        p.diff_arguments = in.text(args, "diff_arguments");
    } else if (p.config.checker == "lemon-diff") {
        in.fail(root["checker"], "'checker: lemon-diff' needs 'diff_arguments' (the one argument diff is given)");
    }
    if (const YAML::Node clock = root["cpu_clock"]) {
        auto value = from_string<CpuClock>(in.text(clock, "cpu_clock"));
        if (!value)
            in.fail(clock, "'cpu_clock' is user-and-system or user, found '" + in.text(clock, "cpu_clock") + "'");
        p.cpu_clock = *value;
    }
    if (const YAML::Node rule = root["memory_rule"]) {
        auto value = from_string<MemoryRule>(in.text(rule, "memory_rule"));
        if (!value)
            in.fail(rule, "'memory_rule' is resident or address-space, found '" + in.text(rule, "memory_rule") + "'");
        p.memory_rule = *value;
    }
}

// LemonLime's rules for an imported task: its real-number precision, its reading of a testlib
// checker, its whole points (sudoku/judge/checkers/lemon_checkers.hpp).
void read_lemon_rules(const YamlReader& in, const YAML::Node& root, ContestProblem& p) {
    if (const YAML::Node digits = root["real_precision"]) {
        if (p.config.checker != "lemon-real")
            in.fail(digits, "'real_precision' given but the checker is not lemon-real");
        p.real_precision = in.integer(digits, "real_precision", Bounds<int>{0, kLemonMaxRealPrecision});
    }
    if (const YAML::Node protocol = root["checker_protocol"]) {
        const std::string name = in.text(protocol, "checker_protocol");
        if (name == "lemon-message")
            p.checker_protocol = CheckerProtocol::lemon_message;
        else if (name == "lemon-special")
            p.checker_protocol = CheckerProtocol::lemon_special;
        else if (name == "kattis")
            p.checker_protocol = CheckerProtocol::kattis;
        else if (name == "cms")
            p.checker_protocol = CheckerProtocol::cms;
        else if (name != "testlib")
            in.fail(protocol,
                    "'checker_protocol' is testlib, lemon-message, lemon-special, kattis or cms, found '" + name + "'");
        if (is_builtin_checker(p.config.checker) || p.config.checker == "float" || is_lemon_checker(p.config.checker))
            in.fail(protocol, "'checker_protocol' is for an external checker, not '" + p.config.checker + "'");
    }
    if (const YAML::Node partial = root["partial_points"]) {
        const std::string name = in.text(partial, "partial_points");
        if (name == "lemon")
            p.partial_points = PartialPoints::lemon;
        else if (name != "exact")
            in.fail(partial, "'partial_points' is exact or lemon, found '" + name + "'");
    }
    read_lemon_run_rules(in, root, p);
}

void read_checker(const YamlReader& in, const YAML::Node& root, ContestProblem& p) {
    if (root["checker"]) {
        const std::string checker = in.text(root["checker"], "checker");
        if (checker == "float" || is_lemon_checker(checker) || (is_builtin_checker(checker) && checker != "sudoku")) {
            p.config.checker = checker;
        } else if (checker == "sudoku") {
            in.fail(root["checker"], "'checker: sudoku' needs a sudoku problem (config.yaml), not a folder of tests");
        } else {
            auto path = resolve_checker_path(p.config_file, checker);
            if (auto* why = std::get_if<std::string>(&path)) in.fail(root["checker"], "checker: " + *why);
            p.config.checker = std::get<fs::path>(path).string();
        }
    }
    if (const YAML::Node f = root["float"]) {
        if (!f.IsMap()) in.fail(f, "'float' expects {absolute: number, relative: number}");
        in.only_keys(f, {"absolute", "relative"}, "float");
        if (f["absolute"]) p.float_tolerance.absolute = in.number(f["absolute"], "absolute", plain_bounds::kTolerance);
        if (f["relative"]) p.float_tolerance.relative = in.number(f["relative"], "relative", plain_bounds::kTolerance);
        if (p.config.checker != "float") in.fail(f, "'float' tolerances given but the checker is not float");
    }
    read_lemon_rules(in, root, p);
    read_kattis_rules(in, root, p);
}

std::vector<GroupSpec> read_groups(const YamlReader& in, const YAML::Node& groups) {
    if (!groups.IsSequence() || groups.size() == 0) in.fail(groups, "'groups' expects a list of groups");
    std::vector<GroupSpec> specs;
    for (const auto& g : groups) {
        if (!g.IsMap()) in.fail(g, "a group is {name, tests, points, depends}");
        in.only_keys(g, {"name", "tests", "points", "depends", "scoring"}, "a group");
        GroupSpec s;
        s.node.reset(g);
        if (!g["name"] || !g["tests"]) in.fail(g, "a group needs 'name' and 'tests' (a pattern on test names)");
        s.name = in.text(g["name"], "name");
        if (g["tests"].IsSequence()) {
            for (const auto& pattern : g["tests"]) s.patterns.push_back(in.text(pattern, "tests"));
            if (s.patterns.empty()) in.fail(g["tests"], "'tests' expects a pattern or a list of patterns");
        } else {
            s.patterns.push_back(in.text(g["tests"], "tests"));
        }
        if (s.name.empty()) in.fail(g["name"], "a group's name is empty");
        for (const auto& other : specs)
            if (other.name == s.name) in.fail(g["name"], "group '" + s.name + "' is defined twice");
        if (g["points"]) s.points = in.number(g["points"], "points", plain_bounds::kPoints);
        if (g["scoring"]) s.scoring = group_scoring_rule(in, g["scoring"]);
        if (const YAML::Node deps = g["depends"]) {
            if (!deps.IsSequence()) in.fail(deps, "'depends' expects a list of group names");
            for (const auto& dep : deps) {
                const std::string name = in.text(dep, "depends");
                // Earlier groups only: no cycles by construction, and scoring decides in one pass.
                if (std::none_of(specs.begin(), specs.end(), [&](const GroupSpec& o) { return o.name == name; }))
                    in.fail(dep, "group '" + s.name + "' depends on '" + name + "', which is not an earlier group");
                s.depends.push_back(name);
            }
        }
        specs.push_back(std::move(s));
    }
    return specs;
}

// The ranges the points of some groups must fall in (an imported Kattis package's legacy `range`):
// each names groups defined above; a missing end is unbounded.
void read_score_ranges(const YamlReader& in, const YAML::Node& node, const std::vector<GroupSpec>& specs,
                       ContestProblem& p) {
    if (!node.IsSequence()) in.fail(node, "'score_ranges' expects a list of {name, groups, min, max}");
    constexpr Bounds<double> kEnd{-1e9, 1e9};
    for (const auto& r : node) {
        if (!r.IsMap() || !r["name"] || !r["groups"] || !r["groups"].IsSequence())
            in.fail(r, "a score range is {name, groups: [group, ...], min, max}");
        in.only_keys(r, {"name", "groups", "min", "max"}, "a score range");
        GroupScoreRange range;
        range.name = in.text(r["name"], "name");
        for (const auto& g : r["groups"]) {
            const std::string group = in.text(g, "groups");
            if (std::none_of(specs.begin(), specs.end(), [&](const GroupSpec& s) { return s.name == group; }))
                in.fail(g,
                        "score range '" + range.name + "' names group '" + group + "', which 'groups' does not define");
            range.groups.push_back(group);
        }
        if (r["min"]) range.min = in.number(r["min"], "min", kEnd);
        if (r["max"]) range.max = in.number(r["max"], "max", kEnd);
        if (range.min > range.max) in.fail(r, "score range '" + range.name + "' has min > max");
        p.score_ranges.push_back(std::move(range));
    }
}

// Assigns every test its group and points.
void assign_groups(const YamlReader& in, const YAML::Node& root, const std::vector<GroupSpec>& specs,
                   const std::vector<FoundTest>& found, ContestProblem& p) {
    if (specs.empty()) {
        double total = plain_defaults::kTotalPoints;
        if (root["points"]) total = in.number(root["points"], "points", plain_bounds::kPoints);
        for (const auto& t : found) {
            const double share = total / static_cast<double>(found.size());
            p.tests.push_back(
                {t.name, t.name, t.input, t.answer, share, t.time_limit_s, t.memory_limit_mib, t.checker_arguments});
        }
        return;
    }
    if (root["points"]) in.fail(root["points"], "'points' is for problems without groups: give each group its points");
    std::map<std::string, int> members;
    std::vector<std::string> group_of;
    for (const auto& t : found) {
        auto g = std::find_if(specs.begin(), specs.end(), [&](const GroupSpec& s) {
            return std::any_of(s.patterns.begin(), s.patterns.end(),
                               [&](const std::string& pattern) { return name_matches(pattern, t.name); });
        });
        if (g == specs.end()) in.fail(root["groups"], "test " + t.name + " matches no group's 'tests' pattern");
        group_of.push_back(g->name);
        ++members[g->name];
    }
    for (const auto& s : specs)
        if (members[s.name] == 0) in.fail(s.node, "group '" + s.name + "' matches no test ('" + s.patterns[0] + "')");
    for (size_t i = 0; i < found.size(); ++i) {
        const auto& s =
            *std::find_if(specs.begin(), specs.end(), [&](const GroupSpec& g) { return g.name == group_of[i]; });
        const bool per_group = (s.scoring.empty() ? p.config.scoring : s.scoring) != "per-test";
        const double points = per_group ? s.points : s.points / members[s.name];
        p.tests.push_back({found[i].name, s.name, found[i].input, found[i].answer, points, found[i].time_limit_s,
                           found[i].memory_limit_mib, found[i].checker_arguments});
    }
    for (const auto& s : specs) {
        if (!s.depends.empty()) p.dependencies.push_back({s.name, s.depends});
        if (s.scoring == "per-test") p.group_scoring[s.name] = GroupRule::per_test;
        if (s.scoring == "per-group") p.group_scoring[s.name] = GroupRule::per_group;
        if (s.scoring == "max") p.group_scoring[s.name] = GroupRule::max;
    }
}

// `score_tree` in place of the plain groups: every test names its closest group and is worth that
// group's accept_score (the model scores it, sudoku/judge/grading/scoring.hpp).
void assign_tree_groups(const YamlReader& in, const YAML::Node& root, const std::vector<FoundTest>& found,
                        ContestProblem& p) {
    for (const char* plain : {"groups", "points", "scoring", "score_ranges"})
        if (root[plain])
            in.fail(root[plain], std::string("'") + plain + "' is for the plain groups: not beside 'score_tree'");
    p.score_tree = read_score_tree(in, root["score_tree"]);
    for (const auto& t : found) {
        if (!t.group_node.IsScalar()) in.fail(root["tests"], "test " + t.name + " names no 'group' of 'score_tree'");
        auto g = std::find_if(p.score_tree.begin(), p.score_tree.end(),
                              [&](const problem::Group& group) { return group.name == t.group; });
        if (g == p.score_tree.end())
            in.fail(t.group_node,
                    "test " + t.name + " names group '" + t.group + "', which 'score_tree' does not define");
        p.tests.push_back({t.name, t.group, t.input, t.answer, g->accept_score, t.time_limit_s, t.memory_limit_mib,
                           t.checker_arguments});
    }
    if (auto broken = problem::model_problems(score_tree_model(p)); !broken.empty())
        in.fail(root["score_tree"], broken.front());
}

// The files compiled with every submission of a language (an imported Kattis include/<language>/).
void read_included_files(const YamlReader& in, const YAML::Node& node, ContestProblem& p) {
    if (!node.IsMap()) in.fail(node, "'included_files' expects a mapping of languages to lists of files");
    for (const auto& entry : node) {
        const std::string language = in.text(entry.first, "included_files");
        if (!entry.second.IsSequence())
            in.fail(entry.second, "'included_files: " + language + "' expects a list of files");
        auto& list = p.included_files[language];
        for (const auto& f : entry.second) {
            const fs::path file = listed_file(in, f, "included_files", p.config_file.parent_path());
            if (auto why = box_file_name_problem(file.filename().string()); !why.empty())
                in.fail(f, "included file '" + file.filename().string() + "' " + why);
            list.push_back(file);
        }
    }
}

void read_problem_yaml(const YamlReader& in, const YAML::Node& root, const std::vector<FoundTest>& found,
                       ContestProblem& p) {
    if (!root.IsMap()) in.fail(root, "expected a mapping of keys (time_limit, checker, groups, ...)");
    in.only_keys(root, {"name",           "title",
                        "tests_folder",   "tests",
                        "input",          "output",
                        "time_limit",     "wall_limit",
                        "memory_limit",   "output_limit",
                        "checker",        "float",
                        "real_precision", "checker_protocol",
                        "diff_arguments", "cpu_clock",
                        "memory_rule",    "partial_points",
                        "scoring",        "points",
                        "groups",         "checker_arguments",
                        "case_sensitive", "space_change_sensitive",
                        "included_files", "score_ranges",
                        "score_tree"},
                 kPlainProblemFile);
    ProblemConfig& c = p.config;
    if (root["name"]) {
        c.name = in.text(root["name"], "name");
        c.name_line = root["name"].Mark().line + 1;
    }
    if (auto why = box_file_name_problem(c.name); !why.empty() && c.name != kBoxProgramName)
        in.fail(root["name"] ? root["name"] : root, "problem name '" + c.name + "' " + why);
    if (root["title"]) c.title = in.text(root["title"], "title");
    if (root["input"]) c.input_file = io_name(in, root["input"], "input", "stdin");
    if (root["output"]) c.output_file = io_name(in, root["output"], "output", "stdout");
    if (root["time_limit"]) c.time_limit_s = in.number(root["time_limit"], "time_limit", config_bounds::kTimeLimitS);
    if (root["wall_limit"]) c.wall_limit_s = in.number(root["wall_limit"], "wall_limit", config_bounds::kWallLimitS);
    if (root["memory_limit"])
        c.memory_limit_mib = in.integer(root["memory_limit"], "memory_limit", config_bounds::kMemoryLimitMib);
    if (root["output_limit"])
        c.output_limit_kib = in.integer(root["output_limit"], "output_limit", config_bounds::kOutputLimitKib);
    if (root["scoring"]) c.scoring = scoring_rule(in, root["scoring"]);
    read_checker(in, root, p);
    if (const YAML::Node inc = root["included_files"]) read_included_files(in, inc, p);
    for (const auto& t : found)
        if (t.arguments_node.IsSequence() && p.checker_protocol != CheckerProtocol::kattis)
            in.fail(t.arguments_node, "'checker_arguments' is for a checker with checker_protocol: kattis");
    if (const YAML::Node tree = root["score_tree"]) {
        assign_tree_groups(in, root, found, p);
        return;
    }
    for (const auto& t : found)
        if (t.group_node.IsScalar()) in.fail(t.group_node, "a listed test's 'group' names a group of 'score_tree'");
    std::vector<GroupSpec> specs;
    if (root["groups"]) specs = read_groups(in, root["groups"]);
    assign_groups(in, root, specs, found, p);
    if (const YAML::Node ranges = root["score_ranges"]) {
        if (specs.empty()) in.fail(ranges, "'score_ranges' bound groups: give the problem 'groups'");
        read_score_ranges(in, ranges, specs, p);
    }
}

}  // namespace

std::variant<ContestProblem, Diagnostic> load_plain_problem(const fs::path& dir) {
    ContestProblem p;
    p.plain = true;
    p.testdata = fs::absolute(dir).lexically_normal();
    ProblemConfig& c = p.config;
    c.source = p.testdata / kPlainProblemFile;
    c.name = p.testdata.filename().string();
    c.title = c.name;
    c.input_file = "stdin";
    c.output_file = "stdout";
    c.time_limit_s = plain_defaults::kTimeLimitS;
    c.memory_limit_mib = plain_defaults::kMemoryLimitMib;
    c.output_limit_kib = plain_defaults::kOutputLimitKib;
    c.checker = "tokens";
    c.scoring = "per-test";
    const fs::path yaml = p.testdata / kPlainProblemFile;
    struct stat st {};
    if (lstat(p.testdata.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        return Diagnostic{p.testdata.string(), 0, 0, "the problem's folder does not exist (or is a link)"};
    if (lstat(yaml.c_str(), &st) != 0) {
        auto found = find_tests(p.testdata);
        if (auto* d = std::get_if<Diagnostic>(&found)) return *d;
        YamlReader none(yaml.string(), "");
        assign_groups(none, YAML::Node(), {}, std::get<std::vector<FoundTest>>(found), p);
        return p;
    }
    if (!S_ISREG(st.st_mode)) return Diagnostic{yaml.string(), 0, 0, "is not a regular file"};
    p.config_file = yaml;
    auto text = read_text_file(yaml, kMaxConfigBytes);
    if (auto* d = std::get_if<Diagnostic>(&text)) return *d;
    const YamlReader in(yaml.string(), std::get<std::string>(text));
    try {
        const YAML::Node root = in.root(std::get<std::string>(text));
        // The tests may lie elsewhere (an imported LemonLime contest's data/<task>/).
        if (root.IsMap() && root["tests_folder"]) {
            p.testdata = (p.testdata / in.text(root["tests_folder"], "tests_folder")).lexically_normal();
            if (lstat(p.testdata.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
                in.fail(root["tests_folder"], "tests_folder: " + p.testdata.string() + " is not a folder");
        }
        if (root.IsMap() && root["tests"]) {
            if (root["tests_folder"]) in.fail(root["tests"], "'tests' lists the tests: no 'tests_folder' beside it");
            read_problem_yaml(in, root, listed_tests(in, root["tests"], p.testdata), p);
            return p;
        }
        auto found = find_tests(p.testdata);
        if (auto* d = std::get_if<Diagnostic>(&found)) return *d;
        read_problem_yaml(in, root, std::get<std::vector<FoundTest>>(found), p);
    } catch (const YamlError& e) {
        return e.diagnostic;
    } catch (const YAML::Exception& e) {
        return Diagnostic{yaml.string(), e.mark.line + 1, e.mark.column + 1, e.msg};
    }
    return p;
}

}  // namespace sudoku::judge
