// submissions.yaml read into rules (kattis_rules.hpp), from the 2025-09 specification's "Example
// submissions": its glob patterns, its keys, and its keys naming a test group or test.
#include <algorithm>
#include <string_view>

#include "kattis_rules.hpp"
#include "sudoku/common/yaml_reader.hpp"

namespace sudoku::formats::kattis {

namespace fs = std::filesystem;
using problem::Judgement;
using problem::Problem;

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

}  // namespace

bool glob_matches(const std::string& pattern, const std::string& path, bool whole) {
    const auto have = components(path);
    std::string trimmed = pattern;
    while (trimmed.size() > 1 && trimmed.back() == '/') trimmed.pop_back();  // "secret/" is "secret"
    for (const auto& one : expand_braces(trimmed)) {
        const auto want = components(one);
        if (want.empty() || want.size() > have.size() || (whole && want.size() != have.size())) continue;
        bool all = true;
        for (size_t i = 0; i < want.size() && all; ++i) all = component_matches(want[i], have[i]);
        if (all) return true;
    }
    return false;
}

namespace {

constexpr Judgement AC = Judgement::accepted, WA = Judgement::wrong_answer, TLE = Judgement::time_limit_exceeded,
                    RTE = Judgement::run_time_error;

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

problem::ScoreRange score_range(const YamlReader& in, const YAML::Node& node, const Problem& problem) {
    if (problem.type != problem::ProblemType::scoring) in.fail(node, "'score' is only for scoring problems");
    constexpr Bounds<double> kScore{-1e9, 1e9};
    if (!node.IsSequence()) {
        const double v = in.number(node, "score", kScore);
        return {v, v};
    }
    if (node.size() != 2) in.fail(node, "'score' expects a number or [min, max]");
    return {in.number(node[0], "score", kScore), in.number(node[1], "score", kScore)};
}

std::string message_text(const YamlReader& in, const YAML::Node& node) {
    std::string m = in.text(node, "message");
    if (m.empty()) in.fail(node, "'message' expects the text a judge message must hold");
    return m;
}

std::optional<problem::TimeLimitUse> time_limit_use(const YamlReader& in, const YAML::Node& node) {
    const std::string v = in.text(node, "use_for_time_limit");
    if (v == "false") return problem::TimeLimitUse::none;
    if (v == "lower") return problem::TimeLimitUse::lower;
    if (v == "upper") return problem::TimeLimitUse::upper;
    if (v != "true")  // true: the spec's own rule, as without the key
        in.fail(node, "'use_for_time_limit' is true, false, lower or upper, found '" + v + "'");
    return std::nullopt;
}

// How a group key's tests bound a derived time limit, by the spec's inference over the tests it
// applies to: required: [TLE] from above, a permitted set without TLE from below; its own
// use_for_time_limit (`use`) opts out or in, and must agree with what it asks.
problem::TimeLimitUse group_time_limit_use(const YamlReader& in, const problem::GroupExpectation& g,
                                           std::optional<problem::TimeLimitUse> use, const YAML::Node& at) {
    const bool may_time_out =
        g.permitted.empty() || std::find(g.permitted.begin(), g.permitted.end(), TLE) != g.permitted.end();
    const bool must_time_out = g.required == std::vector<Judgement>{TLE};
    if (use == problem::TimeLimitUse::upper && !may_time_out)
        in.fail(at, "'" + g.path + "': use_for_time_limit: upper, but its permitted set has no TLE");
    if (use == problem::TimeLimitUse::lower && must_time_out)
        in.fail(at, "'" + g.path + "': use_for_time_limit: lower, but a test of it must time out");
    if (use) return *use;
    if (must_time_out) return problem::TimeLimitUse::upper;
    return may_time_out ? problem::TimeLimitUse::none : problem::TimeLimitUse::lower;
}

// A key naming test groups or tests of data/ (a pattern of them): the conditions it sets on the
// tests it covers, and the groups and tests whose score it bounds.
problem::GroupExpectation group_rule(const YamlReader& in, const std::string& pattern, const YAML::Node& key,
                                     const YAML::Node& node, const Problem& problem) {
    problem::GroupExpectation g;
    g.path = in.text(key, pattern);
    if (g.path.find("**") != std::string::npos || g.path.find('[') != std::string::npos)
        in.fail(key, "'" + g.path + "': ** and [...] are not glob patterns of the format");
    const std::string root = problem::root_group(problem);
    for (const auto& group : problem.groups)
        if (group.name != root && glob_matches(g.path, group.name, true)) g.named.push_back(group.name);
    for (const auto& t : problem.tests) {
        if (glob_matches(g.path, t.name, true)) g.named.push_back(t.name);
        if (glob_matches(g.path, t.name)) g.tests.push_back(t.name);
    }
    if (g.tests.empty())
        in.fail(key, "'" + pattern + "': '" + g.path +
                         "' is neither a key of submissions.yaml (permitted, required, score, message, "
                         "use_for_time_limit, language, entrypoint, authors, model_solution) nor a test group or "
                         "test of data/");
    if (!node.IsMap()) in.fail(node, "'" + g.path + "' expects a mapping (permitted, required, score, message)");
    std::optional<problem::TimeLimitUse> use;
    YAML::Node use_at;
    for (const auto& entry : node) {
        const std::string k = in.text(entry.first, g.path);
        if (k == "permitted") {
            g.permitted = verdict_list(in, entry.second, k);
        } else if (k == "required") {
            g.required = verdict_list(in, entry.second, k);
        } else if (k == "score") {
            if (g.named.empty())
                in.fail(entry.first, "'" + g.path + "' names no test group or test: 'score' bounds a group's score");
            g.score = score_range(in, entry.second, problem);
        } else if (k == "message") {
            g.message = message_text(in, entry.second);
        } else if (k == "use_for_time_limit") {
            use = time_limit_use(in, entry.second);
            use_at = entry.second;
        } else {
            in.fail(
                entry.first,
                "'" + g.path + "' holds permitted, required, score, message or use_for_time_limit, found '" + k + "'");
        }
    }
    g.time_limit_use = group_time_limit_use(in, g, use, use_at);
    return g;
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
            r.score = score_range(in, entry.second, problem);
        } else if (key == "message") {
            r.message = message_text(in, entry.second);
        } else if (key == "use_for_time_limit") {
            r.time_limit_use = time_limit_use(in, entry.second);
        } else if (key == "language" || key == "entrypoint") {
            const std::string v = in.text(entry.second, key);
            if (v.empty()) in.fail(entry.second, "'" + key + "' expects a name, found nothing");
            (key == "language" ? r.language : r.entrypoint) = v;
        } else {
            r.groups.push_back(group_rule(in, pattern, entry.first, entry.second, problem));
        }
    }
    return r;
}

}  // namespace

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

}  // namespace sudoku::formats::kattis
