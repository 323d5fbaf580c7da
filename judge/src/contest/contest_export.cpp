// A contest's problems in the format writers' model (sudoku/judge/contest/contest_export.hpp).
#include "sudoku/judge/contest/contest_export.hpp"

#include <algorithm>
#include <fstream>

#include "sudoku/problem/manifest.hpp"
#include "sudoku/problem/test_set_groups.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

bool is_lemon_checker(const std::string& name) { return name.rfind("lemon-", 0) == 0; }

// The line of `file` that gives `key:` at the top level, 0 when none does (the whole file).
int key_line(const fs::path& file, const std::string& key) {
    std::ifstream in(file);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number)
        if (line.rfind(key + ":", 0) == 0) return number;
    return 0;
}

// A group's rule: its own (an imported Kattis group's), else the problem's (as scoring.cpp reads it).
bool per_group(const ContestProblem& p, const std::string& group) {
    auto own = p.group_scoring.find(group);
    return own != p.group_scoring.end() ? own->second != GroupRule::per_test : p.config.scoring == "per-group";
}

problem::Checker checker_of(const ContestProblem& p, std::vector<std::string>& notes) {
    problem::Checker checker;
    const std::string& name = p.config.checker;
    if (name == "exact") {
        checker.kind = problem::CheckerKind::exact;
    } else if (name == "lines") {
        checker.kind = problem::CheckerKind::lines;
    } else if (name == "float") {
        checker.kind = problem::CheckerKind::floats;
        checker.float_absolute = p.float_tolerance.absolute;
        checker.float_relative = p.float_tolerance.relative;
        notes.push_back("its float checker's tolerances (absolute " + std::to_string(p.float_tolerance.absolute) +
                        ", relative " + std::to_string(p.float_tolerance.relative) + ") are not carried");
    } else if (is_lemon_checker(name)) {
        notes.push_back("its checker " + name + " (a LemonLime comparison) is not carried");
    } else if (name != "tokens" && name != "sudoku") {
        checker.kind = problem::CheckerKind::program;
        checker.program.path = name;
    }
    if (!p.case_sensitive) {
        checker.case_sensitive = false;
        notes.push_back("its letters compared ignoring case is not carried: the host compares them exactly");
    }
    if (p.space_change_sensitive) {
        checker.space_change_sensitive = true;
        notes.push_back("its whitespace compared exactly is not carried: the host compares the tokens alone");
    }
    return checker;
}

// The root, samples and secret, then a secret/<g> group per group of the tests, in the order the
// tests first name them, scored as the judge scores them.
std::vector<problem::Group> groups_of(const ContestProblem& p, std::vector<std::string>& notes) {
    std::vector<problem::SecretGroup> secret;
    for (const TestCase& t : p.tests)
        if (std::none_of(secret.begin(), secret.end(),
                         [&](const problem::SecretGroup& g) { return g.name == t.group; }))
            secret.push_back({t.group, per_group(p, t.group), t.points});
    for (const auto& [group, rule] : p.group_scoring)
        if (rule == GroupRule::max)
            notes.push_back(
                "its group " + group +
                " scores the largest of its tests, which is not carried: the exported group needs them all");
    for (const GroupDependency& d : p.dependencies)
        for (const std::string& on : d.on)
            notes.push_back("its group " + d.group + " scores only when " + on +
                            " passes, which is not carried: the exported group scores on its own");
    return problem::test_set_groups(secret);
}

// A test set's samples and checksums, from its manifest (the contest read its tests and checked them).
std::optional<Diagnostic> add_test_set_parts(const ContestProblem& p, formats::ExportProblem& out) {
    auto read = read_manifest(p.testdata);
    if (auto* d = std::get_if<Diagnostic>(&read)) return *d;
    const auto& manifest = std::get<Manifest>(read);
    std::vector<problem::Test> samples;
    for (const auto& s : manifest.samples) {
        samples.push_back(problem::test_set_test("sample/" + fs::path(s.input).stem().string(), p.testdata / s.input,
                                                 p.testdata / s.answer_file, "sample"));
        out.sha256[samples.back().input] = s.sha256_input;
        out.sha256[samples.back().answer] = s.sha256_answer;
    }
    out.problem.tests.insert(out.problem.tests.begin(), samples.begin(), samples.end());
    for (const auto& t : manifest.tests) {
        out.sha256[p.testdata / t.input] = t.sha256_input;
        out.sha256[p.testdata / t.answer_file] = t.sha256_answer;
    }
    return std::nullopt;
}

std::string short_name_of(const std::string& name) {
    std::string out;
    for (char c : name) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out += c;
        else if (c >= 'A' && c <= 'Z')
            out += static_cast<char>(c - 'A' + 'a');
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out.empty() ? "contest" : out;
}

}  // namespace

std::variant<formats::ExportProblem, Diagnostic> export_model(const ContestProblem& p) {
    formats::ExportProblem out;
    problem::Problem& m = out.problem;
    m.source = p.plain ? p.testdata : p.config_file;
    m.name = p.config.name;
    m.title = p.config.title;
    m.type = problem::ProblemType::scoring;
    m.io.input = p.config.input_file;
    m.io.output = p.config.output_file;
    m.limits.time_s = p.config.time_limit_s;
    m.limits.wall_s = p.config.wall_limit_s;
    m.limits.memory_mib = p.config.memory_limit_mib;
    m.limits.output_kib = p.config.output_limit_kib;
    m.checker = checker_of(p, m.notes);
    if (m.checker.kind == problem::CheckerKind::program)
        return Diagnostic{p.config_file.string(), key_line(p.config_file, "checker"), 0,
                          "the checker " + p.config.checker +
                              " is the problem's own program, which the writers do not carry: the host's "
                              "comparison would judge in its place"};
    if (!p.score_tree.empty())
        return Diagnostic{p.config_file.string(), key_line(p.config_file, "score_tree"), 0,
                          "its groups are an imported package's own tree (score_tree), which the writers do not "
                          "carry: export the package it came from"};
    if (p.config.checker == "sudoku") out.any_valid = p.config.problem;
    out.input_layout = p.config.problem;
    m.groups = groups_of(p, m.notes);
    for (const TestCase& t : p.tests) {
        m.tests.push_back(
            problem::test_set_test("secret/" + t.group + "/" + t.name, t.input, t.answer, "secret/" + t.group));
        if (t.time_limit_s > 0 || t.memory_limit_mib > 0)
            m.notes.push_back("test " + t.name + "'s own limits are not carried: it has the problem's");
    }
    if (!p.plain)
        if (auto d = add_test_set_parts(p, out)) return *d;
    if (auto broken = problem::model_problems(m); !broken.empty())
        return Diagnostic{m.source.string(), 0, 0, broken.front()};
    return out;
}

ContestModel export_model(const Contest& contest, const std::string& start_time, const std::string& duration) {
    ContestModel model;
    model.contest.source = contest.source;
    model.contest.name = contest.name;
    model.contest.short_name = short_name_of(contest.name);
    model.contest.start_time = start_time;
    model.contest.duration = duration;
    for (const ContestProblem& p : contest.problems) {
        auto mapped = export_model(p);
        if (auto* d = std::get_if<Diagnostic>(&mapped)) {
            Diagnostic left_out = *d;
            left_out.message = "problem " + p.config.name + " is not exported: " + d->message;
            model.left_out.push_back(left_out.to_string());
            continue;
        }
        model.contest.problems.push_back(std::move(std::get<formats::ExportProblem>(mapped)));
    }
    return model;
}

}  // namespace sudoku::judge
