// Reading CONTEST.yaml and the generator's test-set manifests.
#include "sudoku/judge/contest/contest.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <optional>

#include "contest/language_config.hpp"
#include "sudoku/common/bounded_file.hpp"
#include "sudoku/common/config_paths.hpp"
#include "sudoku/common/path_within.hpp"
#include "sudoku/common/sha256.hpp"
#include "sudoku/common/yaml_reader.hpp"
#include "sudoku/judge/contest/plain_problem.hpp"
#include "sudoku/problem/manifest.hpp"
#include "sudoku/solver/formats.hpp"

namespace sudoku::judge {

namespace fs = std::filesystem;

namespace {

// A read_only_dirs entry: what is wrong with it, or "" (it would reopen the answers or the other
// contestants' files to every program if it held them).
std::string read_only_dir_problem(const fs::path& dir, const Contest& c) {
    if (!dir.is_absolute()) return "read_only_dirs: '" + dir.string() + "' is not an absolute path";
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return "read_only_dirs: '" + dir.string() + "' is not a directory";
    std::vector<fs::path> secret = {c.contestants_dir, c.testdata_dir};
    for (const auto& p : c.problems) secret.push_back(p.testdata);
    for (const auto& s : secret)
        if (is_within(s, dir) || is_within(dir, s))
            return "read_only_dirs: '" + dir.string() + "' would show " + s.string() + " to the programs";
    return "";
}

// A plain problem: a folder of tests (sudoku/judge/contest/plain_problem.hpp).
ContestProblem load_plain(const fs::path& folder) {
    auto loaded = load_plain_problem(folder);
    if (auto* d = std::get_if<Diagnostic>(&loaded)) throw YamlError{*d};
    return std::get<ContestProblem>(loaded);
}

ContestProblem load_problem(const YamlReader& in, const Contest& contest, const YAML::Node& entry) {
    const fs::path base = contest.source.parent_path();
    fs::path config_path;
    if (entry.IsScalar()) {
        const std::string name = in.text(entry, "problem");
        if (auto why = box_file_name_problem(name); !why.empty() && name != kBoxProgramName)
            in.fail(entry, "problem name '" + name + "' " + why);
        config_path = contest.testdata_dir / name / "config.yaml";
        // A sudoku problem has the generator's config.yaml; any other folder is a plain problem.
        struct stat st {};
        if (lstat(config_path.c_str(), &st) != 0) return load_plain(contest.testdata_dir / name);
    } else if (entry.IsMap()) {
        in.only_keys(entry, {"config", "testdata", "folder"}, "a problem");
        if (entry["folder"]) {
            if (entry["config"] || entry["testdata"]) in.fail(entry, "'folder' (a plain problem) stands alone");
            return load_plain(base / in.text(entry["folder"], "folder"));
        }
        if (!entry["config"]) in.fail(entry, "a problem is a name, {config: path, testdata: path} or {folder: path}");
        config_path = base / in.text(entry["config"], "config");
    } else {
        in.fail(entry, "expected a problem name, {config: path} or {folder: path}");
    }
    auto loaded = load_problem_config(config_path);
    if (auto* d = std::get_if<Diagnostic>(&loaded)) throw YamlError{*d};
    ContestProblem p;
    p.config = std::get<ProblemConfig>(loaded);
    p.config_file = config_path;
    p.testdata = contest.testdata_dir / p.config.name;
    if (entry.IsMap() && entry["testdata"]) p.testdata = base / in.text(entry["testdata"], "testdata");
    auto tests = load_tests(p.testdata);
    if (auto* d = std::get_if<Diagnostic>(&tests)) throw YamlError{*d};
    p.tests = std::get<std::vector<TestCase>>(tests);
    return p;
}

// Where problem `p` (the contest's entry `entry`) gets its name: the line of its config that says
// `name:`, or the contest file's entry when the name is its folder's.
std::string name_place(const YamlReader& in, const YAML::Node& entry, const ContestProblem& p) {
    if (p.config.name_line > 0) return p.config.source.string() + ":" + std::to_string(p.config.name_line);
    return in.file() + ":" + std::to_string(entry.Mark().line + 1);
}

// Results, the journal and the contestants' files are keyed by the problem's name: two problems of
// one name would overwrite each other's results.
void check_problem_names(const YamlReader& in, const YAML::Node& entries, const std::vector<ContestProblem>& problems) {
    for (size_t i = 0; i < problems.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (problems[j].config.name == problems[i].config.name)
                in.fail(entries[i], "two problems are named '" + problems[i].config.name +
                                        "': " + name_place(in, entries[j], problems[j]) + " and " +
                                        name_place(in, entries[i], problems[i]) +
                                        "; results and submissions go by the name: rename one");
}

void read_compile(const YamlReader& in, const YAML::Node& cc, CompileSettings& compile) {
    in.only_keys(cc, {"cpp", "c", "time_limit", "message_limit", "source_limit", "output_limit", "memory_limit"},
                 "compile");
    if (cc["cpp"]) compile.cpp = in.text(cc["cpp"], "cpp");
    if (cc["c"]) compile.c = in.text(cc["c"], "c");
    if (cc["time_limit"])
        compile.time_limit_s = in.number(cc["time_limit"], "time_limit", contest_bounds::kCompileTimeLimitS);
    if (cc["message_limit"])
        compile.message_limit_kib = in.integer(cc["message_limit"], "message_limit", contest_bounds::kMessageLimitKib);
    if (cc["source_limit"])
        compile.source_limit_kib = in.integer(cc["source_limit"], "source_limit", contest_bounds::kSourceLimitKib);
    if (cc["output_limit"])
        compile.binary_limit_mib =
            in.integer(cc["output_limit"], "output_limit", contest_bounds::kCompileOutputLimitMib);
    if (cc["memory_limit"])
        compile.memory_mib = in.integer(cc["memory_limit"], "memory_limit", contest_bounds::kCompileMemoryLimitMib);
}

Contest read_contest(const YamlReader& in, const YAML::Node& root, const fs::path& source) {
    in.only_keys(
        root,
        {"name", "contestants", "testdata", "problems", "compile", "languages", "jobs", "stack", "read_only_dirs"},
        "the contest file");
    Contest c;
    c.source = source;
    const fs::path base = source.parent_path();
    c.name = root["name"] ? in.text(root["name"], "name") : source.stem().string();
    c.contestants_dir = base / (root["contestants"] ? in.text(root["contestants"], "contestants") : "contestants");
    c.testdata_dir = base / (root["testdata"] ? in.text(root["testdata"], "testdata") : "testdata");
    if (root["jobs"]) c.jobs = in.integer(root["jobs"], "jobs", contest_bounds::kJobs);
    if (root["stack"] && in.text(root["stack"], "stack") != "memory")
        c.stack_mib = in.integer(root["stack"], "stack", contest_bounds::kStackMib);
    if (root["compile"]) read_compile(in, root["compile"], c.compile);
    if (root["languages"]) read_languages(in, root["languages"], contest_languages(c.compile), c.compile.languages);
    const YAML::Node problems = root["problems"];
    if (!problems || !problems.IsSequence() || problems.size() == 0)
        in.fail(problems ? problems : root, "expected 'problems:' with at least one problem");
    for (const auto& entry : problems) c.problems.push_back(load_problem(in, c, entry));
    check_problem_names(in, problems, c.problems);
    if (const YAML::Node dirs = root["read_only_dirs"]) {
        if (!dirs.IsSequence()) in.fail(dirs, "read_only_dirs: expected a list of directories");
        for (const auto& d : dirs) {
            fs::path dir = in.text(d, "read_only_dirs");
            if (auto problem = read_only_dir_problem(dir, c); !problem.empty()) in.fail(d, problem);
            c.read_only_dirs.push_back(dir);
        }
    }
    return c;
}

// A test's input or answer as the build left it: a regular file whose sha256 is the manifest's
// (checked before grading; a missing answer was found only while grading, as FAIL on every run).
std::optional<Diagnostic> check_test_file(const std::string& what, const fs::path& file, const std::string& sha256) {
    std::error_code ec;
    if (!fs::is_regular_file(fs::symlink_status(file, ec)))
        return Diagnostic{file.string(), 0, 0, "test " + what + " listed in the manifest is missing (or not a file)"};
    if (sha256.empty()) return std::nullopt;                        // a hand-written manifest without hashes
    const std::optional<std::string> hash = sha256_file_hex(file);  // streamed: bounded memory
    if (!hash) return Diagnostic{file.string(), 0, 0, "cannot read the test " + what};
    if (*hash != sha256)
        return Diagnostic{file.string(), 0, 0,
                          "test " + what +
                              " differs from the manifest's sha256 (changed after the build? run "
                              "sudoku-gen validate)"};
    return std::nullopt;
}

}  // namespace

std::variant<std::vector<TestCase>, Diagnostic> load_tests(const fs::path& dir) {
    auto read = read_manifest(dir);
    if (auto* d = std::get_if<Diagnostic>(&read)) {
        if (!fs::exists(dir / kManifestFile)) d->message += " (run sudoku-gen first?)";
        return *d;
    }
    const std::string manifest = (dir / kManifestFile).string();
    std::vector<TestCase> tests;
    for (const ManifestTest& t : std::get<Manifest>(read).tests) {
        if (t.test.empty()) return Diagnostic{manifest, 0, 0, "a test without a \"test\" name"};
        TestCase c;
        c.name = t.test;
        c.group = t.group.empty() ? c.name : t.group;
        c.points = t.points;
        const std::string input = t.input.empty() ? c.name + ".in" : t.input;
        const std::string answer = t.answer_file.empty() ? c.name + ".ans" : t.answer_file;
        for (const std::string* name : {&input, &answer})
            if (fs::path(*name).filename() != *name || *name == "." || *name == "..")
                return Diagnostic{manifest, 0, 0,
                                  "test " + c.name + ": '" + *name + "' is not a file name in " + dir.string()};
        c.input = dir / input;
        c.answer = dir / answer;
        if (auto d = check_test_file("input", c.input, t.sha256_input)) return *d;
        if (auto d = check_test_file("answer", c.answer, t.sha256_answer)) return *d;
        tests.push_back(std::move(c));
    }
    return tests;
}

std::variant<Contest, Diagnostic> load_contest(const fs::path& yaml_file) {
    // Every path the judge derives is absolute: checkers and runners work in other folders.
    const fs::path source = fs::absolute(yaml_file).lexically_normal();
    auto text = read_text_file(yaml_file, kMaxConfigBytes);
    if (auto* d = std::get_if<Diagnostic>(&text)) return *d;
    const YamlReader in(yaml_file.string(), std::get<std::string>(text));
    Contest c;
    try {
        const YAML::Node root = in.root(std::get<std::string>(text));
        if (!root.IsMap())
            return Diagnostic{yaml_file.string(), 1, 0, "expected a mapping of keys (name, problems, ...)"};
        c = read_contest(in, root, source);
    } catch (const YamlError& e) {
        return e.diagnostic;
    } catch (const YAML::Exception& e) {
        return Diagnostic{yaml_file.string(), e.mark.line + 1, e.mark.column + 1, e.msg};
    }
    if (!fs::is_directory(c.contestants_dir))
        return Diagnostic{yaml_file.string(), 0, 0,
                          "contestants directory " + c.contestants_dir.string() + " does not exist"};
    return c;
}

std::vector<std::string> list_contestants(const fs::path& dir) {
    std::vector<std::string> names;
    for (auto& e : fs::directory_iterator(dir))
        if (e.is_directory() || e.is_symlink()) names.push_back(e.path().filename().string());  // a link: refused
    std::sort(names.begin(), names.end());
    return names;
}

fs::path default_shard_key_file(const Contest& contest) {
    return fs::absolute(contest.source).parent_path() / kShardKeyFile;
}

}  // namespace sudoku::judge
