// The Kattis / ICPC package writer, in the legacy keys that DOMjudge and problemtools read, or in
// the 2025-09 version (sudoku-gen export --kattis-version 2025-09). Legacy:
//
//   problem.yaml             name, type (scoring when any test has points), validation: custom
//                            when any valid completion is right, limits (time_limit, memory MiB,
//                            output MiB)
//   .timelimit               the time limit again, where DOMjudge reads it
//   data/testdata.yaml       on_reject: continue; grader_flags: ignore_sample sum
//   data/sample/NN.in .ans   the config's samples (testdata.yaml: grader_flags sum)
//   data/secret/<g>/         each group: its tests and testdata.yaml: accept_score (the points of
//                            a test, or of the group), grader_flags sum (points per test) or min
//                            (the group's points only when every test passes); a group of several
//                            tests worth points each holds them one per folder, <g>/<test>/, each
//                            with its accept_score, and adds them up (DOMjudge scores a folder of
//                            tests as one)
//   output_validators/sudoku/validate.cpp   the checker (formats/checkers/, exit 42 / 43)
//   input_validators/sudoku/validate.cpp    a sudoku problem's input validator, strict about the
//                                            layout sudoku-gen writes (exit 42 / 43)
//   problem_statement/problem.en.tex         the title alone: problemtools refuses a package
//                                            without a statement, and the test set has no text
// 2025-09 writes the same tree but: problem.yaml with problem_format_version, a uuid (from the
// problem's name, so that a new export is the same problem) and no `validation` key;
// test_group.yaml in data/secret (score_aggregation sum, max_score the total) and each group
// (score_aggregation sum or min, max_score the group's points) in place of testdata.yaml and
// .timelimit; output_validator/validate.cpp; statement/problem.en.tex. Both versions name the
// input validators' folder input_validators/.
#include <cmath>

#include "export_parts.hpp"
#include "sudoku/common/sha256.hpp"
#include "sudoku/formats/checker_export.hpp"

namespace sudoku::formats {

using export_parts::number_text;
using export_parts::yaml_string;

namespace {

// A version-8 UUID (RFC 9562: the bits the project chooses) from the sha256 of the problem's name.
std::string uuid_of(const std::string& name) {
    std::string hex = sha256_hex("sudoku-gen export " + name).substr(0, 32);
    hex[12] = '8';
    hex[16] = "89ab"[std::stoi(hex.substr(16, 1), nullptr, 16) % 4];
    return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
           hex.substr(20);
}

std::string problem_yaml(const ExportProblem& p, bool scoring, KattisExportVersion version) {
    const problem::Limits& limits = p.problem.limits;
    std::string yaml;
    if (version == KattisExportVersion::v2025_09) yaml += "problem_format_version: 2025-09\n";
    yaml += "name: " + yaml_string(p.problem.title.empty() ? p.problem.name : p.problem.title) + "\n";
    if (version == KattisExportVersion::v2025_09) yaml += "uuid: " + uuid_of(p.problem.name) + "\n";
    yaml += std::string("type: ") + (scoring ? "scoring" : "pass-fail") + "\n";
    if (!p.any_valid.empty() && version == KattisExportVersion::legacy) yaml += "validation: custom\n";
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

// Both versions: a program is a folder of input_validators/, and problemtools refuses a package
// without one.
void write_input_validator(const ExportProblem& p, const export_parts::PackageFolder& folder) {
    if (!p.input_layout.empty())
        folder.text("input_validators/sudoku/validate.cpp", input_validator_source(p.input_layout));
}

}  // namespace

ExportResult& kattis_notes(const ExportProblem& p, ExportResult& result) {
    if (!p.problem.io.uses_stdin() || !p.problem.io.uses_stdout())
        result.notes.push_back(export_parts::standard_io_note(p.problem, "Kattis"));
    if (p.input_layout.empty())
        result.notes.push_back(
            "the package has no input validator: the problem's tests have no layout the export "
            "knows, and problemtools' verifyproblem reports the missing validator");
    if (p.problem.limits.output_kib % 1024 != 0)
        result.notes.push_back("the output limit is rounded up to " +
                               std::to_string((p.problem.limits.output_kib + 1023) / 1024) +
                               " MiB: Kattis counts it in MiB");
    result.notes.push_back("Kattis packages have no place for checksums: the test files' sha256 are not carried");
    return result;
}

// 2025-09: test_group.yaml. A pass-fail problem may not say max_score or score_aggregation, but
// a folder of secret is a group only when it holds the file.
std::string test_group_yaml(bool scoring, const std::string& aggregation, double max_score) {
    if (!scoring) return "{}\n";
    return "score_aggregation: " + aggregation + "\nmax_score: " + number_text(max_score) + "\n";
}

void write_data_2025(const ExportProblem& p, const std::vector<export_parts::ScoredGroup>& groups, bool scoring,
                     const export_parts::PackageFolder& folder) {
    for (const problem::Test* test : export_parts::sample_tests(p.problem)) {
        const std::string base = "data/sample/" + test->input.stem().string();
        folder.copy(base + ".in", test->input);
        folder.copy(base + ".ans", test->answer);
    }
    double total = 0;
    for (const auto& group : groups) total += group.total();
    folder.text("data/secret/test_group.yaml", test_group_yaml(scoring, "sum", total));
    for (const auto& group : groups) {
        const std::string dir = "data/secret/" + group.name + "/";
        folder.text(dir + "test_group.yaml",
                    test_group_yaml(scoring, group.all_or_nothing ? "min" : "sum", group.total()));
        for (const problem::Test* test : group.tests) {
            folder.copy(dir + test->input.stem().string() + ".in", test->input);
            folder.copy(dir + test->input.stem().string() + ".ans", test->answer);
        }
    }
    if (!p.any_valid.empty())
        folder.text("output_validator/validate.cpp", checker_source(CheckerHost::kattis, p.any_valid));
}

ExportResult write_kattis(const ExportProblem& p, const export_parts::PackageFolder& folder,
                          KattisExportVersion version) {
    ExportResult result;
    const auto groups = export_parts::scored_groups(p.problem);
    bool scoring = false;
    for (const auto& group : groups) scoring = scoring || group.points > 0;
    folder.text("problem.yaml", problem_yaml(p, scoring, version));
    // 2025-09 renamed the statement's folder, as it renamed output_validators/.
    folder.text(
        version == KattisExportVersion::v2025_09 ? "statement/problem.en.tex" : "problem_statement/problem.en.tex",
        statement_tex(p.problem.title.empty() ? p.problem.name : p.problem.title));
    write_input_validator(p, folder);
    if (version == KattisExportVersion::v2025_09) {
        write_data_2025(p, groups, scoring, folder);
        return kattis_notes(p, result);
    }
    folder.text(".timelimit", number_text(p.problem.limits.time_s) + "\n");
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
        // DOMjudge gives a folder of tests its accept_score once, when all pass: a group whose
        // tests earn points each holds a folder per test, which problemtools adds up the same way.
        const bool per_test = !group.all_or_nothing && group.tests.size() > 1;
        folder.text(dir + "testdata.yaml", per_test ? "on_reject: continue\ngrader_flags: sum\n" : group_yaml(group));
        for (const problem::Test* test : group.tests) {
            const std::string stem = test->input.stem().string();
            const std::string at = per_test ? dir + stem + "/" : dir;
            if (per_test) folder.text(at + "testdata.yaml", group_yaml(group));
            folder.copy(at + stem + ".in", test->input);
            folder.copy(at + stem + ".ans", test->answer);
        }
    }
    if (!p.any_valid.empty())
        folder.text("output_validators/sudoku/validate.cpp", checker_source(CheckerHost::kattis, p.any_valid));
    return kattis_notes(p, result);
}

// DOMjudge imports the Kattis package; domjudge-problem.ini adds its own name and time limit.
ExportResult write_domjudge(const ExportProblem& p, const export_parts::PackageFolder& folder) {
    ExportResult result = write_kattis(p, folder, KattisExportVersion::legacy);
    const std::string title = p.problem.title.empty() ? p.problem.name : p.problem.title;
    folder.text("domjudge-problem.ini",
                "name = " + yaml_string(title) + "\ntimelimit = " + number_text(p.problem.limits.time_s) + "\n");
    result.notes.push_back(
        "a DOMjudge that judges the problem pass-fail holds a submission correct when every secret test is "
        "accepted; one that scores it (type: scoring) reads the groups' points from the testdata.yaml files");
    return result;
}

}  // namespace sudoku::formats
