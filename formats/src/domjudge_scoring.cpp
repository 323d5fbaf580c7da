// How DOMjudge scores a scoring problem's groups, as the model's rules (domjudge_parts.hpp).
//
// DOMjudge reads the Kattis layout its own way (its SubmissionService and ImportProblemService):
// a group is a folder of data/ with its own testdata.yaml (or test_group.yaml), read alone, with
// nothing inherited; a test counts in the group of its own folder only; a group holding no group
// earns its accept_score when all its tests are correct (nothing when it has none), or, when the
// validator writes score.txt, its tests' scores aggregated; a group holding groups aggregates them
// (sum by default, avg, min, max), leaving out data/sample under ignore_sample; its judgement is its
// first child's that is not correct.
#include <algorithm>
#include <cstdlib>

#include "domjudge_parts.hpp"
#include "kattis_parts.hpp"
#include "sudoku/common/yaml_reader.hpp"

namespace sudoku::formats::domjudge {

namespace fs = std::filesystem;
using problem::Aggregation;
using problem::Group;
using problem::Problem;

namespace {

// One group's own file, as DOMjudge reads it: unknown keys pass, known ones are checked.
struct OwnSettings {
    bool found = false;
    std::optional<double> accept_score;
    Aggregation aggregation = Aggregation::sum;
    bool ignore_sample = false;
    std::optional<problem::ScoreRange> range;
};

OwnSettings read_own(const PackageFiles& files, const fs::path& dir, Refusals& refusals) {
    OwnSettings s;
    for (const char* name : {"testdata.yaml", "test_group.yaml"}) {
        const fs::path file = dir / name;
        if (!files.exists(file)) continue;
        s.found = true;
        auto text = files.text(file, refusals);
        if (!text) return s;
        const YamlReader in(file.string(), *text);
        try {
            const YAML::Node root = in.root(*text);
            if (!root.IsMap()) continue;
            constexpr Bounds<double> kScore{0, 1e9};
            if (root["accept_score"]) s.accept_score = in.number(root["accept_score"], "accept_score", kScore);
            if (root["grader_flags"])
                for (const auto& flag : kattis::split_words(in.text(root["grader_flags"], "grader_flags"))) {
                    if (flag == "sum") s.aggregation = Aggregation::sum;
                    if (flag == "avg") s.aggregation = Aggregation::average;
                    if (flag == "min") s.aggregation = Aggregation::min;
                    if (flag == "max") s.aggregation = Aggregation::max;
                    if (flag == "ignore_sample") s.ignore_sample = true;
                }
            if (root["range"]) {
                const auto w = kattis::split_words(in.text(root["range"], "range"));
                const auto bound = [&](const std::string& word) {
                    char* end = nullptr;
                    const double v = std::strtod(word.c_str(), &end);
                    if (word.empty() || *end != '\0' || v < kScore.min || v > kScore.max)
                        in.fail(root["range"], "'range' expects two numbers 0 .. 1e9, found '" + word + "'");
                    return v;
                };
                if (w.size() != 2) in.fail(root["range"], "'range' expects two numbers, min and max");
                s.range = problem::ScoreRange{bound(w[0]), bound(w[1])};
                if (s.range->min > s.range->max) in.fail(root["range"], "'range' has min > max");
            }
        } catch (const YamlError& e) {
            refusals.list.push_back(e.diagnostic);
        } catch (const YAML::Exception& e) {
            refusals.add(file, e.mark.line + 1, e.msg);
        }
    }
    return s;
}

bool holds_groups(const Problem& p, const Group& g) {
    return std::any_of(p.groups.begin(), p.groups.end(), [&](const Group& c) { return c.parent == g.name; });
}

}  // namespace

void apply_scoring(const PackageFiles& files, Problem& problem, Refusals& refusals) {
    if (problem.type != problem::ProblemType::scoring) return;
    const bool scores_from_validator = problem.checker.kind == problem::CheckerKind::program;
    for (Group& g : problem.groups) {
        const fs::path dir = g.name == "data" ? files.root() / "data" : files.root() / "data" / g.name;
        const OwnSettings own = read_own(files, dir, refusals);
        g.verdict_rule = problem::VerdictRule::first_error;
        g.stop_on_reject = false;  // every run judged, every result counted
        g.accept_if_any_accepted = false;
        g.ignore_sample = own.ignore_sample;
        g.range = own.range;
        g.max_score.reset();
        g.reject_score = 0;
        if (!own.found) {
            // Not a group to DOMjudge: its tests earn nothing.
            g.aggregation = Aggregation::pass_fail, g.max_score = 0, g.accept_score = 0;
        } else if (holds_groups(problem, g)) {
            g.aggregation = own.aggregation;
            g.accept_score = 0;  // its own tests are left out of its score
        } else if (scores_from_validator) {
            g.aggregation = own.aggregation;
            g.accept_score = own.accept_score.value_or(0);
        } else {
            g.aggregation = Aggregation::pass_fail;
            g.max_score = own.accept_score.value_or(0);
        }
    }
    problem.notes.push_back(
        "scored as DOMjudge scores: a group is a folder with its own testdata.yaml, "
        "a group of tests earns its accept_score when all are correct");
}

}  // namespace sudoku::formats::domjudge
