// The Kattis / ICPC package writer, in the legacy keys that DOMjudge and problemtools read:
//
//   problem.yaml             name, type (scoring when any test has points), validation: custom
//                            when any valid completion is right, limits (time_limit, memory MiB,
//                            output MiB)
//   .timelimit               the time limit again, where DOMjudge reads it
//   data/testdata.yaml       on_reject: continue; grader_flags: ignore_sample sum
//   data/sample/NN.in .ans   the config's samples (testdata.yaml: grader_flags sum)
//   data/secret/<g>/         each group: its tests and testdata.yaml: accept_score (the points of
//                            a test, or of the group), grader_flags sum (points per test) or min
//                            (the group's points only when every test passes)
//   output_validators/sudoku/validate.cpp   the checker (formats/checkers/, exit 42 / 43)
//   problem_statement/problem.en.tex         the title alone: problemtools refuses a package
//                                            without a statement, and the test set has no text
#include <cmath>

#include "export_parts.hpp"
#include "sudoku/formats/checker_export.hpp"

namespace sudoku::formats {

using export_parts::number_text;
using export_parts::yaml_string;

namespace {

std::string problem_yaml(const ExportProblem& p, bool scoring) {
    const problem::Limits& limits = p.problem.limits;
    std::string yaml = "name: " + yaml_string(p.problem.title.empty() ? p.problem.name : p.problem.title) + "\n";
    yaml += std::string("type: ") + (scoring ? "scoring" : "pass-fail") + "\n";
    if (!p.any_valid.empty()) yaml += "validation: custom\n";
    yaml += "limits:\n";
    yaml += "  time_limit: " + number_text(limits.time_s) + "\n";
    yaml += "  memory: " + std::to_string(limits.memory_mib) + "\n";
    // Kattis counts output in MiB: rounded up, so that no output the config allows is refused.
    yaml += "  output: " + std::to_string((limits.output_kib + 1023) / 1024) + "\n";
    return yaml;
}

// The title in LaTeX, its special characters escaped.
std::string tex_text(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (std::string_view("#$%&_{}").find(c) != std::string_view::npos)
            out += std::string("\\") + c;
        else if (c == '\\')
            out += "\\textbackslash{}";
        else if (c == '~')
            out += "\\textasciitilde{}";
        else if (c == '^')
            out += "\\textasciicircum{}";
        else
            out += c;
    }
    return out;
}

std::string statement_tex(const std::string& title) {
    return "\\problemname{" + tex_text(title) +
           "}\n\n"
           "The statement is the contest's own: this package, exported from a test set, holds its test data, "
           "limits and checker.\n";
}

std::string group_yaml(const export_parts::ScoredGroup& group) {
    return "on_reject: continue\ngrader_flags: " + std::string(group.all_or_nothing ? "min" : "sum") +
           "\naccept_score: " + number_text(group.points) + "\nreject_score: 0\n";
}

}  // namespace

ExportResult write_kattis(const ExportProblem& p, const export_parts::PackageFolder& folder) {
    ExportResult result;
    const auto groups = export_parts::scored_groups(p.problem);
    bool scoring = false;
    for (const auto& group : groups) scoring = scoring || group.points > 0;
    folder.text("problem.yaml", problem_yaml(p, scoring));
    folder.text(".timelimit", number_text(p.problem.limits.time_s) + "\n");
    folder.text("problem_statement/problem.en.tex",
                statement_tex(p.problem.title.empty() ? p.problem.name : p.problem.title));
    folder.text("data/testdata.yaml", "on_reject: continue\ngrader_flags: ignore_sample sum\n");
    // Each group below data/ states its own grader_flags: it would inherit ignore_sample, which
    // only the top may carry.
    const auto samples = export_parts::sample_tests(p.problem);
    if (!samples.empty()) folder.text("data/sample/testdata.yaml", "grader_flags: sum\n");
    for (const problem::Test* test : samples) {
        const std::string base = "data/sample/" + test->input.stem().string();
        folder.copy(base + ".in", test->input);
        folder.copy(base + ".ans", test->answer);
    }
    folder.text("data/secret/testdata.yaml", "on_reject: continue\ngrader_flags: sum\n");
    for (const auto& group : groups) {
        const std::string dir = "data/secret/" + group.name + "/";
        folder.text(dir + "testdata.yaml", group_yaml(group));
        for (const problem::Test* test : group.tests) {
            folder.copy(dir + test->input.stem().string() + ".in", test->input);
            folder.copy(dir + test->input.stem().string() + ".ans", test->answer);
        }
    }
    if (!p.any_valid.empty())
        folder.text("output_validators/sudoku/validate.cpp", checker_source(CheckerHost::kattis, p.any_valid));
    if (!p.problem.io.uses_stdin() || !p.problem.io.uses_stdout())
        result.notes.push_back(export_parts::standard_io_note(p.problem, "Kattis"));
    if (p.problem.limits.output_kib % 1024 != 0)
        result.notes.push_back("the output limit is rounded up to " +
                               std::to_string((p.problem.limits.output_kib + 1023) / 1024) +
                               " MiB: Kattis counts it in MiB");
    result.notes.push_back("Kattis packages have no place for checksums: the test files' sha256 are not carried");
    return result;
}

// DOMjudge imports the Kattis package; domjudge-problem.ini adds its own name and time limit.
ExportResult write_domjudge(const ExportProblem& p, const export_parts::PackageFolder& folder) {
    ExportResult result = write_kattis(p, folder);
    const std::string title = p.problem.title.empty() ? p.problem.name : p.problem.title;
    folder.text("domjudge-problem.ini",
                "name = " + yaml_string(title) + "\ntimelimit = " + number_text(p.problem.limits.time_s) + "\n");
    result.notes.push_back(
        "DOMjudge judges pass-fail: a submission is correct when every secret test is accepted; the groups' points "
        "are kept in the package's testdata.yaml files but DOMjudge does not score them");
    return result;
}

}  // namespace sudoku::formats
