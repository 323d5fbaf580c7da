// A Kattis package's data/ tree: tests, groups and their scoring settings (formats/kattis.hpp).
#include <algorithm>
#include <cmath>
#include <limits>

#include "kattis_parts.hpp"
#include "sudoku/common/yaml_reader.hpp"

namespace sudoku::formats::kattis {

namespace fs = std::filesystem;
using problem::Aggregation;
using problem::Group;
using problem::Problem;

namespace {

// What a folder's testdata.yaml / test_group.yaml says, with what it inherits.
struct Settings {
    Group group;                              // its scoring fields
    std::vector<std::string> checker_args;    // output_validator_flags / _args
    std::vector<std::string> validator_args;  // input_validator_flags / _args
    bool bounded_default = false;             // 2025-09: max_score given
};

struct Walk {
    const PackageFiles& files;
    const Metadata& meta;
    Problem& problem;
    Refusals& refusals;
};

std::vector<std::string> words_or_list(const YamlReader& in, const YAML::Node& node, const std::string& key) {
    if (node.IsSequence()) {
        std::vector<std::string> out;
        for (const auto& w : node) out.push_back(in.text(w, key));
        return out;
    }
    if (node.IsMap())
        in.fail(node, "'" + key + "' for one validator by name is not supported: give the arguments for all");
    return split_words(in.text(node, key));
}

double score_bound(const YamlReader& in, const YAML::Node& node, const std::string& word) {
    if (word == "inf" || word == "+inf") return std::numeric_limits<double>::infinity();
    if (word == "-inf") return -std::numeric_limits<double>::infinity();
    char* end = nullptr;
    const double v = std::strtod(word.c_str(), &end);
    if (word.empty() || *end != '\0' || !std::isfinite(v))
        in.fail(node, "'range' expects two numbers (or inf), found '" + word + "'");
    return v;
}

void grader_flags(const YamlReader& in, const YAML::Node& node, Group& g) {
    for (const auto& flag : split_words(in.text(node, "grader_flags"))) {
        if (flag == "sum")
            g.aggregation = Aggregation::sum;
        else if (flag == "avg")
            g.aggregation = Aggregation::average;
        else if (flag == "min")
            g.aggregation = Aggregation::min;
        else if (flag == "max")
            g.aggregation = Aggregation::max;
        else if (flag == "worst_error" || flag == "no_errors")
            g.verdict_rule = problem::VerdictRule::worst_error;
        else if (flag == "first_error")
            g.verdict_rule = problem::VerdictRule::first_error;
        else if (flag == "always_accept")
            g.verdict_rule = problem::VerdictRule::always_accept;
        else if (flag == "ignore_sample")
            g.ignore_sample = true;
        else if (flag == "accept_if_any_accepted")
            g.accept_if_any_accepted = true;
        else
            in.fail(
                node,
                "unknown grader flag '" + flag +
                    "' (sum avg min max worst_error first_error always_accept ignore_sample accept_if_any_accepted)");
    }
}

// Legacy and 2023-07 testdata.yaml.
void read_testdata_yaml(const YamlReader& in, const YAML::Node& root, Settings& s) {
    in.only_keys(root,
                 {"on_reject", "grading", "grader_flags", "input_validator_flags", "output_validator_flags",
                  "accept_score", "reject_score", "range", "score", "aggregation", "args", "input_validator_args",
                  "output_validator_args", "full_feedback"},
                 "testdata.yaml");
    Group& g = s.group;
    constexpr Bounds<double> kScore{-1e9, 1e9};
    if (root["on_reject"]) {
        const std::string v = in.text(root["on_reject"], "on_reject");
        if (v != "break" && v != "continue")
            in.fail(root["on_reject"], "'on_reject' is break or continue, found '" + v + "'");
        g.stop_on_reject = v == "break";
    }
    if (root["grading"] && in.text(root["grading"], "grading") != "default")
        in.fail(root["grading"], "'grading: custom' (a grader program) is not supported: only the default grader");
    if (root["grader_flags"]) grader_flags(in, root["grader_flags"], g);
    if (root["accept_score"]) g.accept_score = in.number(root["accept_score"], "accept_score", kScore);
    if (root["reject_score"]) g.reject_score = in.number(root["reject_score"], "reject_score", kScore);
    if (root["range"]) {
        const auto w = split_words(in.text(root["range"], "range"));
        if (w.size() != 2) in.fail(root["range"], "'range' expects two numbers, min and max");
        g.range = problem::ScoreRange{score_bound(in, root["range"], w[0]), score_bound(in, root["range"], w[1])};
    }
    if (root["score"]) {
        g.max_score = in.number(root["score"], "score", Bounds<double>{0, 1e9});
        s.bounded_default = true;
    }
    if (root["aggregation"]) {
        const std::string a = in.text(root["aggregation"], "aggregation");
        if (a == "sum")
            g.aggregation = Aggregation::sum;
        else if (a == "min")
            g.aggregation = Aggregation::min;
        else if (a == "pass-fail")
            g.aggregation = Aggregation::pass_fail;
        else
            in.fail(root["aggregation"], "'aggregation' is sum, min or pass-fail, found '" + a + "'");
    }
    if (root["args"] && root["args"].size() > 0)
        in.fail(root["args"], "'args' (arguments to the submission) is not supported");
    if (root["output_validator_flags"])
        s.checker_args = words_or_list(in, root["output_validator_flags"], "output_validator_flags");
    if (root["output_validator_args"])
        s.checker_args = words_or_list(in, root["output_validator_args"], "output_validator_args");
    if (root["input_validator_flags"])
        s.validator_args = words_or_list(in, root["input_validator_flags"], "input_validator_flags");
    if (root["input_validator_args"])
        s.validator_args = words_or_list(in, root["input_validator_args"], "input_validator_args");
}

// 2025-09 test_group.yaml.
void read_test_group_yaml(const YamlReader& in, const YAML::Node& root, Settings& s, bool sample) {
    in.only_keys(root,
                 {"max_score", "score_aggregation", "static_validation_score", "require_pass", "args",
                  "input_validator_args", "static_validator_args", "output_validator_args", "input_visualizer_args",
                  "output_visualizer_args", "full_feedback"},
                 "test_group.yaml");
    Group& g = s.group;
    if (sample)
        for (const char* key : {"max_score", "score_aggregation", "require_pass"})
            if (root[key]) in.fail(root[key], std::string("'") + key + "' is not permitted in sample");
    if (const YAML::Node m = root["max_score"]) {
        if (in.text(m, "max_score") == "unbounded")
            g.max_score.reset();
        else
            g.max_score = in.integer(m, "max_score", Bounds<long long>{0, 1000000000});
    }
    if (const YAML::Node a = root["score_aggregation"]) {
        const std::string v = in.text(a, "score_aggregation");
        if (v == "sum")
            g.aggregation = Aggregation::sum;
        else if (v == "min")
            g.aggregation = Aggregation::min;
        else if (v == "pass-fail")
            g.aggregation = Aggregation::pass_fail;
        else
            in.fail(a, "'score_aggregation' is pass-fail, sum or min, found '" + v + "'");
    }
    if (root["static_validation_score"]) in.fail(root["static_validation_score"], "static validation is not supported");
    if (const YAML::Node r = root["require_pass"]) g.require_pass = words_or_list(in, r, "require_pass");
    if (root["args"] && root["args"].size() > 0)
        in.fail(root["args"], "'args' (arguments to the submission) is not supported");
    if (root["output_validator_args"])
        s.checker_args = words_or_list(in, root["output_validator_args"], "output_validator_args");
    if (root["input_validator_args"])
        s.validator_args = words_or_list(in, root["input_validator_args"], "input_validator_args");
}

// `dir`'s settings file over `inherited`.
Settings read_settings(const Walk& w, const fs::path& dir, Settings s, bool sample) {
    const bool v2025 = w.meta.version == KattisVersion::v2025_09;
    const fs::path file = dir / (v2025 ? "test_group.yaml" : "testdata.yaml");
    if (!w.files.exists(file)) return s;
    auto text = w.files.text(file, w.refusals);
    if (!text) return s;
    // 2025-09's constants stand in test_group.yaml too (not in the tests, nor in <test>.yaml).
    if (v2025 && !w.problem.constants.empty()) text = substitute_constants(*text, w.problem.constants);
    const YamlReader in(file.string(), *text);
    try {
        const YAML::Node root = in.root(*text);
        if (root.IsNull()) return s;
        if (!root.IsMap()) in.fail(root, "expected a mapping of keys");
        if (v2025)
            read_test_group_yaml(in, root, s, sample);
        else
            read_testdata_yaml(in, root, s);
    } catch (const YamlError& e) {
        w.refusals.list.push_back(e.diagnostic);
    } catch (const YAML::Exception& e) {
        w.refusals.add(file, e.mark.line + 1, e.msg);
    }
    return s;
}

// 2025-09's <test>.yaml: this test's own arguments over its group's.
Settings read_test_yaml(const Walk& w, const fs::path& file, Settings s) {
    auto text = w.files.text(file, w.refusals);
    if (!text) return s;
    const YamlReader in(file.string(), *text);
    try {
        const YAML::Node root = in.root(*text);
        if (root.IsNull()) return s;
        if (!root.IsMap()) in.fail(root, "expected a mapping of keys");
        in.only_keys(root,
                     {"args", "input_validator_args", "output_validator_args", "input_visualizer_args",
                      "output_visualizer_args", "full_feedback", "hint", "description"},
                     "a test's .yaml");
        if (root["args"] && root["args"].size() > 0)
            in.fail(root["args"], "'args' (arguments to the submission) is not supported");
        if (root["output_validator_args"])
            s.checker_args = words_or_list(in, root["output_validator_args"], "output_validator_args");
        if (root["input_validator_args"])
            s.validator_args = words_or_list(in, root["input_validator_args"], "input_validator_args");
    } catch (const YamlError& e) {
        w.refusals.list.push_back(e.diagnostic);
    } catch (const YAML::Exception& e) {
        w.refusals.add(file, e.mark.line + 1, e.msg);
    }
    return s;
}

void add_test(const Walk& w, const fs::path& in_file, const std::string& group, const Settings& group_settings,
              bool sample) {
    const fs::path answer = fs::path(in_file).replace_extension(".ans");
    auto input = w.files.regular(in_file, w.refusals);
    auto ans = w.files.regular(answer, w.refusals);
    if (!input || !ans) return;
    const fs::path own = fs::path(in_file).replace_extension(".yaml");
    const Settings s = w.meta.version == KattisVersion::v2025_09 && w.files.exists(own)
                           ? read_test_yaml(w, own, group_settings)
                           : group_settings;
    problem::Test t;
    t.name = w.files.relative(fs::path(in_file).replace_extension(""));
    t.name = t.name.substr(std::string("data/").size());
    t.input = *input;
    t.answer = *ans;
    t.group = group;
    t.sample = sample;
    t.checker_arguments = s.checker_args;
    t.validator_arguments = s.validator_args;
    w.problem.tests.push_back(std::move(t));
}

bool is_group_folder(const Walk& w, const fs::path& dir, bool top) {
    if (w.meta.version != KattisVersion::v2025_09) return true;
    return top && w.files.exists(dir / "test_group.yaml");
}

// The tests of `dir` into `group`; its sub-folders as groups (or as folders of the same group).
void walk(const Walk& w, const fs::path& dir, const std::string& group, const Settings& s, bool sample, bool top) {
    if (w.problem.tests.size() > 100000) return;
    for (const auto& entry : w.files.list(dir, w.refusals)) {
        if (w.files.is_dir(entry)) {
            if (!is_group_folder(w, entry, top)) {
                walk(w, entry, group, s, sample, false);
                continue;
            }
            Settings base = s;
            if (w.meta.version == KattisVersion::v2025_09) base.group = Group{};  // only the arguments carry over
            base.group.aggregation = Aggregation::pass_fail;
            if (w.meta.version != KattisVersion::v2025_09) base.group = s.group;
            Settings child = read_settings(w, entry, base, sample);
            child.group.name = w.files.relative(entry).substr(std::string("data/").size());
            child.group.parent = group;
            child.group.sample = sample;
            if (w.meta.version == KattisVersion::v2025_09 && !w.files.exists(entry / "test_group.yaml")) continue;
            w.problem.groups.push_back(child.group);
            walk(w, entry, child.group.name, child, sample, false);
        } else if (entry.extension() == ".in") {
            add_test(w, entry, group, s, sample);
        }
    }
}

}  // namespace

namespace {

// 2025-09's test scores: a test in a sum group earns its share of the group's max_score, in a min
// group the whole of it.
void share_scores(Problem& problem) {
    for (auto& g : problem.groups) {
        if (!g.max_score || g.aggregation == Aggregation::pass_fail) continue;
        size_t children = 0;
        for (const auto& t : problem.tests) children += t.group == g.name;
        for (const auto& c : problem.groups) children += c.parent == g.name;
        if (children == 0) continue;
        g.accept_score =
            g.aggregation == Aggregation::sum ? *g.max_score / static_cast<double>(children) : *g.max_score;
    }
}

}  // namespace

void read_data(const PackageFiles& files, const Metadata& meta, Problem& problem, Refusals& refusals) {
    const fs::path data = files.root() / "data";
    const Walk w{files, meta, problem, refusals};
    const bool v2025 = meta.version == KattisVersion::v2025_09;
    const bool scoring = problem.type == problem::ProblemType::scoring;
    Settings root;
    root.group.name = "data";
    // Before 2025-09 a group stops at its first rejected test unless it says on_reject: continue.
    root.group.stop_on_reject = !v2025;
    if (!v2025) root = read_settings(w, data, root, false);
    root.group.name = "data";
    if (!scoring) {
        root.group.aggregation = Aggregation::pass_fail;
        root.group.max_score = 1;
    }
    problem.groups.push_back(root.group);
    for (const char* part : {"sample", "secret"}) {
        const fs::path dir = data / part;
        if (!files.is_dir(dir)) {
            continue;
        }
        const bool sample = std::string(part) == "sample";
        Settings s = root;
        s.group = v2025 ? Group{} : root.group;
        s.group.ignore_sample = false;
        if (v2025 && !sample && scoring) s.group.max_score = 100;
        if (v2025 && sample) s.group.accept_score = 0;  // samples count for the judgement, not the score
        s = read_settings(w, dir, s, sample);
        s.group.name = part;
        s.group.parent = "data";
        s.group.sample = sample;
        if (!scoring) s.group.aggregation = Aggregation::sum;
        problem.groups.push_back(s.group);
        walk(w, dir, part, s, sample, !sample);
    }
    if (problem.tests.size() > 100000) refusals.add(data, 0, "more than 100000 tests");
    if (problem.tests.empty())
        refusals.add(data, 0, "expected tests (NAME.in with NAME.ans) in data/sample or data/secret, found none");
    if (v2025 && scoring) share_scores(problem);
}

}  // namespace sudoku::formats::kattis
