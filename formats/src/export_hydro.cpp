// The Hydro writer (Hydro, and the LOJ-style judges that read its layout):
//
//   problem.yaml             title
//   testdata/config.yaml     time, memory, filename (file I/O: NAME.in / NAME.out), checker_type
//                            and checker, subtasks: id, score, type (sum: the score shared by the
//                            tests; min: all or nothing), cases: input / output
//   testdata/NN.in NN.ans    the secret tests (samples belong to the statement)
//   testdata/checker.cpp     the checker (formats/checkers/), Hydro's `kattis` checker type
//
// Hydro reads its checker from the same folder as the tests and shares out 100 points among
// subtasks without a score, so a group of 0 points cannot be carried as such.
#include "export_parts.hpp"
#include "sudoku/formats/checker_export.hpp"

namespace sudoku::formats {

using export_parts::number_text;
using export_parts::yaml_string;

namespace {

// Hydro's file I/O names one stem for both files: NAME.in and NAME.out.
std::string file_io_stem(const problem::Io& io) {
    if (io.uses_stdin() || io.uses_stdout()) return "";
    const std::filesystem::path in(io.input), out(io.output);
    if (in.extension() != ".in" || out.extension() != ".out" || in.stem() != out.stem()) return "";
    return in.stem().string();
}

std::string config_yaml(const ExportProblem& p, const std::vector<export_parts::ScoredGroup>& groups,
                        const std::string& stem) {
    std::string yaml = "type: default\n";
    yaml += "time: " + std::to_string(static_cast<long long>(p.problem.limits.time_s * 1000 + 0.5)) + "ms\n";
    yaml += "memory: " + std::to_string(p.problem.limits.memory_mib) + "m\n";
    if (!stem.empty()) yaml += "filename: " + yaml_string(stem) + "\n";
    if (!p.any_valid.empty()) yaml += "checker_type: kattis\nchecker: checker.cpp\n";
    yaml += "subtasks:\n";
    int id = 1;
    for (const auto& group : groups) {
        yaml += "  - id: " + std::to_string(id++) + "\n";
        yaml += "    score: " + number_text(group.total()) + "\n";
        yaml += std::string("    type: ") + (group.all_or_nothing ? "min" : "sum") + "\n";
        yaml += "    cases:\n";
        for (const problem::Test* test : group.tests) {
            const std::string base = group.name + "-" + test->input.stem().string();
            yaml += "      - input: " + yaml_string(base + ".in") + "\n";
            yaml += "        output: " + yaml_string(base + ".ans") + "\n";
        }
    }
    return yaml;
}

}  // namespace

ExportResult write_hydro(const ExportProblem& p, const export_parts::PackageFolder& folder) {
    ExportResult result;
    const auto groups = export_parts::scored_groups(p.problem);
    const std::string stem = file_io_stem(p.problem.io);
    folder.text("problem.yaml",
                "title: " + yaml_string(p.problem.title.empty() ? p.problem.name : p.problem.title) + "\ntag: []\n");
    folder.text("testdata/config.yaml", config_yaml(p, groups, stem));
    for (const auto& group : groups) {
        if (group.total() <= 0)
            result.notes.push_back("group " + group.name +
                                   " scores 0: Hydro shares the rest of 100 points among such subtasks");
        for (const problem::Test* test : group.tests) {
            const std::string base = "testdata/" + group.name + "-" + test->input.stem().string();
            folder.copy(base + ".in", test->input);
            folder.copy(base + ".ans", test->answer);
        }
    }
    if (!p.any_valid.empty()) folder.text("testdata/checker.cpp", checker_source(CheckerHost::kattis, p.any_valid));
    if (stem.empty() && (!p.problem.io.uses_stdin() || !p.problem.io.uses_stdout()))
        result.notes.push_back(export_parts::standard_io_note(p.problem, "Hydro's NAME.in / NAME.out file I/O") +
                               " (its files are not NAME.in and NAME.out)");
    if (!export_parts::sample_tests(p.problem).empty())
        result.notes.push_back("the samples are not exported: Hydro shows them in the statement, not the test data");
    result.notes.push_back("Hydro's config has no place for checksums: the test files' sha256 are not carried");
    return result;
}

}  // namespace sudoku::formats
