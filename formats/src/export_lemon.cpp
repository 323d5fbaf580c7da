// The LemonLime writer: a contest of one task, or of a task per problem of a whole contest, as
// LemonLime opens it and `sudoku-judge import-lemon` reads it:
//
//   contest.cdf              JSON, version 1.0: contestTitle, tasks[]: problemTitle,
//                            sourceFileName, inputFileName / outputFileName (file I/O kept) or
//                            standardInputCheck / standardOutputCheck, taskType 0 (traditional),
//                            comparisonMode 1 (ignore spaces) or 4 (special judge), testCases[]:
//                            fullScore, timeLimit (ms), memoryLimit (MiB), inputFiles, outputFiles
//   data/<name>/...          the tests; a per-test group is one test case a test, a per-group
//                            group one test case of all its tests (LemonLime scores a test case by
//                            its weakest input)
//   data/<name>/sudoku_spj.cpp   the checker in LemonLime's special judge protocol; LemonLime runs
//                            data/<name>/sudoku_spj, which g++ builds from it
//   source/                  where LemonLime looks for the contestants' folders
#include <nlohmann/json.hpp>

#include "export_parts.hpp"
#include "sudoku/formats/checker_export.hpp"

namespace sudoku::formats {

namespace {

// LemonLime's comparison modes, by the numbers its .cdf stores.
constexpr int kIgnoreSpaces = 1;
constexpr int kSpecialJudge = 4;

nlohmann::ordered_json test_case(const ExportProblem& p, double score, const std::vector<const problem::Test*>& tests,
                                 const std::string& folder) {
    nlohmann::ordered_json c;
    c["fullScore"] = score;
    c["timeLimit"] = static_cast<long long>(p.problem.limits.time_s * 1000 + 0.5);
    c["memoryLimit"] = p.problem.limits.memory_mib;
    c["inputFiles"] = nlohmann::ordered_json::array();
    c["outputFiles"] = nlohmann::ordered_json::array();
    for (const problem::Test* test : tests) {
        c["inputFiles"].push_back(folder + test->input.filename().string());
        c["outputFiles"].push_back(folder + test->answer.filename().string());
    }
    return c;
}

nlohmann::ordered_json task_of(const ExportProblem& p, const std::vector<export_parts::ScoredGroup>& groups) {
    const problem::Problem& m = p.problem;
    const std::string folder = m.name + "/";
    nlohmann::ordered_json task;
    task["problemTitle"] = m.name;
    task["sourceFileName"] = m.name;
    task["inputFileName"] = m.io.uses_stdin() ? m.name + ".in" : m.io.input;
    task["outputFileName"] = m.io.uses_stdout() ? m.name + ".out" : m.io.output;
    task["standardInputCheck"] = m.io.uses_stdin();
    task["standardOutputCheck"] = m.io.uses_stdout();
    task["subFolderCheck"] = false;
    task["taskType"] = 0;
    task["comparisonMode"] = p.any_valid.empty() ? kIgnoreSpaces : kSpecialJudge;
    if (!p.any_valid.empty()) task["specialJudge"] = folder + "sudoku_spj";
    task["testCases"] = nlohmann::ordered_json::array();
    for (const auto& group : groups) {
        if (group.all_or_nothing) {
            task["testCases"].push_back(test_case(p, group.points, group.tests, folder + group.name + "-"));
            continue;
        }
        for (const problem::Test* test : group.tests)
            task["testCases"].push_back(test_case(p, group.points, {test}, folder + group.name + "-"));
    }
    return task;
}

}  // namespace

namespace export_parts {

void write_lemon_contest(const std::string& title, const std::vector<const ExportProblem*>& problems,
                         const PackageFolder& folder, std::vector<std::string>& notes) {
    nlohmann::ordered_json cdf;
    cdf["version"] = "1.0";
    cdf["contestTitle"] = title;
    cdf["tasks"] = nlohmann::ordered_json::array();
    bool samples = false;
    for (const ExportProblem* p : problems) {
        const auto groups = scored_groups(p->problem);
        cdf["tasks"].push_back(task_of(*p, groups));
        const std::string data = "data/" + p->problem.name + "/";
        for (const auto& group : groups)
            for (const problem::Test* test : group.tests) {
                folder.copy(data + group.name + "-" + test->input.filename().string(), test->input);
                folder.copy(data + group.name + "-" + test->answer.filename().string(), test->answer);
            }
        if (!p->any_valid.empty()) {
            folder.text(data + "sudoku_spj.cpp", checker_source(CheckerHost::lemon, p->any_valid));
            notes.push_back("LemonLime runs " + data + "sudoku_spj: build it with g++ -O2 -o " + data + "sudoku_spj " +
                            data + "sudoku_spj.cpp");
        }
        samples = samples || !sample_tests(p->problem).empty();
    }
    cdf["contestants"] = nlohmann::ordered_json::array();
    folder.text("contest.cdf", cdf.dump(4) + "\n");
    std::filesystem::create_directories(folder.root() / "source");
    if (samples) notes.push_back("the samples are not exported: LemonLime grades test cases only");
    notes.push_back("LemonLime's contest.cdf has no place for checksums: the test files' sha256 are not carried");
}

}  // namespace export_parts

ExportResult write_lemon(const ExportProblem& p, const export_parts::PackageFolder& folder) {
    ExportResult result;
    export_parts::write_lemon_contest(p.problem.title.empty() ? p.problem.name : p.problem.title, {&p}, folder,
                                      result.notes);
    return result;
}

}  // namespace sudoku::formats
