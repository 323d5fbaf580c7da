// A Kattis package's problem.yaml, and the reader's entry (sudoku/formats/kattis.hpp).
#include <algorithm>
#include <cctype>
#include <cmath>

#include "kattis_parts.hpp"
#include "sudoku/common/yaml_reader.hpp"
#include "sudoku/problem/scoring.hpp"

namespace sudoku::formats {

namespace fs = std::filesystem;
using problem::Problem;

namespace kattis {

namespace {

// Every key problem.yaml may hold in any version; those not read here are descriptive only.
const std::set<std::string> kKnownKeys = {"problem_format_version",
                                          "type",
                                          "name",
                                          "uuid",
                                          "version",
                                          "author",
                                          "source",
                                          "source_url",
                                          "rights_owner",
                                          "license",
                                          "credits",
                                          "embargo_until",
                                          "keywords",
                                          "languages",
                                          "allow_file_writing",
                                          "limits",
                                          "validation",
                                          "validator_flags",
                                          "grading",
                                          "constants",
                                          "judgement_type",
                                          "submission_type"};

const std::set<std::string> kLimitKeys = {"time_limit",
                                          "time_multipliers",
                                          "time_resolution",
                                          "time_multiplier",
                                          "time_safety_margin",
                                          "memory",
                                          "output",
                                          "code",
                                          "compilation_time",
                                          "compilation_memory",
                                          "validation_time",
                                          "validation_memory",
                                          "validation_output",
                                          "validation_passes"};

KattisVersion version_of(const YamlReader& in, const YAML::Node& root) {
    if (!root["problem_format_version"]) return KattisVersion::legacy;
    const std::string v = in.text(root["problem_format_version"], "problem_format_version");
    if (v == "legacy" || v == "legacy-icpc") return KattisVersion::legacy;
    if (v == "2023-07-draft" || v == "2023-07") return KattisVersion::v2023_07;
    if (v == "2025-09" || v == "2025-09-draft" || v == "draft") return KattisVersion::v2025_09;
    in.fail(root["problem_format_version"],
            "'problem_format_version' is legacy, legacy-icpc, 2023-07(-draft), 2025-09(-draft) or draft, found '" + v +
                "'");
}

// The words of `type` (a string or a list; 2025-09's judgement_type and submission_type too).
std::vector<std::string> type_words(const YamlReader& in, const YAML::Node& root) {
    std::vector<std::string> words;
    for (const char* key : {"type", "judgement_type", "submission_type"}) {
        const YAML::Node node = root[key];
        if (!node) continue;
        if (node.IsSequence())
            for (const auto& w : node) words.push_back(in.text(w, key));
        else
            for (auto& w : split_words(in.text(node, key))) words.push_back(w);
    }
    return words;
}

void read_type(const YamlReader& in, const YAML::Node& root, Problem& problem, Metadata& meta) {
    for (const auto& word : type_words(in, root)) {
        if (word == "scoring")
            problem.type = problem::ProblemType::scoring;
        else if (word == "interactive" || word == "multi-pass" || word == "submit-answer" || word == "submit_answer")
            in.fail(root["type"] ? root["type"] : root,
                    "the problem is " + word + ": only pass-fail and scoring batch problems are graded here");
        else if (word != "pass-fail" && word != "standard")
            in.fail(root["type"] ? root["type"] : root, "'type' is pass-fail or scoring, found '" + word + "'");
    }
    if (const YAML::Node v = root["validation"]) {
        const auto words = split_words(in.text(v, "validation"));
        for (size_t i = 0; i < words.size(); ++i) {
            if (i == 0 && (words[0] == "default" || words[0] == "custom")) {
                meta.custom_validator = words[0] == "custom";
            } else if (words[i] == "score" && meta.custom_validator) {
                problem.type = problem::ProblemType::scoring;
            } else if (words[i] == "interactive" || words[i] == "multi-pass") {
                in.fail(v,
                        "the problem is " + words[i] + ": only pass-fail and scoring batch problems are graded here");
            } else {
                in.fail(v, "'validation' is default, or custom with score, found '" + words[i] + "'");
            }
        }
    }
    if (const YAML::Node g = root["grading"]) {
        if (!g.IsMap()) in.fail(g, "'grading' expects {objective, show_test_data_groups}");
        in.only_keys(g, {"objective", "show_test_data_groups", "score", "max_score"}, "grading");
        if (g["objective"] && in.text(g["objective"], "objective") != "max")
            in.fail(g["objective"], "'objective: min' cannot be graded here: scores are maximised");
    }
}

void read_time_multipliers(const YamlReader& in, const YAML::Node& limits, problem::TimeLimitRule& rule) {
    constexpr Bounds<double> kMultiplier{1, 1000};
    if (const YAML::Node m = limits["time_multipliers"]) {
        if (!m.IsMap()) in.fail(m, "'time_multipliers' expects {ac_to_time_limit, time_limit_to_tle}");
        in.only_keys(m, {"ac_to_time_limit", "time_limit_to_tle"}, "time_multipliers");
        if (m["ac_to_time_limit"])
            rule.ac_to_time_limit = in.number(m["ac_to_time_limit"], "ac_to_time_limit", kMultiplier);
        if (m["time_limit_to_tle"])
            rule.time_limit_to_tle = in.number(m["time_limit_to_tle"], "time_limit_to_tle", kMultiplier);
    }
    if (limits["time_multiplier"])
        rule.ac_to_time_limit = in.number(limits["time_multiplier"], "time_multiplier", kMultiplier);
    if (limits["time_safety_margin"])
        rule.time_limit_to_tle = in.number(limits["time_safety_margin"], "time_safety_margin", kMultiplier);
    if (limits["time_resolution"])
        rule.resolution = in.number(limits["time_resolution"], "time_resolution", Bounds<double>{0.001, 60});
}

void read_limits(const YamlReader& in, const YAML::Node& root, Problem& problem, const Metadata& meta) {
    problem::Limits& l = problem.limits;
    default_limits(problem, meta);
    const YAML::Node limits = root["limits"];
    if (limits) {
        if (!limits.IsMap()) in.fail(limits, "'limits' expects a mapping (time_limit, memory, output, ...)");
        in.only_keys(limits, kLimitKeys, "limits");
        read_time_multipliers(in, limits, problem.time_rule);
        if (limits["time_limit"]) {
            l.time_s = in.number(limits["time_limit"], "time_limit", Bounds<double>{0.01, 300});
            problem.time_rule.derived = false;
        }
        if (limits["memory"]) l.memory_mib = in.integer(limits["memory"], "memory", Bounds<std::int64_t>{1, 1 << 20});
        if (limits["output"])
            l.output_kib = in.integer(limits["output"], "output", Bounds<std::int64_t>{1, 1024}) << 10;
        if (limits["code"]) l.code_kib = in.integer(limits["code"], "code", Bounds<std::int64_t>{1, 1 << 16});
    }
    if (problem.time_rule.derived)
        problem.notes.push_back(
            "problem.yaml gives no time_limit: it is derived from the accepted submissions' times x " +
            std::to_string(problem.time_rule.ac_to_time_limit));
}

bool constant_name(const std::string& name) {
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
    return std::all_of(name.begin(), name.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// 2025-09 `constants`: a name to a scalar, or to {value, variants...}; "name" and "name.value"
// stand for the value.
void read_constants(const YamlReader& in, const YAML::Node& node, Problem& problem) {
    if (!node.IsMap()) in.fail(node, "'constants' expects a mapping of names to values");
    for (const auto& entry : node) {
        const std::string name = in.text(entry.first, "constants");
        if (!constant_name(name)) in.fail(entry.first, "constant name '" + name + "' is not [a-zA-Z_][a-zA-Z0-9_]*");
        const YAML::Node v = entry.second;
        if (v.IsScalar()) {
            problem.constants[name] = problem.constants[name + ".value"] = in.text(v, name);
            continue;
        }
        if (!v.IsMap() || !v["value"])
            in.fail(v, "constant '" + name + "' is a number or a string, or a mapping with 'value'");
        for (const auto& variant : v) {
            const std::string key = in.text(variant.first, name);
            if (!constant_name(key)) in.fail(variant.first, "variant name '" + key + "' is not a plain word");
            if (!variant.second.IsScalar())
                in.fail(variant.second, "constant '" + name + "." + key + "' is a number or a string");
            problem.constants[name + "." + key] = in.text(variant.second, name + "." + key);
        }
        problem.constants[name] = problem.constants[name + ".value"];
    }
}

void read_root(const YamlReader& in, const YAML::Node& root, Problem& problem, Metadata& meta) {
    if (!root.IsMap()) in.fail(root, "expected a mapping of keys (name, limits, ...)");
    in.only_keys(root, kKnownKeys, "problem.yaml");
    meta.version = version_of(in, root);
    if (const YAML::Node c = root["constants"]) {
        if (meta.version != KattisVersion::v2025_09)
            in.fail(c, "'constants' is a key of problem_format_version 2025-09");
        read_constants(in, c, problem);
    }
    if (const YAML::Node name = root["name"]) {
        if (name.IsMap())
            problem.title = name["en"] ? in.text(name["en"], "name") : in.text(name.begin()->second, "name");
        else
            problem.title = in.text(name, "name");
    }
    read_type(in, root, problem, meta);
    read_limits(in, root, problem, meta);
    if (root["validator_flags"])
        meta.validator_flags = split_words(in.text(root["validator_flags"], "validator_flags"));
}

}  // namespace

void default_limits(Problem& problem, const Metadata& meta) {
    // The spec's typical system defaults: 2048 MiB of memory, 8 MiB of output.
    problem.limits.memory_mib = 2048;
    problem.limits.output_kib = 8 << 10;
    problem.time_rule.derived = true;
    if (meta.version == KattisVersion::legacy) {
        problem.time_rule.ac_to_time_limit = 5;
        problem.time_rule.time_limit_to_tle = 2;
    }
}

std::vector<std::string> split_words(const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    for (char c : text) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!word.empty()) words.push_back(std::move(word));
            word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty()) words.push_back(std::move(word));
    return words;
}

std::string language_of(const fs::path& file) {
    const std::string ext = file.extension().string();
    if (ext == ".c") return "c";
    if (ext == ".cc" || ext == ".cpp" || ext == ".cxx" || ext == ".c++" || ext == ".C") return "cpp";
    if (ext == ".py" || ext == ".py3") return "python";
    if (ext == ".java") return "java";
    if (ext == ".pas" || ext == ".pp" || ext == ".p") return "pascal";
    return "";
}

Metadata read_problem_yaml(const PackageFiles& files, Problem& problem, Refusals& refusals) {
    Metadata meta;
    const fs::path yaml = files.root() / "problem.yaml";
    auto text = files.text(yaml, refusals);
    if (!text) return meta;
    const YamlReader in(yaml.string(), *text);
    try {
        read_root(in, in.root(*text), problem, meta);
    } catch (const YamlError& e) {
        refusals.list.push_back(e.diagnostic);
    } catch (const YAML::Exception& e) {
        refusals.add(yaml, e.mark.line + 1, e.msg);
    }
    return meta;
}

}  // namespace kattis

std::string substitute_constants(std::string_view text, const std::map<std::string, std::string>& constants) {
    std::string out;
    out.reserve(text.size());
    size_t i = 0;
    while (i < text.size()) {
        const size_t open = text.find("{{", i);
        if (open == std::string_view::npos) break;
        const size_t close = text.find("}}", open + 2);
        if (close == std::string_view::npos) break;
        const auto found = constants.find(std::string(text.substr(open + 2, close - open - 2)));
        if (found == constants.end()) {
            // Not a constant: left as it is (the spec's rule for undefined names).
            out.append(text.substr(i, open + 1 - i));
            i = open + 1;
            continue;
        }
        out.append(text.substr(i, open - i));
        out += found->second;
        i = close + 2;
    }
    out.append(text.substr(i));
    return out;
}

bool is_kattis_package(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / "problem.yaml", ec) && fs::is_directory(dir / "data", ec);
}

std::variant<Problem, std::vector<Diagnostic>> read_kattis(const fs::path& dir) {
    const PackageFiles files(dir);
    Refusals refusals;
    Problem problem;
    problem.format = problem::PackageFormat::kattis;
    problem.source = files.root();
    problem.name = files.root().filename().string();
    problem.title = problem.name;
    problem.memory_is_run_time_error = true;
    const kattis::Metadata meta = kattis::read_problem_yaml(files, problem, refusals);
    kattis::read_data(files, meta, problem, refusals);
    kattis::read_validators(files, meta, problem, refusals);
    kattis::read_submissions(files, meta, problem, refusals);
    kattis::read_included(files, problem, refusals);
    for (const auto& why : problem::model_problems(problem)) refusals.add(files.root(), 0, why);
    // partially_accepted: accepted, with less than the full score: the top of the root's range
    // when it has one (legacy's "must not be max of range"), else the most the tests can give.
    std::optional<double> full = problem::max_score(problem);
    if (const auto* root = problem::find_group(problem, problem::root_group(problem));
        root && root->range && std::isfinite(root->range->max))
        full = root->range->max;
    if (full)
        for (auto& e : problem.expectations)
            if (e.folder == "partially_accepted") e.score = problem::ScoreRange{0, std::nextafter(*full, 0.0)};
    if (!refusals.empty()) return refusals.list;
    return problem;
}

}  // namespace sudoku::formats
