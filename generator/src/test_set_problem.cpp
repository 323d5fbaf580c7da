// A built test set read into the problem model (sudoku/generator/test_set_problem.hpp).
#include "sudoku/generator/test_set_problem.hpp"

#include "sudoku/common/sha256.hpp"
#include "sudoku/problem/manifest.hpp"
#include "sudoku/problem/problem_config.hpp"
#include "sudoku/problem/test_set_groups.hpp"

namespace sudoku {

namespace fs = std::filesystem;

namespace {

problem::Checker checker_of(const ProblemConfig& config) {
    problem::Checker checker;
    if (config.checker == "exact") {
        checker.kind = problem::CheckerKind::exact;
    } else if (config.checker == "lines") {
        checker.kind = problem::CheckerKind::lines;
    } else if (config.checker != "tokens" && config.checker != "sudoku") {
        checker.kind = problem::CheckerKind::program;
        checker.protocol = problem::CheckerProtocol::testlib;
        checker.program.path = config.checker;
    }
    return checker;
}

std::vector<problem::Group> groups_of(const ProblemConfig& config) {
    std::vector<problem::SecretGroup> secret;
    for (const TestGroup& g : config.groups)
        secret.push_back({g.name, config.scoring == "per-group", static_cast<double>(g.points)});
    return problem::test_set_groups(secret);
}

// A test file of the set, checked against the manifest's sha256 (the export copies what was built).
std::optional<Diagnostic> checked_file(const fs::path& file, const std::string& sha256, formats::ExportProblem& out) {
    const auto actual = sha256_file_hex(file);
    if (!actual) return Diagnostic{file.string(), 0, 0, "cannot read the test file the manifest names"};
    if (*actual != sha256)
        return Diagnostic{file.string(), 0, 0, "sha256 " + *actual + " differs from the manifest's " + sha256};
    out.sha256[file] = sha256;
    return std::nullopt;
}

}  // namespace

std::variant<formats::ExportProblem, Diagnostic> read_test_set_problem(const fs::path& directory) {
    auto loaded = load_problem_config(directory / "config.yaml");
    if (auto* d = std::get_if<Diagnostic>(&loaded)) return *d;
    auto read = read_manifest(directory);
    if (auto* d = std::get_if<Diagnostic>(&read)) return *d;
    const auto& config = std::get<ProblemConfig>(loaded);
    const auto& manifest = std::get<Manifest>(read);
    formats::ExportProblem out;
    problem::Problem& p = out.problem;
    p.source = directory;
    p.name = config.name;
    p.title = config.title;
    p.type = problem::ProblemType::scoring;
    p.io.input = config.input_file;
    p.io.output = config.output_file;
    p.limits.time_s = config.time_limit_s;
    p.limits.wall_s = config.wall_limit_s;
    p.limits.memory_mib = config.memory_limit_mib;
    p.limits.output_kib = config.output_limit_kib;
    p.groups = groups_of(config);
    p.checker = checker_of(config);
    if (config.checker == "sudoku") out.any_valid = config.problem;
    out.input_layout = config.problem;
    for (const auto& s : manifest.samples) {
        const problem::Test test = problem::test_set_test("sample/" + fs::path(s.input).stem().string(),
                                                          directory / s.input, directory / s.answer_file, "sample");
        if (auto d = checked_file(test.input, s.sha256_input, out)) return *d;
        if (auto d = checked_file(test.answer, s.sha256_answer, out)) return *d;
        p.tests.push_back(test);
    }
    for (const auto& t : manifest.tests) {
        const problem::Test test = problem::test_set_test("secret/" + t.group + "/" + t.test, directory / t.input,
                                                          directory / t.answer_file, "secret/" + t.group);
        if (auto d = checked_file(test.input, t.sha256_input, out)) return *d;
        if (auto d = checked_file(test.answer, t.sha256_answer, out)) return *d;
        p.tests.push_back(test);
    }
    if (auto broken = problem::model_problems(p); !broken.empty())
        return Diagnostic{(directory / "manifest.json").string(), 0, 0, broken.front()};
    return out;
}

}  // namespace sudoku
