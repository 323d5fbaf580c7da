// The CMS writer, in the italy_yaml layout cmsImportTask reads:
//
//   task.yaml                name, title, time_limit, memory_limit (MiB), infile / outfile ("" for
//                            standard I/O), n_input, public_testcases (the samples), and
//                            score_type GroupMin with score_type_parameters [[points, tests], ...]
//                            (a per-test group is one subtask a test), which CMS takes over gen/GEN
//   input/inputN.txt         samples first, then the secret tests
//   output/outputN.txt
//   gen/GEN                  the same subtasks as "#ST: points" lines, one line a test
//   check/checker.cpp        the checker (formats/checkers/); CMS loads check/checker, the binary
//                            g++ -O2 -o check/checker check/checker.cpp builds
#include "export_parts.hpp"
#include "sudoku/formats/checker_export.hpp"

namespace sudoku::formats {

using export_parts::number_text;
using export_parts::yaml_string;

namespace {

struct Subtask {
    double points;
    int tests;
};

std::vector<Subtask> subtasks_of(const std::vector<export_parts::ScoredGroup>& groups, int samples) {
    std::vector<Subtask> subtasks;
    if (samples > 0) subtasks.push_back({0, samples});
    for (const auto& group : groups) {
        if (group.all_or_nothing) {
            subtasks.push_back({group.points, static_cast<int>(group.tests.size())});
        } else {
            for (size_t i = 0; i < group.tests.size(); ++i) subtasks.push_back({group.points, 1});
        }
    }
    return subtasks;
}

std::string task_yaml(const ExportProblem& p, const std::vector<Subtask>& subtasks, int tests, int samples) {
    const problem::Problem& m = p.problem;
    std::string yaml = "name: " + yaml_string(m.name) + "\n";
    yaml += "title: " + yaml_string(m.title.empty() ? m.name : m.title) + "\n";
    yaml += "time_limit: " + number_text(m.limits.time_s) + "\n";
    yaml += "memory_limit: " + std::to_string(m.limits.memory_mib) + "\n";
    yaml += "infile: " + yaml_string(m.io.uses_stdin() ? "" : m.io.input) + "\n";
    yaml += "outfile: " + yaml_string(m.io.uses_stdout() ? "" : m.io.output) + "\n";
    yaml += "n_input: " + std::to_string(tests) + "\n";
    std::string public_tests;
    for (int i = 0; i < samples; ++i) {
        if (i > 0) public_tests += ',';
        public_tests += std::to_string(i);
    }
    yaml += "public_testcases: " + yaml_string(public_tests) + "\n";
    yaml += "score_type: GroupMin\nscore_type_parameters: [";
    for (size_t i = 0; i < subtasks.size(); ++i) {
        if (i > 0) yaml += ", ";
        yaml += '[';
        yaml += number_text(subtasks[i].points);
        yaml += ", " + std::to_string(subtasks[i].tests) + "]";
    }
    return yaml + "]\ntoken_mode: disabled\n";
}

}  // namespace

ExportResult write_cms(const ExportProblem& p, const export_parts::PackageFolder& folder) {
    ExportResult result;
    const auto groups = export_parts::scored_groups(p.problem);
    std::vector<const problem::Test*> order = export_parts::sample_tests(p.problem);
    const int samples = static_cast<int>(order.size());
    for (const auto& group : groups) order.insert(order.end(), group.tests.begin(), group.tests.end());
    const auto subtasks = subtasks_of(groups, samples);
    std::string gen;
    size_t next = 0;
    for (const Subtask& subtask : subtasks) {
        gen += "#ST: " + number_text(subtask.points) + "\n";
        for (int i = 0; i < subtask.tests; ++i, ++next) gen += "#COPY: " + order[next]->name + "\n";
    }
    for (size_t i = 0; i < order.size(); ++i) {
        folder.copy("input/input" + std::to_string(i) + ".txt", order[i]->input);
        folder.copy("output/output" + std::to_string(i) + ".txt", order[i]->answer);
    }
    folder.text("task.yaml", task_yaml(p, subtasks, static_cast<int>(order.size()), samples));
    folder.text("gen/GEN", gen);
    if (!p.any_valid.empty()) {
        folder.text("check/checker.cpp", checker_source(CheckerHost::cms, p.any_valid));
        result.notes.push_back("CMS loads check/checker: build it with g++ -O2 -o check/checker check/checker.cpp");
    }
    result.notes.push_back("CMS's task.yaml has no place for checksums: the test files' sha256 are not carried");
    return result;
}

}  // namespace sudoku::formats
